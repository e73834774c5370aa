/**
 * The admin area's frame (spec 3 §2): who gets in, the seven tabs in the spec's order with the last one remembered,
 * and every tab drawn without an error, accessible at desktop and phone width. Each tab's own work is clicked
 * through in its own spec (admin-*.spec.ts).
 */
import { type ConsoleMessage } from '@playwright/test';
import { ADMIN_TABS } from '../contract/admin.ts';
import { expect, expectAccessible, expectNoSideways, screenshots, signInByMail, testWithSettings } from './fixtures.ts';

const ADMIN = 'frame-admin@example.com';

const test = testWithSettings({ ADMIN_EMAILS: ADMIN });

test('visitors are sent to sign in and signed-in users without the admin role to the home page', async ({ page, server, browser, baseURL }) => {
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/admin');
  await visitor.waitForURL('**/auth');
  await visitor.close();
  await signInByMail(page, server, 'not-an-admin@example.com', 'Nora User');
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Admin' })).toHaveCount(0);
});

test('an admin opens User Management first, walks all seven tabs in order, and comes back to the last one', async ({ page, server }) => {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInByMail(page, server, ADMIN, 'Ada Admin');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();

  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect(tabs).toHaveText(ADMIN_TABS.map((t) => t.label));
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');

  for (const { label, id } of ADMIN_TABS) {
    await page.getByRole('tab', { name: label }).click();
    await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Change log' })).toBeVisible();
    await expect(panel.getByText(/No changes yet\.|Before/).first()).toBeVisible();
    await expect(panel.getByText('Admin Error')).toHaveCount(0);
    await expectAccessible(page, `admin ${label}`);
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoSideways(page, `${label} at 390 px`);
    await expectAccessible(page, `admin ${label} at 390 px`);
    await screenshots(page, `admin-tab-${id}`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The last tab opened is the one a new visit starts on.
  await page.getByRole('tab', { name: 'Referrer Tracking' }).click();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Referrer Tracking' })).toHaveAttribute('aria-selected', 'true');
  // Arrow keys move between tabs (WAI-ARIA tabs).
  await page.getByRole('tab', { name: 'Referrer Tracking' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);
});

test('on a phone the tab row shows that more tabs follow, and its buttons scroll to them', async ({ page, server }) => {
  await signInByMail(page, server, ADMIN, 'Ada Admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'User Management' }).click();
  const row = page.getByTestId('admin-tab-row');
  const inView = async (name: string) => {
    const tab = (await page.getByRole('tab', { name }).boundingBox())!;
    const box = (await row.boundingBox())!;
    return tab.x >= box.x && tab.x + tab.width <= box.x + box.width;
  };
  // Most tabs are out of sight: the row says so on its right, and not on its left.
  expect(await inView('System Settings')).toBe(false);
  const right = page.getByRole('button', { name: 'Scroll the tabs right' });
  await expect(right).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scroll the tabs left' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots-pages/admin-tabs-start-390.png' });
  await expectAccessible(page, 'the admin tab row at 390 px');
  for (let i = 0; i < 10 && (await right.count()) > 0; i += 1) {
    await right.click();
    await page.waitForTimeout(400);
  }
  await expect.poll(() => inView('System Settings')).toBe(true);
  await expect(right).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Scroll the tabs left' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-pages/admin-tabs-end-390.png' });
  await expectNoSideways(page, 'the admin area at 390 px');
});
