import { expect, expectAccessible, screenshots, test } from './fixtures.ts';

/** Issue 12: the first ten minutes as a new user sees them. */
test.describe('the first minutes', () => {
  test('a visitor who wanted a tool signs in from the mail in a new tab, leaves the name empty, and lands on that tool', async ({ page, context, server }) => {
    const email = 'jane.doe@example.com';

    // A protected tool page sends the visitor to sign in, remembering the page.
    await page.goto('/tools/image-variator');
    await page.waitForURL('**/auth');
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expectAccessible(page, '/auth');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expectAccessible(page, '/auth (sent)');

    // The mail's link opens in a new tab: no router state comes with it.
    const { link } = await server.smtp.magicLinkFor(email, { consume: true });
    expect(link).toMatch(/\/auth\/magic\?token=[A-Za-z0-9_-]+$/);
    const tab = await context.newPage();
    await tab.goto(link);
    await expect(tab.getByRole('heading', { name: 'Almost There!' })).toBeVisible();
    await expect(tab.getByText('Leave it empty to be called Jane Doe.', { exact: false })).toBeVisible();
    await expectAccessible(tab, '/auth/magic (name)');
    await screenshots(tab, 'first-minutes-name');

    // An empty name: the account is named from the address, and the tool the visitor wanted opens.
    await tab.getByRole('button', { name: 'Continue' }).click();
    await expect(tab.getByRole('heading', { name: 'Welcome to Ampkit!' })).toBeVisible();
    await expect(tab.getByText('Taking you back to the page you wanted…')).toBeVisible();
    await expectAccessible(tab, '/auth/magic (success)');
    await tab.waitForURL('**/tools/image-variator');
    await expect(tab.getByRole('heading', { level: 1, name: 'AI Image Morpher' })).toBeVisible();

    // The launcher welcomes a newcomer, by the name the address gave, with the sign-up credits.
    await tab.goto('/tools');
    await expect(tab.getByRole('heading', { level: 1, name: 'Welcome, Jane' })).toBeVisible();
    await expect(tab.getByText('Your account comes with 5.00 free sign-up credits to try any tool.', { exact: false })).toBeVisible();
    await expect(tab.getByText(/Welcome back/)).toHaveCount(0);
    await screenshots(tab, 'first-minutes-welcome');

    // The dashboard, each tab accessible; the greeting uses the same name.
    await tab.goto('/dashboard');
    await expect(tab.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(tab.getByText('Hello, Jane Doe!', { exact: false })).toBeVisible();
    for (const [label, ready] of [
      ['Profile', tab.getByRole('button', { name: 'Edit profile' })],
      ['Telegram', tab.getByRole('tabpanel')],
      ['Credits', tab.getByRole('list', { name: 'Recent transactions' })],
    ] as const) {
      await tab.getByRole('tab', { name: label }).click();
      await expect(ready).toBeVisible();
      await tab.waitForLoadState('networkidle');
      await expectAccessible(tab, `/dashboard (${label})`);
      await screenshots(tab, `first-minutes-dashboard-${label.toLowerCase()}`);
    }
    await expect(tab.getByRole('list', { name: 'Recent transactions' })).toContainText('+5.00');

    // Top Up Credits offers every package to choose from.
    await tab.getByRole('button', { name: 'Top Up Credits' }).click();
    const picker = tab.getByRole('dialog', { name: 'Top Up Credits' });
    await expect(picker).toBeVisible();
    const packages = picker.getByRole('list', { name: 'Credit packages' }).getByRole('listitem');
    await expect(packages).toHaveCount(3);
    await expect(packages.nth(0)).toContainText('Starter');
    await expect(packages.nth(0)).toContainText('$5.00');
    await expect(packages.nth(1)).toContainText('Creator');
    await expect(packages.nth(1)).toContainText('+2.00 bonus');
    await expect(packages.nth(2)).toContainText('Studio');
    await expect(packages.nth(2)).toContainText('+10.00 bonus');
    await expect(picker.getByText('Test mode').first()).toBeVisible();
    await expectAccessible(tab, '/dashboard (Top Up picker)');
    await screenshots(tab, 'first-minutes-top-up');
    await picker.getByRole('button', { name: 'Buy Creator for $20.00' }).click();
    await tab.waitForURL('**/checkout/test/*');
    await expect(tab.getByRole('heading', { name: 'Creator' })).toBeVisible();
  });

  test("the launcher's Launch, signed out, also leads back to the tool after sign-in", async ({ page, server }) => {
    const email = 'launcher-visitor@example.com';
    await page.goto('/tools');
    await page.getByRole('button', { name: 'Launch AI Image Morpher' }).click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const { link } = await server.smtp.magicLinkFor(email, { consume: true });
    await page.goto(link);
    await page.getByLabel('Your name').fill('Lee');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/tools/image-variator');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Image Morpher' })).toBeVisible();
  });
});
