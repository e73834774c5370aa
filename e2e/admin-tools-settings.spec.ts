/**
 * The admin's Tools Configuration tab and System Settings, clicked through as a person would: a tool set to disabled
 * vanishes from the launcher, the header's Create menu and the footer on the next page load (and its address says it
 * is not available), a reorder sticks, the transcription settings save, a price is added, edited and deleted, and the
 * copy to production (offered on this development host) says why it cannot run. axe on each screen; screenshots.
 */
import { TOOL_CATALOGUE } from '../contract/tools.ts';
import { expect, expectAccessible, expectNoSideways, screenshots, signInByMail, testWithSettings } from './fixtures.ts';

const ADMIN = 'tools-admin@example.com';

// A development host, so the copy-to-production button is offered (and, with no PRODUCTION_SYNC_URL, refused).
const test = testWithSettings({ ADMIN_EMAILS: ADMIN, APP_ENV: 'development' });

test('tools configuration and system settings', async ({ page, server }) => {
  await signInByMail(page, server, ADMIN, 'Tess Admin');
  await expect(page.getByRole('heading', { name: 'Mockup Generator' })).toBeVisible();

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Tools Configuration' }).click();
  const list = page.getByRole('list', { name: 'Tools in launcher order' });
  // Every tool of the catalogue (the tool definitions), the Background Remover included.
  await expect(list.getByRole('listitem')).toHaveCount(TOOL_CATALOGUE.length);

  // Disable a tool: saved at once, in the change log.
  await page.getByLabel('Status of Mockup Generator').selectOption('disabled');
  const log = page.getByRole('region', { name: 'Change log' });
  await expect(log.getByText('mockup-generator')).toBeVisible();
  // A beta tool: marked so in the header's menus (issue 26 item 19).
  await page.getByLabel('Status of Caption Generator').selectOption('beta');
  await expect(log.getByText('caption-generator')).toBeVisible();

  // Move Thumbnail Generator up one place (it was third).
  await expect(page.getByRole('button', { name: 'Move AI Image Morpher up' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move Thumbnail Generator up' }).click();
  await expect(list.getByRole('listitem').nth(1)).toHaveAttribute('aria-label', 'Thumbnail Generator');
  await page.getByRole('button', { name: 'Featured: Caption Generator' }).click();
  await expect(page.getByRole('button', { name: 'Featured: Caption Generator' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await expectAccessible(page, 'tools configuration tab');
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoSideways(page, 'the page at 390 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshots(page, 'admin-tools');

  // A new page load: the disabled tool is gone from the launcher, the Create menu and the footer.
  await page.goto('/tools');
  await expect(page.getByRole('heading', { name: 'AI Image Morpher' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mockup Generator' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'AI Image Morpher' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Mockup Generator' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('link', { name: /AI Image Morpher/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Mockup Generator/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Caption Generator/ }).first()).toContainText('Beta');
  await expect(page.getByRole('link', { name: /AI Image Morpher/ }).first()).not.toContainText('Beta');
  await page.screenshot({ path: '/tmp/shots-pages/create-menu-beta-1280.png' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByLabel('Open menu').click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile.getByRole('link', { name: /Caption Generator/ })).toContainText('Beta');
  await expectAccessible(page, 'the phone menu with a beta tool, signed in');
  await page.screenshot({ path: '/tmp/shots-pages/mobile-menu-beta-390.png' });
  await page.getByLabel('Close menu').click();
  await page.setViewportSize({ width: 1280, height: 800 });
  // Its address says it is not available.
  await page.goto('/tools/mockup-generator');
  await expect(page.getByRole('heading', { name: 'Tool not available' })).toBeVisible();

  // The order stuck.
  await page.goto('/admin');
  await expect(list.getByRole('listitem').nth(1)).toHaveAttribute('aria-label', 'Thumbnail Generator');
  await page.getByLabel('Status of Mockup Generator').selectOption('available');
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await page.getByLabel('Status of Caption Generator').selectOption('available');
  await expect(page.getByText('Saving…')).toHaveCount(0);

  // The sync with the catalogue asks first, then reports (every tool here already matches it).
  await page.getByRole('button', { name: 'Sync with catalogue' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByText('Every tool already matches the catalogue.')).toBeVisible();

  // System Settings: the transcription engine and its cost per minute.
  await page.getByRole('tab', { name: 'System Settings' }).click();
  // The Telegram bot's state and settings are the operator's, told here (not to creators; issue 26 item 15).
  await expect(page.getByText('The bot is off')).toBeVisible();
  await expect(page.getByText('TELEGRAM_WEBHOOK_SECRET')).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByText('The bot is off').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots-pages/admin-telegram-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Transcription provider').selectOption('auto');
  await page.getByLabel('Provider cost per minute (USD)').fill('0.01');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Transcription settings saved.')).toBeVisible();

  // Add a price: the service type is required.
  await page.getByRole('button', { name: 'Add price' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a price' });
  await dialog.getByLabel('Price (credits)').fill('1.2345');
  await dialog.getByRole('button', { name: 'Add price' }).click();
  await expect(dialog.getByText('Service type is required')).toBeVisible();
  await dialog.getByLabel('Service type').fill('e2e_voice');
  await dialog.getByLabel('Provider cost (USD)').fill('0.5');
  await dialog.getByLabel('Description').fill('Voice <b>clone</b>');
  await dialog.getByRole('button', { name: 'Add price' }).click();
  await expect(page.getByText('Added e2e_voice (standard).')).toBeVisible();
  const row = page.getByRole('row', { name: /e2e_voice/ });
  await expect(row).toContainText('1.2345');
  await expect(row).toContainText('59.5%');
  await expect(row).toContainText('Voice <b>clone</b>');

  // Edit it.
  await page.getByRole('button', { name: 'Edit e2e_voice (standard)' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit price' });
  await dialog.getByLabel('Price (credits)').fill('2');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(page.getByText('Saved e2e_voice (standard).')).toBeVisible();
  await expect(row).toContainText('75.0%');
  await expectAccessible(page, 'system settings');
  // Nothing is wider than a phone: the table scrolls inside its card.
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoSideways(page, 'the page at 390 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshots(page, 'admin-settings');

  // Delete it, after a confirmation.
  await page.getByRole('button', { name: 'Delete e2e_voice (standard)' }).click();
  await page.getByRole('dialog', { name: 'Delete this price?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted e2e_voice (standard).')).toBeVisible();
  await expect(page.getByRole('row', { name: /e2e_voice/ })).toHaveCount(0);

  // The pricing sync reports what it added (nothing is missing here).
  await page.getByRole('button', { name: 'Sync pricing' }).click();
  await page.getByRole('dialog', { name: 'Sync pricing with the catalogue?' }).getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Every catalogue price is already in the table. (0 added)')).toBeVisible();

  // The copy to production is offered on this development host, and says why it cannot run.
  await page.getByRole('button', { name: 'Copy to production' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy prices to production?' });
  await copy.getByRole('button', { name: 'Copy' }).click();
  await expect(copy.getByText(/^Failed to sync to prod: Copy to production is not configured/)).toBeVisible();
  await expectAccessible(page, 'copy to production refused');
  await copy.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByRole('region', { name: 'Change log' }).getByText('pricing.delete')).toBeVisible();
});
