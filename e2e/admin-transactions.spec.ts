import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoSideways, screenshots, signInByMail, testWithSettings } from './fixtures.ts';

/**
 * The Stripe Transactions tab and the credit packages section, as an admin (made by ADMIN_EMAILS) clicks through them
 * after a user bought a package through the built-in test checkout.
 */

const ADMIN = 'transactions-admin@example.com';
const BUYER = 'transactions-buyer@example.com';

const test = testWithSettings({ ADMIN_EMAILS: ADMIN });

async function fitsThePhone(page: Page, what: string) {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.waitForTimeout(150);
  await expectNoSideways(page, what);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin sees a test purchase, filters, exports the CSV and edits a package', async ({ page, browser, server, baseURL }) => {
  // A user buys the Starter package through the test checkout.
  await signInByMail(page, server, BUYER, 'Casey, "CSV" Buyer');
  await page.goto('/dashboard?tab=credits');
  await page.getByRole('button', { name: 'Top Up Credits' }).click();
  await page.getByRole('dialog', { name: 'Top Up Credits' }).getByRole('button', { name: 'Buy Starter for $5.00' }).click();
  await page.waitForURL('**/checkout/test/*');
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // The admin, in another browser.
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await signInByMail(admin, server, ADMIN, 'Avery Admin');
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Stripe Transactions' }).click();
  const table = admin.getByRole('region', { name: 'Transactions' });
  await expect(table).toContainText('Casey, "CSV" Buyer');
  await expect(table).toContainText(BUYER);
  await expect(table).toContainText('$5.00');
  await expect(table).toContainText('completed');
  // A test purchase has no Stripe charge: no Retry tax.
  await expect(table.getByRole('button', { name: /Retry tax/ })).toHaveCount(0);
  await expect(admin.getByText('Total revenue')).toBeVisible();
  await expect(admin.getByText('Page 1 of 1')).toBeVisible();

  // Filters: another status empties the list; today's dates and completed bring it back.
  await admin.getByLabel('Status').selectOption('refunded');
  await expect(admin.getByText('No transactions match these filters.')).toBeVisible();
  await admin.getByLabel('Status').selectOption('completed');
  const today = new Date().toISOString().slice(0, 10);
  await admin.getByLabel('Start date').fill(today);
  await admin.getByLabel('End date').fill(today);
  await expect(table).toContainText(BUYER);
  await expectAccessible(admin, 'the Stripe Transactions tab');
  await screenshots(admin, 'admin-transactions');
  await fitsThePhone(admin, 'the Stripe Transactions tab');

  // Export CSV downloads every matching row for the same filters.
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: /Export CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe(`ampkit-transactions-${today}-to-${today}-completed.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('id,payment_provider_id,provider,user_name,user_email,package_name,amount_usd,credits_purchased,stripe_fee,tax_amount,status,created_at,completed_at');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,test,"Casey, ""CSV"" Buyer",${BUYER},Starter,5.00,5.0000,,,completed,`);

  // System Settings: edit the Starter package's price, deactivate Studio (confirmed).
  await admin.getByRole('tab', { name: 'System Settings' }).click();
  const packages = admin.getByRole('region', { name: 'Credit packages' });
  await packages.getByRole('button', { name: 'Edit Starter' }).click();
  const form = packages.getByRole('form', { name: 'Edit Starter' });
  await form.getByLabel('Price (USD)').fill('0.10');
  await form.getByRole('button', { name: 'Save package' }).click();
  await expect(form.getByText('The price must be between 0.50 and 10000')).toBeVisible();
  await form.getByLabel('Price (USD)').fill('6.00');
  await form.getByRole('button', { name: 'Save package' }).click();
  await expect(packages).toContainText('$6.00 · 5.00 credits');
  await packages.getByRole('button', { name: 'Deactivate Studio' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Deactivate package?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(admin, 'the deactivate confirmation');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(packages.getByRole('listitem').filter({ hasText: 'Studio' })).toContainText('Inactive');
  await expect(admin.getByRole('region', { name: 'Change log' }).or(admin.getByLabel('Change log'))).toContainText('package.deactivate');
  await expectAccessible(admin, 'the credit packages section');
  await screenshots(admin, 'admin-packages');
  await fitsThePhone(admin, 'System Settings');

  // The buyer's shop shows the change.
  await page.goto('/dashboard?tab=credits');
  await page.getByRole('button', { name: 'Top Up Credits' }).click();
  const shop = page.getByRole('dialog', { name: 'Top Up Credits' });
  await expect(shop.getByRole('button', { name: 'Buy Starter for $6.00' })).toBeVisible();
  await expect(shop.getByRole('button', { name: /Buy Studio/ })).toHaveCount(0);
  await context.close();
});
