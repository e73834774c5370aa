import { CLUSTER, expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';

/** The second browser says it is Firefox on Windows, so the sessions list has two devices to tell apart. */
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

test('account controls: set a password, sign in with it elsewhere, see both devices, sign the other out, and find a test purchase in billing', { tag: CLUSTER }, async ({
  page,
  server,
  browser,
  baseURL,
}) => {
  const email = 'account-controls@example.com';
  const password = 'a long and private passphrase';
  await signInByMail(page, server, email, 'Alex Account');

  // A first password: no current one is asked for.
  await page.goto('/dashboard');
  const passwordCard = page.getByRole('form', { name: 'Set a password' });
  await expect(page.getByText('Forgot your password? Sign in with a link, then set a new one here.')).toBeVisible();
  await expect(passwordCard.getByLabel('Current password')).toHaveCount(0);
  await passwordCard.getByLabel('New password', { exact: true }).fill(password);
  await passwordCard.getByLabel('Repeat new password').fill(password);
  await passwordCard.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password saved.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change password' }).getByLabel('Current password')).toBeVisible();

  // The password signs in a second browser, from the sign-in page.
  const other = await browser.newContext({ baseURL, userAgent: FIREFOX_WINDOWS });
  const otherPage = await other.newPage();
  await otherPage.goto('/auth');
  await otherPage.getByRole('button', { name: 'Sign in with a password instead' }).click();
  const signInForm = otherPage.getByRole('form', { name: 'Sign in with a password' });
  await signInForm.getByLabel('Email address').fill(email);
  await signInForm.getByLabel('Password').fill(password);
  await expectAccessible(otherPage, 'password sign-in');
  await signInForm.getByRole('button', { name: 'Sign in' }).click();
  await expect(otherPage.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await otherPage.goto('/dashboard');
  await expect(otherPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Two devices, this one marked.
  await page.reload();
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').first()).toContainText('This device');
  await expect(devices).toContainText('Firefox 127 on Windows');
  await expectAccessible(page, 'user-info tab with two devices');

  // Sign out everywhere else: the other browser is signed out.
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out 1 other device.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await otherPage.reload();
  await otherPage.waitForURL('**/auth**');
  expect((await other.request.get('/api/auth/profile')).status()).toBe(401);
  await other.close();

  // A test package through the test checkout shows up in billing, marked as test.
  await page.getByRole('button', { name: 'Top Up Credits' }).click();
  await page.getByRole('dialog', { name: 'Top Up Credits' }).getByRole('button', { name: 'Buy Starter for $5.00' }).click();
  await page.waitForURL('**/checkout/test/*');
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.goto('/dashboard');
  const purchases = page.getByRole('list', { name: 'Purchases' });
  await expect(purchases.getByRole('listitem')).toHaveCount(1);
  const row = purchases.getByRole('listitem').first();
  await expect(row).toContainText('Starter');
  await expect(row).toContainText('$5.00');
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Test — no money moved');
  await expect(page.getByText('Payments are in test mode')).toBeVisible();

  await expectAccessible(page, 'user-info tab with a purchase');
  await screenshots(page, 'account-controls');
});

test("a change of email confirms only in the asking account's session: elsewhere the page asks to sign in to that account", { tag: CLUSTER }, async ({
  page,
  server,
  browser,
  baseURL,
}) => {
  const shots = '/tmp/shots-email';
  const shoot = async (p: typeof page, name: string) => {
    for (const width of [390, 1280]) {
      await p.setViewportSize({ width, height: 900 });
      await p.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
  };
  // The account asking for the change, signed in in two browsers.
  await signInByMail(page, server, 'mallory.asker@example.com', 'Mallory');
  const second = await browser.newContext({ baseURL });
  const secondPage = await second.newPage();
  await signInByMail(secondPage, server, 'mallory.asker@example.com');

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Email', { exact: true }).fill('victim.address@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/We sent a confirmation link to victim.address@example.com/)).toBeVisible();
  const { link } = await server.smtp.magicLinkFor('victim.address@example.com', { consume: true });

  // The address's owner opens the unrequested link signed out: nothing changes, the page says whose account it is.
  const victim = await browser.newContext({ baseURL });
  const victimPage = await victim.newPage();
  await victimPage.goto(link);
  await expect(victimPage.getByRole('heading', { name: 'Sign in to confirm this change' })).toBeVisible();
  await expect(victimPage.getByText('ma•••@example.com')).toBeVisible();
  await expect(victimPage.getByText('Did not ask for this? Ignore the link')).toBeVisible();
  await expect(victimPage.getByRole('link', { name: 'Sign in to that account' })).toBeVisible();
  await expectAccessible(victimPage, 'email change: sign in first');
  await shoot(victimPage, 'confirm-email-sign-in-first');

  // Signed in to an account of their own: still nothing changes, and they are told the link is for another account.
  await signInByMail(victimPage, server, 'victor.own@example.com', 'Victor');
  await victimPage.goto(link);
  await expect(victimPage.getByRole('heading', { name: 'This link is for another account' })).toBeVisible();
  await expect(victimPage.getByText('ma•••@example.com')).toBeVisible();
  await expectAccessible(victimPage, 'email change: another account');
  await shoot(victimPage, 'confirm-email-other-account');
  await victimPage.getByRole('button', { name: 'Sign out' }).click();
  await expect(victimPage.getByRole('heading', { name: 'Sign in to confirm this change' })).toBeVisible();
  const asker = await (await page.request.get('/api/auth/profile')).json();
  expect(asker.data.user.email).toBe('mallory.asker@example.com');
  await victim.close();

  // In the asking account's own session the link confirms it, and the account's other session is signed out.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByText('Every other session of your account was signed out.')).toBeVisible();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('main').getByText('victim.address@example.com').first()).toBeVisible();
  expect((await secondPage.request.get('/api/auth/profile')).status()).toBe(401);
  await second.close();
});
