import { expect, expectAccessible, screenshots, signInByMail, telegramTest as test } from './fixtures.ts';

test('dashboard Telegram tab: connect through the deep link, see it connected, send a test message, disconnect', async ({ page, server, peer: telegram, context }) => {
  test.setTimeout(120_000);
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
