import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { startFakeDeepgram } from '../server/test-support/fake-ai/deepgram.ts';
import { startFakeOpenAi } from '../server/test-support/fake-ai/openai.ts';
import { startFakeTelegram, type FakeTelegram } from '../server/test-support/fake-telegram.ts';
import { root, startServer, type RunningServer } from './server.ts';

export type { RunningServer };
export { CLUSTER } from './server.ts';

/**
 * Tests against the app started with these settings, one server per worker: an admin made by `ADMIN_EMAILS`, a
 * development host (`APP_ENV: 'development'`), …
 */
export function testWithSettings(settings: Record<string, string> = {}) {
  return base.extend<{ baseURL: string }, { server: RunningServer }>({
    server: [
      async ({}, use) => {
        const server = await startServer(settings);
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ server }, use) => {
      await use(server.url);
    },
  });
}

export const test = testWithSettings();

/**
 * Fails when the page is wider than its viewport (e.g. a 390 px phone): nothing may make the page scroll sideways.
 * The message names the first elements that stick out (outside the tab bar, which scrolls inside its own box).
 */
export async function expectNoSideways(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !el.closest('[role=tablist]'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 50)}`),
  );
  expect(overflow, `${what} is wider than the screen: ${wide.join(' | ')}`).toBeLessThanOrEqual(0);
}

/**
 * The same app beside a fake outside service the test starts first (a peer speaking that service's wire format):
 * the server gets the settings that point at it, and the test gets the peer to drive and inspect.
 */
export function testWithPeer<P extends { close(): Promise<void> }>(start: () => Promise<P>, settings: (peer: P) => Record<string, string>) {
  return base.extend<{ baseURL: string }, { server: RunningServer; peer: P }>({
    peer: [
      async ({}, use) => {
        const peer = await start();
        await use(peer);
        await peer.close();
      },
      { scope: 'worker' },
    ],
    server: [
      async ({ peer }, use) => {
        const server = await startServer(settings(peer));
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ server }, use) => {
      await use(server.url);
    },
  });
}

/** With a Telegram bot on a fake Bot API (long polling): the dashboard's Telegram tab. */
export const telegramTest = testWithPeer(startFakeTelegram, (telegram: FakeTelegram) => ({ TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: telegram.url }));

/** With Deepgram (a fake speaking its wire format) as the speech provider and OpenAI-compatible as the text provider. */
export const speechProviderTest = testWithPeer(
  async () => {
    const [deepgram, openai] = await Promise.all([startFakeDeepgram(), startFakeOpenAi()]);
    return { deepgram, openai, close: async () => void (await Promise.all([deepgram.close(), openai.close()])) };
  },
  ({ deepgram, openai }) => ({
    TRANSCRIPTION_PROVIDER: 'deepgram',
    DEEPGRAM_API_KEY: deepgram.apiKey,
    DEEPGRAM_BASE_URL: deepgram.url,
    OPENAI_API_KEY: openai.apiKey,
    OPENAI_BASE_URL: openai.url,
    AI_IMAGE_PROVIDER: 'local',
    AI_MOCKUP_PROVIDER: 'local',
  }),
);

export { expect };

/** Whether `screenshots` takes any (a test that waits for them can leave its work running longer). */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/**
 * Saves a full-page screenshot at desktop width, at the 768px breakpoint and on a 390px phone, under
 * test-results/screens, for a person to look at. They assert nothing, so where nobody looks (CI sets
 * E2E_SCREENSHOTS=0) none is taken.
 */
export async function screenshots(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  // From the top of the page, so the sticky header is drawn where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  const dir = path.join(root, 'test-results', 'screens');
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Waits until React has hydrated this element of a prerendered page (it carries React's props), so a click on it is
 * handled: a click on a prerendered page before hydration reaches it can be lost (the landing page's menu button, and
 * under CI load a footer link, did nothing now and then).
 */
export async function expectHydrated(element: Locator) {
  await expect.poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), { message: 'hydrated by React' }).toBe(true);
}

/** Signs a new user in through the real magic-link flow, reading the link from the SMTP server. */
export async function signInByMail(page: Page, server: RunningServer, email: string, name = 'E2E User') {
  await page.goto('/auth');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const { link } = await server.smtp.magicLinkFor(email, { consume: true });
  await page.goto(link);
  const nameField = page.getByLabel('Your name');
  await expect(nameField.or(page.getByRole('heading', { name: "You're signed in!" }))).toBeVisible();
  if (await nameField.isVisible()) {
    await nameField.fill(name);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.waitForURL('**/tools');
}

/**
 * Runs axe (WCAG 2 A and AA rules) on the page as it is and fails on any serious or critical violation, listing
 * each rule with the elements it found.
 */
export async function expectAccessible(page: Page, what: string) {
  expect(await seriousAxeFindings(page), `${what}: axe found serious or critical violations`).toEqual([]);
}

/**
 * axe's serious and critical findings on the page as it is (WCAG 2 A and AA rules), one line per rule with its elements.
 * axe.run in the page itself (legacy mode: axe injected into every frame of this origin, which is all our pages have)
 * instead of per-frame partial runs finished in a new blank page, and only the violations serialized: about 1 s a
 * call instead of 2 (measured on the route-table check), with the same findings (axe-helper.spec.ts).
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
}
