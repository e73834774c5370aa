import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { PHOTOSHOOT_MESSAGES } from '../contract/photoshoot.ts';
import { expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';

const PHOTOS = path.join(import.meta.dirname, '..', 'server', 'test-support', 'photos');
const ASTRONAUT = path.join(PHOTOS, 'astronaut.jpg');
const CAMERA = path.join(PHOTOS, 'camera.jpg');
const CALL = '**/api/ai/generate-image-variation';

const credits = (page: Page, amount: string) => page.getByRole('link', { name: `${amount} credits` });
const statuses = (page: Page) => page.getByTestId('photoshoot-tile').evaluateAll((tiles) => tiles.map((t) => (t as HTMLElement).dataset.status));

/** Nothing wider than the window (no sideways scrolling on a phone). */
async function expectNoOverflow(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `page wider than ${width} px`).toBeLessThanOrEqual(0);
}

test('photoshoot: two reference photos, 3 variations of Lighting + Style, Diverse, 16:9; the photos arrive in order as free previews and download', async ({ page, server }) => {
  await signInByMail(page, server, 'photoshoot@example.com', 'Pia Photoshoot');
  await expect(credits(page, '5.00')).toBeVisible();

  await page.goto('/tools/ai-photoshoot');
  await expect(page.getByRole('heading', { name: 'AI Photoshoot', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reference photos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Generation settings' })).toBeVisible();
  // No AI provider: the local engine is named beside the button, and its previews are free.
  await expect(page.getByTestId('engine-note')).toContainText('Preview: local engine, no AI provider set');
  const generate2 = page.getByRole('button', { name: /Generate 2 photos.*Free/ }).first();
  await expect(generate2).toBeVisible();
  await generate2.click();
  await expect(page.getByText(PHOTOSHOOT_MESSAGES.missing)).toBeVisible();
  await expectAccessible(page, 'photoshoot, empty');
  await screenshots(page, 'photoshoot-empty');

  // --- Two real photos; the first is the aspect blueprint ---
  await page.getByLabel('Upload reference photos').setInputFiles([ASTRONAUT, CAMERA]);
  const references = page.getByRole('list', { name: 'Reference photos' });
  await expect(references.getByRole('img')).toHaveCount(2);
  await expect(references.getByRole('img', { name: 'Reference photo 1: astronaut.jpg' })).toBeVisible();
  await expect(references.getByRole('img', { name: 'Reference photo 2: camera.jpg' })).toBeVisible();
  await expect(references.getByRole('listitem').first()).toContainText('Aspect blueprint');
  await expect(page.getByText(PHOTOSHOOT_MESSAGES.missing)).toHaveCount(0);

  // --- Settings: 3 variations, Lighting + Style (not Pose, Scenery), Diverse, 16:9 ---
  await page.getByRole('radio', { name: '3', exact: true }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Pose' }).uncheck({ force: true });
  await page.getByRole('checkbox', { name: 'Scenery' }).uncheck({ force: true });
  await page.getByRole('checkbox', { name: 'Lighting' }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Style' }).check({ force: true });
  await page.getByRole('radio', { name: /Diverse/ }).check({ force: true });
  await page.getByRole('radio', { name: '16:9' }).check({ force: true });
  const generate3 = page.getByRole('button', { name: /Generate 3 photos.*Free/ }).first();
  await expect(generate3).toBeVisible();
  await screenshots(page, 'photoshoot-ready');

  // Each call is held a moment, so the set can be seen filling in one at a time.
  const sent: { index: number; at: number; answeredAt?: number; body: Record<string, unknown> }[] = [];
  page.on('request', (r: Request) => {
    if (r.url().endsWith('/api/ai/generate-image-variation') && r.method() === 'POST') {
      const body = r.postDataJSON() as Record<string, unknown>;
      sent.push({ index: body.index as number, at: Date.now(), body });
    }
  });
  await page.route(CALL, async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    const response = await route.fetch();
    const index = (route.request().postDataJSON() as { index: number }).index;
    await route.fulfill({ response });
    const entry = sent.find((s) => s.index === index);
    if (entry) entry.answeredAt = Date.now();
  });

  await generate3.click();
  await expect(page.getByRole('button', { name: 'Generating...' }).first()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create' })).toBeDisabled();
  const grid = page.getByRole('list', { name: 'Generated photos' });
  await expect(grid.getByTestId('photoshoot-tile')).toHaveCount(3);
  expect(await statuses(page)).toEqual(['generating', 'waiting', 'waiting']);
  const gridTop = await grid.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['done', 'generating', 'waiting']);
  await screenshots(page, 'photoshoot-generating');

  for (const n of [1, 2, 3]) await expect(page.getByRole('img', { name: `Generated photo ${n}` })).toBeVisible({ timeout: 60_000 });
  expect(await statuses(page)).toEqual(['done', 'done', 'done']);
  await expect(page.getByRole('button', { name: /Generate 3 photos/ }).first()).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Create' })).toBeEnabled();
  // The grid did not move down as the photos arrived (the preview note was there from the first placeholder).
  expect(await grid.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)).toBeCloseTo(gridTop, 0);

  // Three calls, in order, one at a time, with the settings chosen.
  expect(sent.map((s) => s.index)).toEqual([0, 1, 2]);
  for (let i = 1; i < sent.length; i += 1) expect(sent[i]!.at).toBeGreaterThanOrEqual(sent[i - 1]!.answeredAt!);
  for (const s of sent) {
    expect(s.body).toMatchObject({ changeOptions: ['Lighting', 'Style'], variety: 'Diverse', outputRatio: '16:9', prompt: '' });
    expect((s.body.images as string[]).length).toBe(2);
    expect((s.body.images as string[])[0]).not.toContain('data:');
  }

  // Free previews that say so, each with what was done under it; the balance stays.
  await expect(page.getByTestId('preview-note')).toBeVisible();
  await expect(page.getByText(/Free preview/)).toHaveCount(3);
  await expect(credits(page, '5.00')).toBeVisible();
  // Visible is laid out, not yet decoded: the sizes are read once every image has loaded.
  await expect
    .poll(() => grid.getByRole('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  const sizes = await grid.getByRole('img').evaluateAll((imgs) => imgs.map((i) => [(i as HTMLImageElement).naturalWidth, (i as HTMLImageElement).naturalHeight]));
  for (const [w, h] of sizes) expect(w! / h!).toBeCloseTo(16 / 9, 1);
  const srcs = await grid.getByRole('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(new Set(srcs).size).toBe(3);

  // Download the second photo: a real 16:9 image.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download photo 2' }).click()]);
  const meta = await sharp(fs.readFileSync(await download.path())).metadata();
  expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 1);

  await expectAccessible(page, 'photoshoot, with results');
  await expectNoOverflow(page, 390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshots(page, 'photoshoot-result');

  // --- One call fails: its tile says so and the others still arrive ---
  await page.unroute(CALL);
  await page.route(CALL, async (route) => {
    const index = (route.request().postDataJSON() as { index: number }).index;
    if (index === 1) await route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' });
    else await route.continue();
  });
  await page.getByRole('radio', { name: '3', exact: true }).check({ force: true });
  await page.getByRole('button', { name: /Generate 3 photos/ }).first().click();
  await expect(page.getByText(PHOTOSHOOT_MESSAGES.itemFailed(2, PHOTOSHOOT_MESSAGES.http(502)))).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'Generated photo 3' })).toBeVisible({ timeout: 60_000 });
  expect(await statuses(page)).toEqual(['done', 'error', 'done']);
  await expectNoOverflow(page, 390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshots(page, 'photoshoot-error');
});
