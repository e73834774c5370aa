/**
 * The prerendered public pages (scripts/prerender.tsx) before and while the app takes them over (issue 26 items 13
 * and 14): with a notification banner active the app's first render agrees with the page on screen (no React #418),
 * and without JavaScript the phone menu opens and its links, and the landing page's primary links, lead somewhere.
 */
import fs from 'node:fs';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, expectAccessible, signInByMail, testWithSettings } from './fixtures.ts';
import { csrfToken } from './upload-file.ts';

const ADMIN = 'prerender-admin@example.com';
const test = testWithSettings({ ADMIN_EMAILS: ADMIN });
const SHOTS = '/tmp/shots-pages';

/** Every console error and uncaught error of the page from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => void (message.type() === 'error' && errors.push(`${page.url()}: ${message.text()}`)));
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

test('with a banner active, the prerendered pages hydrate without a mismatch and then show the banner', async ({ page, server, browser, baseURL }) => {
  await signInByMail(page, server, ADMIN, 'Ada Admin');
  const made = await page.request.post('/api/notifications/admin', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { identifier: 'hydration-check', content: 'Spring sale: <strong>more credits</strong> on every pack', valid_from: new Date(Date.now() - 60_000).toISOString() },
  });
  expect(made.ok(), await made.text()).toBe(true);

  // A visitor (no cookie at all, so the server sends the prerendered page), on a phone and on a desktop.
  for (const width of [390, 1280]) {
    const visitor = await browser.newContext({ baseURL, viewport: { width, height: 844 } });
    const visitorPage = await visitor.newPage();
    const errors = collectErrors(visitorPage);
    for (const url of ['/', '/about', '/tools', '/legal/terms']) {
      await visitorPage.goto(url);
      expect(await visitorPage.locator('#root[data-prerendered]').count(), `${url} is prerendered`).toBe(1);
      await expect(visitorPage.getByRole('complementary', { name: 'Announcement' })).toContainText('Spring sale: more credits on every pack');
      await visitorPage.waitForLoadState('networkidle');
    }
    expect(errors.filter((e) => /418|hydrat/i.test(e)), 'hydration errors').toEqual([]);
    expect(errors, 'errors on the prerendered pages').toEqual([]);
    if (width === 390) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await visitorPage.goto('/');
      await expect(visitorPage.getByRole('complementary', { name: 'Announcement' })).toBeVisible();
      await visitorPage.screenshot({ path: `${SHOTS}/banner-landing-390.png` });
    }
    await visitor.close();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the phone menu opens and its links work, and the landing page links are real links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: "The creator's AI toolkit" })).toBeVisible();
    // The landing page's primary links are links to real addresses.
    for (const name of ['Get started', 'Explore the tools']) {
      const link = page.getByRole('link', { name }).first();
      await expect(link).toBeVisible();
      expect(await link.getAttribute('href')).toMatch(/^\/[a-z#]/);
    }
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute('href', '/auth');

    // The menu: opened by a tap with no script running, its links lead on.
    const menu = page.locator('header details');
    await expect(menu).toHaveCount(1);
    await menu.locator('summary').click();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(nav).toBeVisible();
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/menu-nojs-390.png` });
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('the phone menu opened before the app starts stays usable, and passes axe open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The app's script held back: the page on screen is the prerendered one.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.locator('header summary').click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  // The app starts with the menu open: it stays open, and now closes from its button.
  release();
  await page.waitForResponse((response) => response.url().includes('/api/pricing/tools'));
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expectAccessible(page, 'the phone menu, open');
  await page.getByLabel('Close menu').click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await page.getByLabel('Open menu').click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/menu-open-390.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
});
