import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { THUMBNAIL_MESSAGES } from '../contract/thumbnail.ts';
import { createLocalVision } from '../server/providers/ai/local-vision/index.ts';
import { expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';

const ASTRONAUT = path.join(import.meta.dirname, '..', 'server', 'test-support', 'photos', 'astronaut.jpg');

const credits = (page: Page, amount: string) => page.getByRole('link', { name: `${amount} credits` });

async function noOverflowAt390(page: Page) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow at 390 px').toBeLessThanOrEqual(0);
  if (original) await page.setViewportSize(original);
}

test('thumbnail: upload astronaut.jpg, pick a style, type the text, generate a free 1280x720 preview, download it, find it in the history after a reload', async ({ page, server }) => {
  await signInByMail(page, server, 'thumbnail@example.com', 'Theo Thumbnail');
  await expect(credits(page, '5.00')).toBeVisible();

  await page.goto('/tools/thumbnail-generator');
  await expect(page.getByRole('heading', { name: 'Create your thumbnail' })).toBeVisible();
  await expect(page.getByText(THUMBNAIL_MESSAGES.hint)).toBeVisible();
  await expect(page.getByTestId('engine-note')).toContainText('Preview: local engine, no AI provider set');
  const generate = page.getByRole('button', { name: /Generate Thumbnail.*Free/ }).first();
  await expect(generate).toBeVisible();
  await generate.click();
  await expect(page.getByText(THUMBNAIL_MESSAGES.missing)).toBeVisible();
  await expectAccessible(page, 'thumbnail page, empty');
  await noOverflowAt390(page);
  await screenshots(page, 'thumbnail-empty');

  await page.getByLabel('Upload image').setInputFiles(ASTRONAUT);
  const frame = page.getByRole('img', { name: 'Your photo' });
  await expect(frame).toBeVisible();
  // The whole photo is sent (a centred 16:9 band of it cut through the astronaut's eyes): the engine frames it.
  await expect.poll(() => frame.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([512, 512]);
  await page.getByRole('radio', { name: 'Tech Review' }).check({ force: true });
  // The style picker at phone width, each style with its few words of look (the full-page shots have the sticky button over it).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('heading', { name: 'Style' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(import.meta.dirname, '..', 'test-results', 'screens', 'thumbnail-styles-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('slider', { name: 'Realism' }).fill('3');
  await expect(page.getByRole('switch')).toBeChecked();
  await page.getByLabel('Thumbnail text').fill('I went to space');
  await generate.click();

  const result = page.getByRole('img', { name: 'Generated thumbnail' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('preview-note')).toBeVisible();
  await expect(page.getByText('Free preview')).toBeVisible();
  await expect(page.getByText(/Tech Review grade .* at Balanced strength/)).toBeVisible();
  await expect(page.getByText(/Set your text on the (left|right|bottom)|along the bottom/)).toBeVisible();
  await expect(credits(page, '5.00')).toBeVisible();
  // Visible is laid out, not yet decoded: its size is read once the image has loaded.
  await expect.poll(() => result.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : null))).toEqual([1280, 720]);
  await expectAccessible(page, 'thumbnail page, with a result');
  await noOverflowAt390(page);
  await screenshots(page, 'thumbnail-result');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
  const thumbnail = fs.readFileSync(await download.path());
  expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 1280, height: 720, format: 'png' });
  // The real face detector finds the astronaut's whole face in it, with room above (the top of her head not cut).
  const vision = createLocalVision();
  try {
    const faces = await vision.faces(thumbnail);
    expect(faces).toHaveLength(1);
    const [face] = faces;
    expect(face!.y, JSON.stringify(face)).toBeGreaterThan(720 * 0.02);
    expect(face!.y + face!.height).toBeLessThan(720 * 0.99);
    expect(face!.x).toBeGreaterThan(1280 * 0.01);
    expect(face!.x + face!.width).toBeLessThan(1280 * 0.99);
  } finally {
    await vision.close();
  }

  // After a reload the result is gone from the panel but kept in the history; selecting it restores the options.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Generated thumbnail' })).toHaveCount(0);
  const history = page.getByRole('list', { name: 'Thumbnail history' });
  await expect(history.getByRole('button')).toHaveCount(1);
  await expect(history).toContainText('I went to space');
  await expect(page.getByRole('radio', { name: 'Viral Bold' })).toBeChecked();
  await history.getByRole('button').first().click();
  await expect(page.getByRole('radio', { name: 'Tech Review' })).toBeChecked();
  await expect(page.getByLabel('Thumbnail text')).toHaveValue('I went to space');
  await expect(page.getByRole('img', { name: 'Generated thumbnail' })).toBeVisible();
  await expect.poll(() => page.getByRole('img', { name: 'Generated thumbnail' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  // Picked again, a local result still says it is a preview and what was done.
  await expect(page.getByTestId('preview-note')).toBeVisible();
  await expect(page.getByText(/Tech Review grade .* at Balanced strength/)).toBeVisible();
  await noOverflowAt390(page);
  await screenshots(page, 'thumbnail-history');

  // Clear asks first.
  await page.getByRole('button', { name: 'Clear history' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear history' }).click();
  await expect(page.getByRole('list', { name: 'Thumbnail history' })).toHaveCount(0);
});
