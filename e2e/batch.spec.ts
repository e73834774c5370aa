/**
 * Batches in Chromium (issue 28): a new user runs the Thumbnail Generator over two real photos and one fake image (a
 * text file named .png) with Gemini as the provider (a fake speaking its wire format, started here), so every
 * thumbnail has a price. The panel quotes images × price on the engine named; the fake is refused by name before any
 * hold and shows "not charged"; the two photos come out done. The shell tells the end of the batch on another page;
 * the ZIP holds exactly the done items' results (named after their images, each a PNG); the ledger charges exactly the
 * two done items. Axe finds nothing serious on the tool page with the panel open and on the batch page, at 1280 and
 * 390 px, with screenshots of the panel and the batch page at 1280, 768 and 390 px (fixtures.ts `screenshots`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { CreditTransaction } from '../contract/credits.ts';
import { DEFAULT_PRICING } from '../contract/tool-prices.ts';
import { startFakeGemini } from '../server/test-support/fake-ai/gemini.ts';
import { unzip } from '../server/test-support/zip.ts';
import { expect, expectAccessible, expectNoSideways, SCREENSHOTS, screenshots, signInByMail, testWithPeer } from './fixtures.ts';

const PHOTOS = path.join(import.meta.dirname, '..', 'server', 'test-support', 'photos');
const GOOD = ['astronaut.jpg', 'coffee.jpg'];
const photo = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: fs.readFileSync(path.join(PHOTOS, name)) });
const FAKE = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are my notes for the video, not a picture at all.') };
/** A thumbnail's price with a provider (the local engine's previews are free). */
const PRICE = Number(DEFAULT_PRICING.find((p) => p.service_type === 'thumbnail' && p.service_variant === 'standard')!.user_cost_credits);

/** The app with Gemini as its image provider: a fake per Playwright worker, the `peer` of the fixtures. */
const test = testWithPeer(startFakeGemini, (gemini) => ({ GEMINI_API_KEY: gemini.apiKey, GEMINI_BASE_URL: gemini.url }));

async function transactions(page: Page): Promise<CreditTransaction[]> {
  const answer = await page.request.get('/api/credits/transactions');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { transactions: CreditTransaction[] } }).data.transactions;
}

const credits = (page: Page, amount: string) => page.getByRole('link', { name: `${amount} credits` });

test('a batch of two photos and a fake image: quoted, the fake refused by name and not charged, the photos done, told on another page, zipped and charged exactly', async ({ page, server, peer: gemini }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByMail(page, server, 'batch@example.com', 'Bea Batch');
  await expect(credits(page, '5.00')).toBeVisible();

  await page.goto('/tools/thumbnail-generator');
  await page.getByRole('button', { name: 'Batch', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Thumbnail Generator batch' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('Add images to the batch').setInputFiles([...GOOD.map(photo), FAKE]);
  const list = panel.getByRole('list', { name: /Images in this batch/ });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  // The quote before paying: images × the price, on the engine named.
  await expect(panel.getByTestId('batch-quote')).toContainText(`3 images × ${PRICE.toFixed(2)} credits = ${(3 * PRICE).toFixed(2)} credits`);
  await expect(panel.getByTestId('engine-note')).toContainText('Made by Gemini');
  const start = panel.getByRole('button', { name: `Start batch (3 images · ${(3 * PRICE).toFixed(2)} credits)` });
  await expect(start).toBeEnabled();
  await expectAccessible(page, 'thumbnail generator with the Batch panel open');
  await screenshots(page, 'batch-panel');

  // The photos' thumbnails take a few seconds, so the batch is seen running (and its end told on another page).
  // (Longer while screenshots are taken, so the batch is still running once they are.)
  const delayMs = SCREENSHOTS ? 9000 : 4000;
  gemini.failNext({ delayMs }, { delayMs });
  await start.click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
  const batchId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Thumbnail Generator batch' })).toBeVisible();
  const fake = page.getByTestId('batch-item').filter({ hasText: FAKE.name });
  await expect(fake).toHaveAttribute('data-status', 'failed');
  await expect(fake).toContainText(`${FAKE.name}: `);
  await expect(fake).toContainText('Not charged');
  await expect(page.getByRole('button', { name: 'Cancel batch' })).toBeVisible();
  await screenshots(page, 'batch-page-running');

  // Away from its page while it runs: the shell tells its end, with the way back.
  await page.getByRole('link', { name: 'gallery', exact: true }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  const notice = page.getByTestId('generation-notice').filter({ hasText: 'Batch finished' });
  await expect(notice).toContainText('Batch finished: 2 done, 1 failed (not charged).', { timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Your batches' }).getByRole('link', { name: /Thumbnail Generator batch/ })).toBeVisible();
  await screenshots(page, 'batch-gallery-notice');
  await notice.getByRole('link', { name: 'Open batch: Thumbnail Generator batch' }).click();
  await expect(page).toHaveURL(new RegExp(`/batches/${batchId}$`));

  await expect(page.getByText('3 of 3 images finished')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Batch progress' })).toHaveAttribute('aria-valuenow', '100');
  for (const name of GOOD) {
    const item = page.getByTestId('batch-item').filter({ hasText: name });
    await expect(item).toHaveAttribute('data-status', 'done');
    await expect(item.getByRole('img', { name: `Result for ${name}` })).toBeVisible();
  }
  await expect(page.getByTestId('batch-charged')).toHaveText((2 * PRICE).toFixed(2));
  await expect(page.getByRole('button', { name: 'Cancel batch' })).toHaveCount(0);
  // Refused before it ran: nothing to retry.
  await expect(page.getByRole('button', { name: 'Retry failed items' })).toHaveCount(0);
  await expect(credits(page, (5 - 2 * PRICE).toFixed(2))).toBeVisible();
  await expectAccessible(page, 'finished batch page');
  await screenshots(page, 'batch-page');

  // The ZIP: exactly the done items' results, named after their images, each an image.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all (ZIP)' }).click()]);
  const entries = await unzip(fs.readFileSync(await download.path()));
  expect([...entries.keys()].sort()).toEqual(GOOD.map((name) => `${name.replace(/\.jpg$/, '')}-thumbnail-generator.png`).sort());
  for (const bytes of entries.values()) expect((await sharp(bytes).metadata()).format).toBe('png');

  // The ledger: exactly the two done items charged, at the thumbnail's price; nothing for the refused one.
  const usage = (await transactions(page)).filter((t) => t.type === 'usage');
  expect(usage.map((t) => Number(t.amount))).toEqual([-PRICE, -PRICE]);

  // The dashboard lists it.
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Recent batches' }).getByRole('link', { name: /Thumbnail Generator batch/ })).toContainText('2 done, 1 failed (not charged)');
  await screenshots(page, 'batch-dashboard');

  // On a phone: the batch page and the panel fit the screen, and axe still finds nothing serious.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/batches/${batchId}`);
  await expect(page.getByText('3 of 3 images finished')).toBeVisible();
  await expectNoSideways(page, 'the batch page at 390 px');
  await expectAccessible(page, 'batch page at 390 px');
  await page.goto('/tools/thumbnail-generator');
  await page.getByRole('button', { name: 'Batch', exact: true }).click();
  await panel.getByLabel('Add images to the batch').setInputFiles(GOOD.map((name) => path.join(PHOTOS, name)));
  await expect(panel.getByRole('button', { name: `Start batch (2 images · ${(2 * PRICE).toFixed(2)} credits)` })).toBeVisible();
  await expectNoSideways(page, 'the Batch panel at 390 px');
  await expectAccessible(page, 'Batch panel at 390 px');
});

test('a monthly cap set in the dashboard stops a batch before anything is charged; a low-balance alert is told in the app once the balance falls below it', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByMail(page, server, 'capped@example.com', 'Cal Capped');
  await expect(credits(page, '5.00')).toBeVisible();

  // Dashboard, Credits: a cap of one thumbnail a month, and an alert just under the balance.
  await page.goto('/dashboard?tab=credits');
  const card = page.getByRole('region', { name: 'Spending limits' });
  await expect(card).toContainText('0.00 credits spent or reserved this month');
  await card.getByLabel(/Monthly spending cap/).fill(PRICE.toFixed(2));
  await card.getByLabel(/Low-balance alert/).fill('4.8');
  await card.getByRole('button', { name: 'Save limits' }).click();
  await expect(card.getByText('Spending limits saved.')).toBeVisible();
  await expect(card).toContainText(`0.00 of your ${PRICE.toFixed(2)}-credit cap spent or reserved this month`);
  await expectAccessible(page, 'dashboard credits with spending limits');
  await screenshots(page, 'spending-limits');

  // Two thumbnails would pass it: said before the click, with the cap and its reset date; Start waits, nothing is held.
  // (The server refuses such a batch whole too, before any hold: spending.api.test.ts.)
  await page.goto('/tools/thumbnail-generator');
  await page.getByRole('button', { name: 'Batch', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Thumbnail Generator batch' });
  await panel.getByLabel('Add images to the batch').setInputFiles(GOOD.map(photo));
  const capNote = panel.getByTestId('spending-cap');
  await expect(capNote).toContainText(
    `This needs ${(2 * PRICE).toFixed(2)} credits, which would pass your monthly spending cap of ${PRICE.toFixed(2)} credits: 0.00 are spent or reserved this month. The cap resets on`,
  );
  await expect(panel.getByRole('button', { name: `Start batch (2 images · ${(2 * PRICE).toFixed(2)} credits)` })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Not enough credits' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Insufficient Credits' })).toHaveCount(0);
  await expectAccessible(page, 'the Batch panel over the cap');
  await screenshots(page, 'spending-cap-refusal');
  expect((await transactions(page)).filter((t) => t.type === 'usage')).toEqual([]);
  const balance = await page.request.get('/api/credits/balance');
  expect(((await balance.json()) as { data: { balance: { available_credits: string } } }).data.balance.available_credits).toBe('5.0000');

  // One image fits the cap; its charge takes the balance below the alert, and the app says so once.
  await panel.getByRole('button', { name: `Remove ${GOOD[1]}` }).click();
  await panel.getByRole('button', { name: `Start batch (1 image · ${PRICE.toFixed(2)} credits)` }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByText('1 of 1 image finished')).toBeVisible({ timeout: 30_000 });
  const low = page.getByTestId('generation-notice').filter({ hasText: 'below your alert' });
  await expect(low).toHaveText(new RegExp(`Your balance is ${(5 - PRICE).toFixed(2)} credits, below your alert of 4\\.80\\.`));
  await expectAccessible(page, 'the low-balance notice');
  await low.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(low).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('1 of 1 image finished')).toBeVisible();
  await expect(page.getByTestId('generation-notice').filter({ hasText: 'below your alert' })).toHaveCount(0);

  await page.goto('/dashboard?tab=credits');
  await expect(card).toContainText(`${PRICE.toFixed(2)} of your ${PRICE.toFixed(2)}-credit cap spent or reserved this month`);
  // The usage line's receipt: the tool, the engine, the price and the time it took.
  await page.getByRole('list', { name: 'Recent transactions' }).getByRole('button', { name: /^Receipt: / }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt).toContainText('Thumbnail Generator');
  await expect(receipt).toContainText('Gemini');
  await expect(receipt).toContainText(`${PRICE.toFixed(2)} credits`);
  await expect(receipt.getByRole('link', { name: 'Open the result' })).toBeVisible();
  await expectAccessible(page, 'a receipt');
  await screenshots(page, 'receipt');
  await page.keyboard.press('Escape');
  await expect(receipt).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideways(page, 'the spending limits at 390 px');
  await expectAccessible(page, 'dashboard credits with spending limits at 390 px');

  // The month's cap is used up: the tool's own button says so before the click, and links to where the cap is changed.
  await page.goto('/tools/thumbnail-generator');
  const toolCap = page.getByTestId('spending-cap');
  await expect(toolCap).toContainText(`which would pass your monthly spending cap of ${PRICE.toFixed(2)} credits: ${PRICE.toFixed(2)} are spent or reserved this month`);
  await expect(page.getByRole('button', { name: /^Generate Thumbnail/ }).first()).toBeDisabled();
  await expectNoSideways(page, 'the tool over its cap at 390 px');
  await expectAccessible(page, 'the tool over its cap at 390 px');
  await screenshots(page, 'spending-cap-tool');
  await toolCap.getByRole('link', { name: 'Change the cap' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=credits$/);
  await expect(card).toBeVisible();
});
