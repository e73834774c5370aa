import type { Page } from '@playwright/test';
import { CLUSTER, expect, expectAccessible, screenshots, signInByMail, telegramTest as test, test as withoutBot } from './fixtures.ts';

const SHOTS = '/tmp/shots-pages';

/** The landing page once GET /api/site has answered (it says whether the bot is on). */
async function landingWhySection(page: Page) {
  const site = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/site' && r.ok());
  await page.goto('/');
  await site;
  const why = page.getByRole('region', { name: 'Why creators choose us' });
  await why.scrollIntoViewIfNeeded();
  return why;
}

test('with the bot on, the landing page promises Telegram', async ({ page }) => {
  const why = await landingWhySection(page);
  await expect(why.getByRole('heading', { name: 'Works from Telegram' })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await why.screenshot({ path: `${SHOTS}/landing-why-bot-on-${width}.png` });
  }
});

withoutBot('without the bot, a creator reads that Telegram is not available yet, and the landing page does not promise it', async ({ page, server }) => {
  const why = await landingWhySection(page);
  await expect(why.getByRole('heading', { name: 'Pay per generation' })).toBeVisible();
  await expect(why.getByRole('heading', { name: 'Works from Telegram' })).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await why.screenshot({ path: `${SHOTS}/landing-why-bot-off-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await signInByMail(page, server, 'no-bot@example.com', 'Nadia NoBot');
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: /Telegram/ }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Telegram is not available on this site yet')).toBeVisible();
  // The operator's settings are not a creator's business.
  await expect(panel).not.toContainText('TELEGRAM_');
  await expect(panel).not.toContainText('webhook');
  await expect(panel.getByRole('button', { name: 'Connect Telegram' })).toHaveCount(0);
  await expectAccessible(page, 'dashboard telegram tab (no bot)');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: `${SHOTS}/telegram-tab-no-bot-${width}.png` });
  }
});

test('dashboard Telegram tab: connect through the deep link, see it connected, send a test message, disconnect', { tag: CLUSTER }, async ({ page, server, peer: telegram, context }) => {
  await signInByMail(page, server, 'telly@example.com', 'Telly Gram');
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: /Telegram/ }).click();
  const connect = page.getByRole('button', { name: 'Connect Telegram' });
  await expect(connect).toBeVisible();
  await expectAccessible(page, 'dashboard telegram tab (not connected)');
  await screenshots(page, 'telegram-not-connected');

  // The deep link opens Telegram in a new tab (answered here: this machine reaches no t.me); the test then plays the
  // person pressing Start in the chat.
  await context.route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Telegram</title>' }));
  const popup = context.waitForEvent('page');
  await connect.click();
  const opened = await popup;
  await opened.waitForLoadState();
  const deepLink = opened.url();
  await opened.close();
  await expect(page.getByRole('link', { name: 'open the link' })).toHaveAttribute('href', deepLink);
  expect(deepLink).toMatch(new RegExp(`^https://t\\.me/${telegram.username}\\?start=`));
  const token = new URL(deepLink).searchParams.get('start')!;
  const chat = { id: 424242, username: 'telly_tg', first_name: 'Telly' };
  telegram.pushUpdate(telegram.text(chat, `/start ${token}`));
  const [welcome] = await telegram.waitForMessages(chat.id, 1);
  expect(welcome).toContain('t***@example.com');

  await page.getByRole('button', { name: 'Check Connection Status' }).click();
  await expect(page.getByText('@telly_tg')).toBeVisible();
  await expectAccessible(page, 'dashboard telegram tab (connected)');
  await screenshots(page, 'telegram-connected');

  await page.getByRole('button', { name: 'Send test message' }).click();
  await expect(page.getByText('Test message sent. Check your Telegram chat.')).toBeVisible();
  expect((await telegram.waitForMessages(chat.id, 2))[1]).toMatch(/Test message from Ampkit/);

  await page.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to disconnect your Telegram account?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect Telegram' })).toBeVisible();
});
