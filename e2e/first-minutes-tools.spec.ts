/**
 * The first ten minutes with the image tools and the gallery, as a new user sees them (issue 12): a phone-width
 * morpher with nothing overflowing, a priced action marked unaffordable before the click at 0 credits, an upscaled
 * copy that says '2x', a shared mockup whose tool-written text is not called a prompt, and axe on each page.
 */
import { test as base, type Page } from '@playwright/test';
import { expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';
import { csrfToken, generateImage, samplePng } from './upload-file.ts';

/** The app with no sign-up bonus: a new user starts at 0 credits. */
const zeroCreditTest = base.extend<{ baseURL: string }, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer({ SIGNUP_BONUS_CREDITS: '0' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

async function expectNoHorizontalOverflow(page: Page, what: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${what}: the page is wider than the ${widths.client} px screen`).toBeLessThanOrEqual(widths.client);
}

async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { headers: { 'x-csrf-token': await csrfToken(page) }, data });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** A one-style mockup made through the API as the mockup page makes it; answers its file's uuid. */
async function makeMockup(page: Page): Promise<string> {
  const image = (await samplePng([244, 114, 182], [59, 130, 246], 480, 360)).toString('base64');
  const { job_id } = await post<{ job_id: string }>(page, '/api/ai/generate-image', {
    toolName: 'mockup-generator',
    images: [image],
    styles: ['poster'],
    background: 'photo-studio',
    dimensions: 'landscape',
    shadow: true,
  });
  let uuid: string | undefined;
  await expect
    .poll(
      async () => {
        const status = (await (await page.request.get(`/api/ai/mockup-job-status?job_id=${job_id}`)).json()) as {
          data: { status: string; result: { images: { uuid: string }[] } | null };
        };
        uuid = status.data.result?.images[0]?.uuid;
        return status.data.status;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('completed');
  return uuid!;
}

zeroCreditTest.describe('at 0 credits', () => {
  zeroCreditTest('free previews stay ready, a priced upscale says Not enough credits before the click', async ({ page, server }) => {
    await signInByMail(page, server, 'zero-credits@example.com', 'Zoe Zero');
    await expect(page.getByRole('link', { name: '0.00 credits' })).toBeVisible();

    // The morpher on a 390 px phone: the edit-mode pills fit, and a free preview is ready to run.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tools/image-variator');
    await expect(page.getByRole('tab', { name: 'Extend' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Morph Image.*Free/ }).first()).toBeEnabled();
    await expect(page.getByTestId('credit-shortfall')).toHaveCount(0);
    await expectNoHorizontalOverflow(page, 'the morpher at 390 px');
    // The pills themselves stay inside their row (they stuck out of it by 9 px, inside a card that hid it).
    const pillsOverflow = await page.getByRole('tablist', { name: 'Edit mode' }).evaluate((list) => {
      const box = list.getBoundingClientRect();
      return Math.max(...[...list.children].map((tab) => tab.getBoundingClientRect().right - box.right));
    });
    expect(pillsOverflow, 'px the edit-mode pills stick out of their row').toBeLessThanOrEqual(0);
    await screenshots(page, 'morpher-zero-credits');
    await page.getByRole('tab', { name: 'Extend' }).click();
    await expectNoHorizontalOverflow(page, 'the morpher in Extend mode at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Upscaling is priced even on the local engine: the dialog says so before anything is sent.
    await generateImage(page, 'a lighthouse at dusk', await samplePng([14, 165, 233], [217, 70, 239]));
    await page.goto('/gallery');
    await page.getByRole('button', { name: 'Open a lighthouse at dusk' }).click();
    await page.getByRole('dialog', { name: 'Gallery image' }).getByRole('button', { name: 'Upscale' }).click();
    const upscale = page.getByRole('dialog', { name: 'Upscale Image' });
    const short = upscale.getByRole('button', { name: /^Not enough credits to upscale \(0\.0\d+ credits\)$/ });
    await expect(short).toBeVisible();
    await expect(upscale.getByTestId('credit-shortfall')).toContainText('you have 0.00');
    await expect(upscale.getByRole('button', { name: /^Upscale \(/ })).toHaveCount(0);
    await expectAccessible(page, 'upscale dialog at 0 credits');
    await screenshots(page, 'upscale-dialog-zero-credits');
    const upscaleCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ai/upscale-image')) upscaleCalls.push(request.url());
    });
    await short.click();
    await expect(page.getByRole('dialog', { name: 'Insufficient Credits' })).toBeVisible();
    expect(upscaleCalls).toEqual([]);
  });
});

test.describe('the gallery and shared pages', () => {
  test('an upscaled copy says 2x; tiles say what an image is; axe on the gallery, viewer and share dialog', async ({ page, server }) => {
    await signInByMail(page, server, 'first-gallery@example.com', 'Gus Gallery');
    const prompt = 'A lighthouse on a cliff at dusk, waves crashing below, warm windows, painted in thick oil strokes';
    const source = await generateImage(page, prompt, await samplePng([250, 204, 21], [239, 68, 68]));
    const copy = await post<{ uuid: string; metadata: { scale_factor: number } }>(page, '/api/ai/upscale-image', {
      image_uuid: source,
      scale_factor: 2,
      quality_tier: 'fast',
      provider: 'local',
    });
    expect(copy.metadata.scale_factor).toBe(2);

    await page.goto('/gallery');
    const grid = page.getByRole('list', { name: 'Gallery images' });
    await expect(grid.getByRole('listitem')).toHaveCount(2);
    const [upscaled, original] = [grid.getByRole('listitem').first(), grid.getByRole('listitem').nth(1)];
    await expect(upscaled.getByTestId('upscale-badge')).toHaveText('Upscaled 2x');
    await expect(upscaled.getByTestId('upscale-badge')).toBeVisible();
    await expect(original.getByTestId('upscale-badge')).toHaveCount(0);
    // The prompt is cut to the tile and whole in its tooltip; then tool and size, date and expiry, visibility.
    await expect(original.getByText(prompt)).toHaveAttribute('title', prompt);
    await expect(original).toContainText('320 × 240 · ');
    await expect(upscaled).toContainText('640 × 480 · ');
    await expect(original.getByText('Deletes in 30 days · AI Image Morpher')).toBeVisible();
    await expect(original.getByText('Private')).toBeVisible();
    const heights = await grid.getByRole('listitem').evaluateAll((tiles) => tiles.map((tile) => tile.getBoundingClientRect().height));
    expect(new Set(heights).size, 'every tile has the same height').toBe(1);
    await expectAccessible(page, '/gallery with items');
    await screenshots(page, 'gallery-tiles');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page, '/gallery at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    await upscaled.getByRole('button', { name: /^Open / }).click();
    const viewer = page.getByRole('dialog', { name: 'Gallery image' });
    await expect(viewer.getByText(/^Private · Upscaled 2x · 640 × 480 · .* · Deletes in 30 days$/)).toBeVisible();
    await expectAccessible(page, 'the gallery viewer');
    await screenshots(page, 'gallery-viewer-upscaled');

    await viewer.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('dialog', { name: 'Make it public to share?' }).getByRole('button', { name: 'Make public and share' }).click();
    const share = page.getByRole('dialog', { name: 'Share' });
    await expect(share.getByLabel('Link')).toHaveValue(new RegExp(`/file/${copy.uuid}`));
    await expect(share.getByRole('button', { name: 'Reddit' })).toBeEnabled();
    await expectAccessible(page, 'the share dialog');
    await screenshots(page, 'share-dialog-from-gallery');
  });

  test('a shared mockup is not labelled Prompt; the footer wraps without a leading dot; axe on /file and /content', async ({ page, browser, server }) => {
    await signInByMail(page, server, 'first-share@example.com', 'Priya Publisher');
    const mockup = await makeMockup(page);
    await post(page, `/api/files/${mockup}/toggle-visibility`, {});

    const visitor = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const guest = await visitor.newPage();
    await guest.goto(`/file/${mockup}`);
    await expect(guest.getByRole('heading', { name: 'Mockup Generator' })).toBeVisible();
    await expect(guest.getByText('Description', { exact: true })).toBeVisible();
    await expect(guest.getByText(/^Mockup: /)).toBeVisible();
    await expect(guest.getByText(/^Prompt$/i)).toHaveCount(0);
    const footer = guest.getByRole('list', { name: 'About this item' });
    await expect(footer).toContainText('By Priya Publisher');
    expect(await footer.evaluate((el) => (el as HTMLElement).innerText)).not.toContain('·');
    // An item that starts a line starts left of the clipping box, so its dot is cut off.
    const leading = await footer.evaluate((list) => {
      const box = list.parentElement!.getBoundingClientRect();
      const items = [...list.children].map((item) => item.getBoundingClientRect());
      const lineStarts = items.filter((rect, i) => i === 0 || rect.top > items[i - 1]!.top + 1);
      return lineStarts.filter((rect) => rect.left >= box.left).length;
    });
    expect(leading, 'items that start a line with a visible dot').toBe(0);
    await expectNoHorizontalOverflow(guest, '/file at 390 px');
    await expectAccessible(guest, '/file/{uuid} as a visitor');
    await screenshots(guest, 'file-page-mockup-visitor');

    // The owner's view, and a caption's content page (the caption is the tool's text: never labelled Prompt).
    await page.goto(`/file/${mockup}`);
    await expect(page.getByRole('button', { name: 'Public' })).toBeVisible();
    await expectAccessible(page, '/file/{uuid} as the owner');
    const caption = await post<{ content_id: number }>(page, '/api/ai/generate-caption', {
      imageData: (await samplePng([34, 197, 94], [14, 116, 144])).toString('base64'),
      mimeType: 'image/png',
      prompt: 'Opening day at our new studio',
    });
    await page.goto(`/content/${caption.content_id}`);
    await expect(page.getByRole('list', { name: 'About this item' })).toContainText('By Priya Publisher');
    await expect(page.getByText(/^Prompt$/i)).toHaveCount(0);
    await expectAccessible(page, '/content/{id}');
    await screenshots(page, 'content-page-caption');
    await visitor.close();
  });
});
