/**
 * The admin's Statistics & Analytics and Referrer Tracking tabs, as an admin (made with ADMIN_EMAILS) clicks through
 * them: visits from a search engine and typed in, generations with prompts, then the range and the sub-tabs, and the
 * referrer table; axe on each view, screenshots at 1280 and 390 px, nothing wider than a phone.
 */
import { type Page } from '@playwright/test';
import { expect, expectAccessible, expectNoSideways, screenshots, signInByMail, testWithSettings } from './fixtures.ts';

import { csrfToken, generateImage, samplePng } from './upload-file.ts';

const ADMIN = 'stats-admin@example.com';
// Headless Chromium names itself in its user agent, and the visit tracker ignores it as a bot.
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const test = testWithSettings({ ADMIN_EMAILS: ADMIN });

async function track(page: Page, referrer: string | null, csrf?: string) {
  const res = await page.request.post('/api/analytics/track', {
    headers: { 'user-agent': BROWSER, ...(csrf ? { 'x-csrf-token': csrf } : {}) },
    data: { referrer },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoSideways(page, 'the page at 390 px');
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin reads the statistics by range and view, and the referrers with their purchases', async ({ page, server }) => {
  // Three browser sessions: one lands from Google and reads a second page, one comes in directly and leaves, and the
  // admin arrives from Hacker News signed in (two of three sessions bounce).
  await track(page, 'https://www.google.com/search?q=creator+tools');
  await track(page, 'https://www.google.com/search?q=creator+tools');
  await page.context().clearCookies();
  await track(page, null);
  await page.context().clearCookies();

  await signInByMail(page, server, ADMIN, 'Ada Admin');
  await track(page, 'https://news.ycombinator.com/item?id=1', await csrfToken(page));
  const png = await samplePng([250, 90, 60], [40, 90, 220]);
  await generateImage(page, 'neon city at night', png);
  await generateImage(page, 'neon city at night', png);
  await generateImage(page, 'soft <b>pastel</b> portrait', png);

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Statistics & Analytics' }).click();
  const stats = page.getByRole('region', { name: 'Statistics & Analytics' });
  await expect(stats.getByText(/Last 30 days · generated/)).toBeVisible();
  await expect(stats.getByRole('radio', { name: '30 days' })).toBeChecked();
  const generations = stats.locator('dt', { hasText: 'Generations' }).locator('..');
  await expect(generations.locator('dd').first()).toHaveText('3');
  await expectAccessible(page, 'statistics overview');
  await screenshots(page, 'admin-statistics-overview');
  await fitsPhone(page);

  // Every range asks again: the 90 and 365 days hold the same three generations, the last week too.
  for (const days of [90, 365]) {
    const answer = page.waitForResponse((r) => r.url().includes('/api/admin/statistics') && r.url().includes(`days=${days}`));
    await stats.getByText(`${days} days`, { exact: true }).click();
    await answer;
    await expect(stats.getByText(new RegExp(`Last ${days} days · generated`))).toBeVisible();
    await expect(generations.locator('dd').first()).toHaveText('3');
  }
  // The sub-tabs show parts of the same answer.
  const week = page.waitForResponse((r) => r.url().includes('/api/admin/statistics') && r.url().includes('days=7'));
  await stats.getByText('7 days', { exact: true }).click();
  await week;
  await expect(stats.getByText(/Last 7 days · generated/)).toBeVisible();

  await stats.getByRole('tab', { name: 'Tools' }).click();
  const tools = stats.getByRole('table', { name: 'Usage per tool' });
  const morpher = tools.getByRole('row').filter({ hasText: 'AI Image Morpher' });
  await expect(morpher.getByRole('cell').nth(1)).toHaveText('3');
  await expect(morpher.getByRole('cell').nth(3)).toHaveText('100%');
  await expectAccessible(page, 'statistics tools');
  await screenshots(page, 'admin-statistics-tools');
  await fitsPhone(page);

  await stats.getByRole('tab', { name: 'Prompts' }).click();
  const prompts = stats.getByRole('table', { name: 'Top 20 prompts' });
  await expect(prompts.getByRole('row').nth(1)).toContainText('neon city at night');
  await expect(prompts.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText('2');
  // The user's words are text: the tags show as typed.
  await expect(prompts.getByText('soft <b>pastel</b> portrait')).toBeVisible();
  await expectAccessible(page, 'statistics prompts');
  await screenshots(page, 'admin-statistics-prompts');
  await fitsPhone(page);

  await stats.getByRole('tab', { name: 'Users' }).click();
  await expect(stats.locator('dt', { hasText: 'Bounce rate' }).locator('..').locator('dd').first()).toHaveText('66.7%');
  await expect(stats.locator('dt', { hasText: 'Sessions' }).locator('..').locator('dd').first()).toHaveText('3');
  await expectAccessible(page, 'statistics users');

  // Referrer Tracking: every visit kept, most visits first.
  await page.getByRole('tab', { name: 'Referrer Tracking' }).click();
  const referrers = page.getByRole('table', { name: 'Visits per referrer' });
  await expect(referrers.getByRole('row').nth(1).getByRole('cell')).toHaveText(['google.com', '2', '0', '1', '0', '$0.00']);
  await expect(referrers.getByRole('row').filter({ hasText: 'Direct/None' }).getByRole('cell').nth(1)).toHaveText('1');
  await expect(referrers.getByRole('row').filter({ hasText: 'news.ycombinator.com' }).getByRole('cell').nth(2)).toHaveText('1');
  await page.getByText('30 days', { exact: true }).click();
  await expect(page.getByText(/Last 30 days · generated/)).toBeVisible();
  await expectAccessible(page, 'referrers');
  await screenshots(page, 'admin-referrers');
  await fitsPhone(page);
});
