import yauzl from 'yauzl';
import { CLUSTER, expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';

/** The names of a ZIP's entries, read from the file as any unzip tool would. */
function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('export my data as a ZIP, then delete the account with the typed email; signing up again gives a fresh account without the bonus', { tag: CLUSTER }, async ({ page, server }, testInfo) => {
  const email = 'privacy-e2e@example.com';
  await signInByMail(page, server, email, 'Pat Privacy');
  const bonus = (await (await page.request.get('/api/credits/balance')).json()) as { data: { balance: { balance: string } } };
  expect(Number(bonus.data.balance.balance)).toBeGreaterThan(0);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const download = page.getByRole('link', { name: 'Download ZIP' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Available until/)).toBeVisible();
  await expectAccessible(page, 'dashboard with a ready export');
  await page.getByRole('heading', { name: 'Export my data' }).scrollIntoViewIfNeeded();
  await screenshots(page, 'account-privacy-export-ready');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^ampkit-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = testInfo.outputPath('export.zip');
  await file.saveAs(saved);
  expect(await zipEntries(saved)).toEqual(expect.arrayContaining(['profile.json', 'ledger.csv', 'purchases.csv', 'files.json']));

  // Deleting: the button waits for the address.
  const confirm = page.getByLabel('Type your email address to confirm');
  const remove = page.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeDisabled();
  await confirm.fill('someone-else@example.com');
  await expect(remove).toBeDisabled();
  await confirm.fill(email.toUpperCase());
  await expect(remove).toBeEnabled();
  await expectAccessible(page, 'delete account card, confirmed');

  // A checkout opened and left open holds deletion up, saying which and until when; Cancel on it lets it through
  // (issue 26 item 1: a cancelled checkout stayed pending and deletion answered 409 for good).
  await page.goto('/dashboard?tab=credits');
  await page.getByRole('button', { name: 'Top Up Credits' }).click();
  await page.getByRole('dialog', { name: 'Top Up Credits' }).getByRole('button', { name: 'Buy Starter for $5.00' }).click();
  await page.waitForURL('**/checkout/test/*?checkout=*');
  await page.goto('/dashboard?tab=user-info');
  await confirm.fill(email);
  await remove.click();
  const refused = page.getByRole('alert').filter({ hasText: 'Your checkout of the Starter package can still be paid until' });
  await expect(refused).toContainText(/until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\. Cancel it on its checkout page/);
  await screenshots(page, 'account-delete-held-by-checkout');
  await refused.getByRole('link', { name: 'Open that checkout' }).click();
  await page.waitForURL('**/checkout/test/*?checkout=*');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Checkout cancelled, nothing was charged')).toBeVisible();

  // Issue 26 item 2: deletion ended on the landing page with no word; now a page says so.
  await page.goto('/dashboard?tab=user-info');
  await confirm.fill(email);
  await remove.click();
  await page.waitForURL((url) => url.pathname === '/account/deleted');
  await expect(page.getByRole('heading', { name: 'Your account and its data were deleted.' })).toBeVisible();
  await expectAccessible(page, 'account deleted page');
  await screenshots(page, 'account-deleted');
  expect((await page.request.get('/api/auth/profile')).status()).toBe(401);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  // The same address again: a new account, and no second sign-up bonus.
  await signInByMail(page, server, email, 'Pat Again');
  const again = (await (await page.request.get('/api/credits/balance')).json()) as { data: { balance: { balance: string } } };
  expect(again.data.balance.balance).toBe('0.0000');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Export my data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export my data' })).toBeVisible();
});
