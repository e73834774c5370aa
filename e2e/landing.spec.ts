import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshots, test } from './fixtures.ts';

/** The visitor's landing page (/) and the full-screen wall (/screenshot): issue 12's public site. */

/**
 * Records every largest-contentful-paint candidate as it comes (tag and image URL), from before the page's first
 * paint: the app renders over the prerendered page, so by the time a test asks, the first candidates' elements are
 * gone.
 */
function recordLargestPaints(page: Page) {
  return page.addInitScript(() => {
    const seen: Array<{ tag: string; url: string; size: number }> = [];
    (window as unknown as { largestPaints: typeof seen }).largestPaints = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null; url: string; size: number }>) {
        seen.push({ tag: entry.element?.tagName ?? '', url: entry.url, size: entry.size });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** How many of the images under `selector` have loaded a real picture. */
const loadedImages = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs) => imgs.filter((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0).length);

// A visitor who has not asked for less motion, as most have: the wall's columns move (the suite's default asks for less).
test.use({ reducedMotion: 'no-preference' });

/** The animation each of the wall's columns runs ('none' when it stands still). */
const columnAnimations = (page: Page) =>
  page.locator('section:first-of-type [data-direction]').evaluateAll((columns) => columns.map((column) => getComputedStyle(column).animationName));

test('a visitor sees the price range, the image wall, working before/after sliders, and the visit is recorded', async ({ page, context }) => {
  const tracked = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/analytics/track');
  await recordLargestPaints(page);
  const prices = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pricing/tools' && r.ok());
  await page.goto('/');
  const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(page.getByRole('heading', { level: 1, name: "The creator's AI toolkit" })).toBeVisible();

  // The visit: POST /api/analytics/track, answered with the first-party visitor cookie.
  expect((await tracked).postDataJSON()).toHaveProperty('referrer');
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'ampkit_vid')?.value ?? '').not.toBe('');

  // The badge reads the range from GET /api/pricing/tools, not the placeholder it shows while that loads.
  await prices;
  const badge = page.getByTestId('price-range');
  await expect(badge).toContainText('no subscription');
  await expect(badge).not.toHaveText('Pay per generation · no subscription');
  await expect(badge).toHaveText(/^(Free previews on every tool|(From \S+ to \$\d+\.\d\d|\$\d+\.\d\d) per generation) · no subscription$/);

  // The wall: decorative (hidden from assistive technology), its tiles loaded, each with its size.
  const wall = hero.locator('[aria-hidden="true"]').filter({ has: page.locator('img') }).first();
  await expect(wall).toBeAttached();
  await expect.poll(() => loadedImages(page, 'section:has(h1) img[src^="/hero/hero-"]')).toBeGreaterThanOrEqual(6);
  const tiles = await hero.locator('img[src^="/hero/hero-"]').evaluateAll((imgs) =>
    imgs.map((img) => ({ width: img.getAttribute('width'), height: img.getAttribute('height'), loading: img.getAttribute('loading') })),
  );
  expect(tiles.length).toBeGreaterThan(12);
  expect(tiles.every((t) => Number(t.width) > 0 && Number(t.height) > 0)).toBe(true);
  expect(tiles.filter((t) => t.loading === 'lazy').length).toBeGreaterThan(tiles.length / 2);
  // The heading is the largest paint, not a picture of the wall behind it.
  // (After the wall has loaded: a tile painted later and larger would have become the last candidate.)
  const paints = await page.evaluate(() => (window as unknown as { largestPaints: Array<{ tag: string; url: string; size: number }> }).largestPaints);
  expect(paints.at(-1), JSON.stringify(paints)).toMatchObject({ tag: 'H1', url: '' });

  // Nothing the admin has not configured: no testimonials, no video.
  await expect(page.getByRole('heading', { name: 'What creators say' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'See it in action' })).toHaveCount(0);
  await expect(page.locator('#testimonials, #video')).toHaveCount(0);

  // The examples: a slider each, named for what it shows, with the engine that made it.
  const examples = page.getByRole('region', { name: 'Before and after' });
  await examples.scrollIntoViewIfNeeded();
  const sliders = examples.getByRole('slider');
  await expect(sliders).toHaveCount(5);
  await expect(examples).toContainText('local engine');
  await expect(examples.getByText('Thumbnail Generator')).toBeVisible();
  await expect.poll(() => loadedImages(page, '#examples img')).toBeGreaterThanOrEqual(4);

  const slider = sliders.first();
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '45');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');

  // A mouse drag across the picture: the divider follows the pointer.
  const box = (await slider.locator('..').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.6, { steps: 4 });
  await page.mouse.up();
  const value = Number(await slider.getAttribute('aria-valuenow'));
  expect(value).toBeGreaterThanOrEqual(78);
  expect(value).toBeLessThanOrEqual(82);
  // The before picture is clipped where the divider stands.
  const clip = await examples.locator('img').nth(1).evaluate((img) => (img as HTMLImageElement).style.clipPath);
  expect(Math.abs(Number(/inset\(0(?:px)? ([\d.]+)%/.exec(clip)?.[1]) - (100 - value))).toBeLessThanOrEqual(1);

  await expectAccessible(page, '/');
  await screenshots(page, 'landing');
});

test('/screenshot: the name and tagline over a 12-column wall', async ({ page }) => {
  await page.goto('/screenshot');
  const first = page.locator('section').first();
  await expect(first.getByRole('heading', { level: 1, name: 'Ampkit' })).toBeVisible();
  await expect(first.getByText("The creator's AI toolkit")).toBeVisible();
  await expect(first.locator('[data-direction]')).toHaveCount(12);
  await expect.poll(() => loadedImages(page, 'section:first-of-type img[src^="/hero/hero-"]')).toBeGreaterThanOrEqual(12);
  expect(new Set(await columnAnimations(page))).toEqual(new Set(['wall-up', 'wall-down']));
  await expectAccessible(page, '/screenshot');
  await screenshots(page, 'screenshot');
});

test('a visitor who asked for less motion gets a still wall: no animation runs on the page', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/screenshot');
  await expect(page.locator('section').first().locator('[data-direction]')).toHaveCount(12);
  expect(new Set(await columnAnimations(page))).toEqual(new Set(['none']));
  // Every animation the app's stylesheet defines is switched off for this visitor (web/styles.css).
  const running = await page.evaluate(() =>
    [...document.querySelectorAll('*')].map((el) => getComputedStyle(el).animationName).filter((name) => name !== 'none'),
  );
  expect(running).toEqual([]);
});
