import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { HEADSHOT_MESSAGES } from '../contract/headshot.ts';
import { expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';

const PHOTOS = path.join(import.meta.dirname, '..', 'server', 'test-support', 'photos');
const ASTRONAUT = path.join(PHOTOS, 'astronaut.jpg');
const COFFEE = path.join(PHOTOS, 'coffee.jpg');

const credits = (page: Page, amount: string) => page.getByRole('link', { name: `${amount} credits` });

test('headshot: upload astronaut.jpg, pick Elegant on Outdoors, generate a free preview and download it; coffee.jpg is refused with nothing charged', async ({ page, server }) => {
  await signInByMail(page, server, 'headshot@example.com', 'Hana Headshot');
  await expect(credits(page, '5.00')).toBeVisible();

  await page.goto('/tools/ai-headshot');
  await expect(page.getByRole('heading', { name: /Upload your photo/ })).toBeVisible();
  await expect(page.getByText('Your headshot appears here.', { exact: false })).toBeVisible();
  // No provider: the local engine is named beside the button with its own estimate, and the preview is free.
  await expect(page.getByTestId('engine-note')).toContainText('Preview: local engine, no AI provider set');
  await expect(page.getByTestId('engine-note')).not.toContainText('30-60');
  const generate = page.getByRole('button', { name: /Generate Headshot.*Free/ });
  await expect(generate).toBeVisible();
  await generate.click();
  await expect(page.getByText(HEADSHOT_MESSAGES.missing)).toBeVisible();
  await screenshots(page, 'headshot-empty');

  // The refusal: a photo without a face answers the server's message, and the balance stays.
  await page.getByLabel('Upload photo').setInputFiles(COFFEE);
  await expect(page.getByRole('img', { name: 'Your photo, cropped square' })).toBeVisible();
  await generate.click();
  await expect(page.getByRole('alert')).toContainText(HEADSHOT_MESSAGES.noFace, { timeout: 30_000 });
  await expect(credits(page, '5.00')).toBeVisible();
  await expectAccessible(page, 'headshot refused');
  await screenshots(page, 'headshot-no-face');

  // The happy path.
  await page.getByLabel('Upload photo').setInputFiles(ASTRONAUT);
  // The choices are disabled while the new photo is read and cropped: wait for it, as a person would.
  await expect(page.getByText('astronaut.jpg')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Elegant' })).toBeEnabled();
  await page.getByRole('radio', { name: 'Elegant' }).check({ force: true });
  await page.getByRole('radio', { name: 'Outdoors' }).check({ force: true });
  await generate.click();
  const result = page.getByRole('img', { name: 'Generated headshot' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('preview-note')).toBeVisible();
  await expect(page.getByText('Free preview')).toBeVisible();
  await expect(page.getByText(/placed you on a blurred outdoor background.*Elegant/)).toBeVisible();
  await expect(credits(page, '5.00')).toBeVisible();
  // Visible is laid out, not yet decoded: its size is read once the image has loaded.
  await expect.poll(() => result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1024);
  await expectAccessible(page, 'headshot result');
  await screenshots(page, 'headshot-result');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
  const file = await download.path();
  const meta = await sharp(fs.readFileSync(file)).metadata();
  expect(meta).toMatchObject({ width: 1024, height: 1024, format: 'png' });

  // Custom: the field appears, and its words never reach the image (the text names the colour it chose).
  await page.getByRole('radio', { name: 'Custom' }).check({ force: true });
  await page.getByLabel('Describe your background').fill('sunset');
  await generate.click();
  await expect(page.getByText(/custom sunset gradient/)).toBeVisible({ timeout: 60_000 });
  await screenshots(page, 'headshot-custom');
});
