/**
 * User Management as an admin would use it: /admin opens on it, a search finds a user, the Credits dialog grants
 * credits with a reason, the row's balance and the change log show it, and the user's own balance has it.
 */
import { expect, expectAccessible, expectNoSideways, screenshots, signInByMail, testWithSettings } from './fixtures.ts';

const ADMIN = 'users-admin@example.com';
const TARGET = 'users-target@example.com';

const test = testWithSettings({ ADMIN_EMAILS: ADMIN });

test('an admin finds a user and grants credits with a reason', async ({ page, browser, server, baseURL }) => {
  // The user to help: signed up in a browser of their own (5 credits of welcome bonus).
  const theirs = await browser.newContext({ baseURL });
  const userPage = await theirs.newPage();
  await signInByMail(userPage, server, TARGET, 'Tara Target');
  const balanceOf = async () => ((await (await userPage.request.get('/api/credits/balance')).json()) as { data: { balance: { balance: string } } }).data.balance.balance;
  expect(await balanceOf()).toBe('5.0000');

  await signInByMail(page, server, ADMIN, 'Ada Admin');
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Total users')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /Ada Admin/ }).getByText('admin', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /Tara Target/ }).getByText('No roles')).toBeVisible();
  await expectAccessible(page, 'the users tab');

  await page.getByLabel('Search by email').fill('users-target');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: /Tara Target/ });
  await expect(row.getByText(TARGET)).toBeVisible();
  await expect(row.getByText('5.00', { exact: true })).toBeVisible();
  await expect(row.getByText('Just now')).toBeVisible();

  await row.getByRole('button', { name: 'Credits of Tara Target' }).click();
  const dialog = page.getByRole('dialog', { name: 'Credits' });
  await expect(dialog.getByText('Welcome bonus')).toBeVisible();
  // The reason is required: nothing is sent without it.
  await dialog.getByLabel('Amount').fill('7.5');
  await dialog.getByRole('button', { name: 'Grant credits' }).click();
  await expect(dialog.getByText('The reason needs at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Refund for the outage on Monday');
  await expectAccessible(page, 'the credits dialog');
  await dialog.getByRole('button', { name: 'Grant credits' }).click();
  await expect(dialog.getByText('Granted 7.50 credits. New balance: 12.50.')).toBeVisible();
  await expect(dialog.getByText(/Refund for the outage on Monday/)).toBeVisible();
  await expect(dialog.getByText(`by ${ADMIN}`)).toBeVisible();
  await screenshots(page, 'admin-users-dialog');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await expect(row.getByText('12.50', { exact: true })).toBeVisible();
  const log = page.getByRole('region', { name: 'Change log' });
  await expect(log.getByText('credits.grant')).toBeVisible();
  await expect(log.getByText(/reason: Refund for the outage on Monday/)).toBeVisible();
  expect(await balanceOf()).toBe('12.5000');

  await page.getByLabel('Search by email').fill('');
  await expect(table.getByRole('row')).toHaveCount(3);
  await screenshots(page, 'admin-users');
  await page.setViewportSize({ width: 390, height: 900 });
  // On a phone the users are stacked cards and nothing is wider than the screen.
  await expect(page.getByRole('list', { name: 'Users, newest first' }).getByText(TARGET)).toBeVisible();
  await expectNoSideways(page, 'the page at 390 px');
  await expectAccessible(page, 'the users tab on a phone');
  await theirs.close();
});
