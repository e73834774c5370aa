import yauzl from 'yauzl';
import { expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';

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

test('export my data as a ZIP, then delete the account with the typed email; signing up again gives a fresh account without the bonus', async ({ page, server }, testInfo) => {
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
  await remove.click();
  await page.waitForURL((url) => url.pathname === '/');
  expect((await page.request.get('/api/auth/profile')).status()).toBe(401);

  // The same address again: a new account, and no second sign-up bonus.
  await signInByMail(page, server, email, 'Pat Again');
  const again = (await (await page.request.get('/api/credits/balance')).json()) as { data: { balance: { balance: string } } };
  expect(again.data.balance.balance).toBe('0.0000');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Export my data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export my data' })).toBeVisible();
});
