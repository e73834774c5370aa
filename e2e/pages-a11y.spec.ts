/**
 * Every page of the route table (contract/pages.ts), as a visitor, a signed-in user and an admin: axe finds nothing
 * serious or critical, and nothing is wider than a 390 px phone. The list of pages comes from the route table, so a new
 * page is checked here without anyone adding it (a test fails while a path has no address below).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type ConsoleMessage, type Page } from '@playwright/test';
import { PAGE_PATHS, PRERENDERED_PAGES } from '../contract/pages.ts';
import { TOOL_IDS } from '../contract/tools.ts';
import { expect, seriousAxeFindings, signInByMail, testWithSettings, type RunningServer } from './fixtures.ts';
import { root } from './server.ts';
import { csrfToken, generateImage, samplePng } from './upload-file.ts';

const ADMIN = 'pages-admin@example.com';

const test = testWithSettings({ ADMIN_EMAILS: ADMIN });

/** The addresses that stand for each path of the route table, made from what the signed-in user owns. */
interface Owned {
  fileUuid: string;
  contentId: number;
  packageId: string;
}

function addresses(pattern: string, owned: Owned): string[] {
  switch (pattern) {
    case '/tools/:tool':
      return TOOL_IDS.map((id) => `/tools/${id}`);
    case '/file/:uuid':
      return [`/file/${owned.fileUuid}`];
    case '/content/:id':
      return [`/content/${owned.contentId}`];
    // No recording is made here (the transcription e2e does that): the page's not-found state.
    case '/transcriptions/:uuid':
      return ['/transcriptions/00000000-0000-4000-8000-000000000000'];
    // Likewise no batch (batch.spec.ts checks a real one's page with axe at 1280 and 390 px): its not-found state.
    case '/batches/:uuid':
      return ['/batches/00000000-0000-4000-8000-000000000000'];
    case '/checkout/test/:packageId':
      return [`/checkout/test/${owned.packageId}`];
    // The magic-link landing without a token is its 'invalid' state; the e-mail confirmation likewise.
    default:
      if (pattern.includes(':')) throw new Error(`pages-a11y.spec.ts: no address for ${pattern}; add one to addresses()`);
      return [pattern];
  }
}

/** Waits until the page has settled: no spinner of the session check or a lazy page, the network quiet. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // PageSpinner: a status region whose text ends in an ellipsis ('Loading…', 'Loading tool…').
  await expect(page.getByRole('status').filter({ hasText: /^Loading.*…$/ })).toHaveCount(0);
}

/**
 * Every finding on every page, listed together at the end, so one run shows all there is to fix. With `menu`, the
 * phone menu is checked open on the first page too (it is the same on every page).
 */
async function checkPages(page: Page, who: string, urls: string[], { menu }: { menu: boolean }) {
  const findings: string[] = [];
  for (const url of urls) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url);
    await settle(page);
    for (const finding of await seriousAxeFindings(page)) findings.push(`${url} at 1280 px: ${finding}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    for (const finding of await seriousAxeFindings(page)) findings.push(`${url} at 390 px: ${finding}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) findings.push(`${url} at 390 px: the page is ${width} px wide`);
    // The phone menu open, once for each person: its headings were 2.6:1 (issue 26).
    if (menu && url === urls[0]) {
      await page.getByLabel('Open menu').click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      for (const finding of await seriousAxeFindings(page)) findings.push(`${url} at 390 px, the menu open: ${finding}`);
      await page.getByLabel('Close menu').click();
    }
  }
  expect(findings, `${who}: axe's serious or critical findings, and pages wider than a phone`).toEqual([]);
}

/** What the pages with an id show, made by the signed-in admin: a generated image made public, a caption's content item, a credit package. */
async function makeOwned(page: Page): Promise<Owned> {
  const csrf = await csrfToken(page);
  const fileUuid = await generateImage(page, 'watercolour', await samplePng([240, 120, 40], [40, 80, 200]));
  const shared = await page.request.post(`/api/files/${fileUuid}/toggle-visibility`, { headers: { 'x-csrf-token': csrf } });
  expect(shared.ok()).toBe(true);
  const photo = fs.readFileSync(path.join(root, 'server', 'test-support', 'photos', 'coffee.jpg'));
  const caption = await page.request.post('/api/ai/generate-caption', {
    headers: { 'x-csrf-token': csrf },
    data: { imageData: photo.toString('base64'), mimeType: 'image/jpeg', prompt: '' },
  });
  expect(caption.ok(), await caption.text()).toBe(true);
  const contentId = ((await caption.json()) as { data: { content_id: number } }).data.content_id;
  const packages = (await (await page.request.get('/api/credits/packages')).json()) as { data: { packages: Array<{ uuid: string }> } };
  return { fileUuid, contentId, packageId: packages.data.packages[0]!.uuid };
}

/**
 * The route table in two parts, so the two workers share the four tests below (one 186 s test before): the paths
 * without a parameter ('/' first), and those with one (their addresses made from what the admin owns) with a path
 * that is no page. Together they are every path of the route table, for each person.
 */
const PLAIN_PATHS = PAGE_PATHS.filter((pattern) => !pattern.includes(':'));
const PARAMETER_PATHS = PAGE_PATHS.filter((pattern) => pattern.includes(':'));
const plainPages = () => PLAIN_PATHS.flatMap((pattern) => addresses(pattern, { fileUuid: '', contentId: 0, packageId: '' }));
const parameterPages = (owned: Owned) => [...PARAMETER_PATHS.flatMap((pattern) => addresses(pattern, owned)), '/no-such-page'];

/**
 * Each test starts from the same state the pages were checked in as one test: the admin signed in and owning the
 * items above (their gallery, dashboard and public pages show them); for the visitor, then signed out.
 */
async function asPerson(page: Page, server: RunningServer, who: 'admin' | 'visitor'): Promise<Owned> {
  await signInByMail(page, server, ADMIN, 'Ada Admin');
  const owned = await makeOwned(page);
  if (who === 'visitor') await page.context().clearCookies();
  return owned;
}

test.describe('every page of the route table', () => {
  test.describe.configure({ mode: 'parallel' });

  // The admin sees every page a user sees, and /admin.
  test('passes axe and fits a phone for an admin: the pages without a parameter', async ({ page, server }) => {
    test.setTimeout(300_000);
    await asPerson(page, server, 'admin');
    await checkPages(page, 'admin', plainPages(), { menu: true });
  });

  test('passes axe and fits a phone for an admin: the pages with a parameter, and a path that is no page', async ({ page, server }) => {
    test.setTimeout(300_000);
    const owned = await asPerson(page, server, 'admin');
    await checkPages(page, 'admin', parameterPages(owned), { menu: false });
  });

  // A visitor: the public pages, and where the others send them (the sign-in page).
  test('passes axe and fits a phone for a visitor: the pages without a parameter, the prerendered ones hydrated without errors', async ({ page, server }) => {
    test.setTimeout(300_000);
    await asPerson(page, server, 'visitor');
    // The prerendered pages are hydrated: a mismatch between the server's HTML and the app's first render, or any
    // other error, shows in the console.
    const errors: string[] = [];
    const onConsole = (message: ConsoleMessage) => void (message.type() === 'error' && errors.push(`${page.url()}: ${message.text()}`));
    page.on('console', onConsole);
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const url of PRERENDERED_PAGES) {
      await page.goto(url);
      await settle(page);
    }
    page.off('console', onConsole);
    expect(errors, 'errors on the prerendered pages').toEqual([]);
    await checkPages(page, 'visitor', plainPages(), { menu: true });
  });

  test('passes axe and fits a phone for a visitor: the pages with a parameter (what the admin made), and a path that is no page', async ({ page, server }) => {
    test.setTimeout(300_000);
    const owned = await asPerson(page, server, 'visitor');
    await checkPages(page, 'visitor', parameterPages(owned), { menu: false });
  });
});
