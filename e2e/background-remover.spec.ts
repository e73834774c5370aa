import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { LOCAL_PREVIEW_NOTE } from '../contract/ai.ts';
import { BACKGROUND_REMOVER_MESSAGES } from '../contract/tools/background-remover.ts';
import { expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';

const PHOTOS = path.join(import.meta.dirname, '..', 'server', 'test-support', 'photos');
const ASTRONAUT = path.join(PHOTOS, 'astronaut.jpg');
const COFFEE = path.join(PHOTOS, 'coffee.jpg');

const credits = (page: Page, amount: string) => page.getByRole('link', { name: `${amount} credits` });

test('background remover: a photo with no person is refused with nothing charged; astronaut.jpg comes out as a PNG with transparency, downloadable and in the gallery', async ({ page, server }) => {
  await signInByMail(page, server, 'cutout@example.com', 'Cora Cutout');
  await expect(credits(page, '5.00')).toBeVisible();

  await page.goto('/tools/background-remover');
  await expect(page.getByRole('heading', { level: 1, name: 'Background Remover' })).toBeVisible();
  // Before running: the price on the button, the engine beside it, and what the local engine can cut out.
  const run = page.getByRole('button', { name: /Remove Background.*Free/ });
  await expect(run).toBeVisible();
  await expect(page.getByTestId('engine-note')).toContainText(LOCAL_PREVIEW_NOTE);
  await expect(page.getByTestId('people-only')).toContainText('cuts out people, not other subjects');
  await run.click();
  await expect(page.getByText(BACKGROUND_REMOVER_MESSAGES.missing)).toBeVisible();
  await expectAccessible(page, 'background remover, empty');
  await screenshots(page, 'background-remover-empty');

  // No person: refused with the server's message, before any charge (no hold, no ledger line).
  const ledger = async () => JSON.stringify(await (await page.request.get('/api/credits/transactions')).json());
  const before = await ledger();
  await page.getByLabel('Upload photo').setInputFiles(COFFEE);
  await expect(page.getByText(/coffee\.jpg/)).toBeVisible();
  await run.click();
  await expect(page.getByRole('alert')).toContainText(BACKGROUND_REMOVER_MESSAGES.noPerson, { timeout: 30_000 });
  await expect(credits(page, '5.00')).toBeVisible();
  await expectAccessible(page, 'background remover, no person');
  await screenshots(page, 'background-remover-no-person');
  expect(await ledger()).toBe(before);

  // A person: the cut-out on a checkerboard, labelled a preview for people only.
  await page.getByLabel('Upload photo').setInputFiles(ASTRONAUT);
  await expect(page.getByText(/astronaut\.jpg/)).toBeVisible();
  await run.click();
  const result = page.getByRole('img', { name: 'Generated cut-out' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('preview-note')).toContainText(LOCAL_PREVIEW_NOTE);
  await expect(page.getByText(BACKGROUND_REMOVER_MESSAGES.peopleOnly, { exact: false })).toBeVisible();
  expect(await result.evaluate((img: HTMLImageElement) => getComputedStyle(img).backgroundImage)).toContain('conic-gradient');
  await expect(credits(page, '5.00')).toBeVisible();
  await expectAccessible(page, 'background remover, result');
  await screenshots(page, 'background-remover-result');

  // Download as PNG: an alpha channel, with the background really transparent and the person opaque.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download', exact: true }).click()]);
  const bytes = fs.readFileSync(await download.path());
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('png');
  expect(meta.hasAlpha).toBe(true);
  const alpha = await sharp(bytes).extractChannel('alpha').stats();
  expect(alpha.channels[0]!.min).toBe(0);
  expect(alpha.channels[0]!.max).toBe(255);

  // In the gallery, under the tool's name.
  await page.getByRole('link', { name: 'Open gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  const grid = page.getByRole('list', { name: 'Gallery images' });
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByRole('listitem').first()).toContainText('Background Remover');
  await expectAccessible(page, 'gallery with the cut-out');
  await screenshots(page, 'background-remover-gallery');
});
