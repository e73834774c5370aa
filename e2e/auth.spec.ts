import { CLUSTER, expect, expectHydrated, screenshots, test } from './fixtures.ts';

test.describe('sign-in by magic link', () => {
  test('a new visitor is sent to sign in, signs in by mail, names the account, edits the profile and logs out', { tag: CLUSTER }, async ({ page, server }) => {
    const email = 'newcomer@example.com';

    // A protected page sends a visitor to /auth.
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    await expect(page.getByLabel('Email address')).toBeVisible();
    await screenshots(page, 'auth');

    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await screenshots(page, 'auth-sent');

    // The link arrives by SMTP; opening it asks a new user for a name.
    const { link } = await server.smtp.magicLinkFor(email, { consume: true });
    expect(link.startsWith(server.url)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Almost There!' })).toBeVisible();
    await screenshots(page, 'magic-name-form');
    await page.getByLabel('Your name').fill('Nora Newcomer');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Ampkit!' })).toBeVisible();
    // Back to the page the visitor wanted: the link carries it.
    await page.waitForURL('**/dashboard');

    // The header shows the account and the sign-up bonus.
    await expect(page.getByRole('link', { name: '5.00 credits' })).toBeVisible();

    // The profile can be edited on the dashboard.
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Nora Newcomer').first()).toBeVisible();
    await screenshots(page, 'dashboard');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Nora N. Creator');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated.')).toBeVisible();
    await expect(page.getByText('Nora N. Creator').first()).toBeVisible();

    // The change is on the server: a reload still shows it.
    await page.reload();
    await expect(page.getByText('Nora N. Creator').first()).toBeVisible();

    // A new email changes nothing until the link sent to it is used.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Email', { exact: true }).fill('nora@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/We sent a confirmation link to nora@example.com/)).toBeVisible();
    await expect(page.getByRole('main').getByText(email).first()).toBeVisible();
    await screenshots(page, 'dashboard-email-pending');
    const confirm = await server.smtp.magicLinkFor('nora@example.com', { consume: true });
    expect(confirm.link).toContain('/auth/confirm-email?token=');
    await page.goto(confirm.link);
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    await screenshots(page, 'email-confirmed');
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('main').getByText('nora@example.com').first()).toBeVisible();

    // Logging out ends the session: protected pages send the visitor to /auth again.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    const profile = await page.request.get('/api/auth/profile');
    expect(profile.status()).toBe(401);
  });

  test('a used link and an unknown link show their states', async ({ page, server, browser }) => {
    const email = 'returning@example.com';
    await page.goto('/auth');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    const { link } = await server.smtp.magicLinkFor(email, { consume: true });
    await page.goto(link);
    await page.getByLabel('Your name').fill('Rita');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/tools');

    // The same link in another browser: used.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(otherPage.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
    await expect(otherPage.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    await otherPage.goto('/auth/magic?token=unknown-token-that-does-not-exist');
    await expect(otherPage.getByRole('heading', { name: 'Invalid sign-in link' })).toBeVisible();
    await other.close();
  });

  test('the sign-in page shows the server message on failure', async ({ page }) => {
    await page.route('**/api/auth/magic-link', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, error: { code: 'RATE_LIMITED', message: 'Too many sign-in links requested for this address.' } }) }),
    );
    await page.goto('/auth');
    await page.getByLabel('Email address').fill('limited@example.com');
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByRole('alert')).toContainText('Too many sign-in links requested for this address.');
  });

  test('below the 768px breakpoint the header collapses into the mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    // A visitor's landing page arrives already drawn (prerendered); its buttons work once the app has hydrated them.
    // A click before that did nothing, and the test failed now and then.
    await page.goto('/');
    const openMenu = page.getByLabel('Open menu');
    await expectHydrated(openMenu);
    await openMenu.click();
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();
    await expect(page.getByLabel('Close menu')).toBeVisible();
  });
});
