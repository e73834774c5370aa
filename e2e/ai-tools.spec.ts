import type { Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { CLUSTER, expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';

/** A colourful test picture (gradients and a few shapes), made here so the test needs no fixture files. */
async function testPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = Math.round((x / width) * 255);
      raw[i + 1] = Math.round((y / height) * 200) + 30;
      raw[i + 2] = Math.round(((x + y) / (width + height)) * 255) ^ ((x >> 5) & 1 ? 40 : 0);
    }
  }
  const shapes = Buffer.from(
    `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">
      <circle cx="${width * 0.35}" cy="${height * 0.45}" r="${height * 0.22}" fill="#fde047" stroke="#1e293b" stroke-width="8"/>
      <rect x="${width * 0.55}" y="${height * 0.3}" width="${width * 0.25}" height="${height * 0.4}" rx="24" fill="#7c3aed"/>
    </svg>`,
  );
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .composite([{ input: shapes }])
    .png()
    .toBuffer();
}

const credits = (page: Page, amount: string) => page.getByRole('link', { name: `${amount} credits` });

/** Holds the next generate call for a moment so the loading state can be seen. */
async function slowNextGeneration(page: Page, ms: number) {
  await page.route(
    '**/api/ai/generate-image',
    async (route: Route) => {
      await new Promise((r) => setTimeout(r, ms));
      await route.continue();
    },
    { times: 1 },
  );
}

test.describe('AI image tools', () => {
  test('morph with crop and extend, view, upscale, errors', { tag: CLUSTER }, async ({ page, server }) => {
    test.setTimeout(300_000);
    await signInByMail(page, server, 'morpher@example.com', 'Mia Morpher');
    await expect(credits(page, '5.00')).toBeVisible();

    // --- The morpher: upload ---
    await page.goto('/tools/image-variator');
    await expect(page.getByRole('heading', { name: 'AI Image Morpher', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upload & Describe' })).toBeVisible();
    await expect(page.getByText('No images yet. Your morphed images will appear here.')).toBeVisible();
    // No AI provider is set: the local engine runs, named beside the button, and its previews are free.
    await expect(page.getByRole('button', { name: /Morph Image.*Free/ }).first()).toBeVisible();
    await expect(page.getByTestId('engine-note')).toContainText('Preview: local engine, no AI provider set');
    await screenshots(page, 'morpher-empty');

    // A large photo is resized to 1536 px on its longest side before anything is sent.
    await page.getByLabel('Upload image').setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: await testPng(2400, 1600) });
    const source = page.getByRole('img', { name: 'Source image' });
    await expect(source).toBeVisible();
    await expect(page.getByText('large.png · 1536 × 1024 px')).toBeVisible();
    // The rest of the run uses a smaller picture, which keeps the local engine quick.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Replace image' }).click()]);
    await chooser.setFiles({ name: 'scene.png', mimeType: 'image/png', buffer: await testPng(600, 400) });
    await expect(page.getByText('scene.png · 600 × 400 px')).toBeVisible();
    await screenshots(page, 'morpher-upload');

    // --- Crop: drag the corner handle, then type an exact width ---
    await page.getByRole('tab', { name: 'Crop' }).click();
    const cropBox = page.getByTestId('crop-box');
    await expect(cropBox).toBeVisible();
    await expect(page.getByLabel('Crop width')).toHaveValue('480');
    const handle = cropBox.locator('[data-handle="se"]');
    const hb = (await handle.boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x - 60, hb.y - 40, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByLabel('Crop width')).not.toHaveValue('480');
    await page.getByLabel('Crop width').fill('20');
    await page.getByLabel('Crop width').press('Enter');
    await expect(page.getByLabel('Crop width')).toHaveValue('50'); // the 50 px minimum
    await page.getByLabel('Crop width').fill('400');
    await page.getByLabel('Crop width').press('Enter');
    await expect(page.getByLabel('Crop width')).toHaveValue('400');
    await screenshots(page, 'morpher-crop');

    // --- Morph the crop: loading, then the result and a lower balance ---
    await page.getByLabel('Prompt').fill('A watercolour version');
    await slowNextGeneration(page, 2500);
    const generate = page.waitForResponse((r) => r.url().endsWith('/api/ai/generate-image') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /Morph Image/ }).first().click();
    await expect(page.getByText('Morphing your image…')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generating...' }).first()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Create' })).toBeDisabled();
    await screenshots(page, 'morpher-loading');
    const sent = (await generate).request().postDataJSON();
    expect(sent).toMatchObject({ toolName: 'image-variator', mimeType: 'image/jpeg', userPrompt: 'A watercolour version', variability: 5, aspectRatio: 'original' });
    expect(sent.cropData).toMatchObject({ width: 400 });
    expect(sent.imageData).not.toContain('data:');
    const result = page.getByRole('img', { name: 'Result: A watercolour version' });
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Local engine').first()).toBeVisible();
    // The result says what it is and which effect the prompt chose; a preview costs nothing.
    await expect(page.getByText(/^Preview: local engine, no AI provider set\..*watercolou?r/i)).toBeVisible();
    await expect(page.getByText('Free preview', { exact: true })).toBeVisible();
    await expect(credits(page, '5.00')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Image history' }).getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page, 'morpher result');
    await screenshots(page, 'morpher-result');

    // --- Inpaint: paint a stroke over the image ---
    await page.getByRole('tab', { name: 'Inpaint' }).click();
    await expect(page.getByTestId('crop-box')).toHaveCount(0);
    const canvas = page.getByTestId('inpaint-canvas');
    const cb = (await canvas.boundingBox())!;
    await page.mouse.move(cb.x + cb.width * 0.3, cb.y + cb.height * 0.4);
    await page.mouse.down();
    await page.mouse.move(cb.x + cb.width * 0.6, cb.y + cb.height * 0.5, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByRole('button', { name: 'Clear mask' })).toBeEnabled();
    await page.getByLabel('Brush size').fill('120');
    await screenshots(page, 'morpher-inpaint');

    // --- Extend: pick the right edge, +100%, Generate Now ---
    await page.getByRole('tab', { name: 'Extend' }).click();
    await expect(page.getByRole('radio', { name: '1:1' })).toHaveCount(0); // no aspect ratio in Extend mode
    await page.getByRole('button', { name: 'Extend right' }).click();
    await page.getByText('+150%', { exact: true }).click();
    await expect(page.getByTestId('extend-preview')).toHaveText('+150%');
    await screenshots(page, 'morpher-extend');
    // The cross deselects; picking again brings the controls back.
    await page.getByRole('button', { name: 'Cancel extension' }).click();
    await expect(page.getByRole('button', { name: 'Generate Now' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Extend right' }).click();
    await page.getByText('+50%', { exact: true }).click();
    const extendCall = page.waitForRequest((r) => r.url().endsWith('/api/ai/generate-image'));
    await page.getByRole('button', { name: 'Generate Now' }).click();
    expect((await extendCall).postDataJSON()).toMatchObject({ extensionDirection: 'right', extensionAmount: 50, aspectRatio: 'original' });
    await expect(page.getByRole('list', { name: 'Image history' }).getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Generate Now' })).toHaveCount(0); // reset after generating
    await expect(credits(page, '5.00')).toBeVisible();

    // --- Lightbox ---
    await page.getByRole('button', { name: 'Open result in full screen' }).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('1 / 2')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('2 / 2')).toBeVisible();
    await screenshots(page, 'morpher-lightbox');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);

    // --- Upscale the result on the fast tier ---
    await page.getByRole('button', { name: 'Upscale', exact: true }).click();
    const upscale = page.getByRole('dialog', { name: 'Upscale Image' });
    await expect(upscale).toBeVisible();
    await upscale.getByText('Fast', { exact: true }).click();
    await expect(upscale.getByText('Usually 8-18 s')).toBeVisible();
    await expect(upscale.getByRole('button', { name: 'Upscale (0.005 credits)' })).toBeVisible();
    await screenshots(page, 'upscale-dialog');
    await upscale.getByRole('button', { name: /^Upscale \(/ }).click();
    await expect(upscale.getByText('Image upscaled')).toBeVisible({ timeout: 60_000 });
    await screenshots(page, 'upscale-done');
    await upscale.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Upscaled', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Image history' }).getByRole('listitem')).toHaveCount(3);

    // --- The error box: a rate-limited provider ---
    await page.getByRole('tab', { name: 'None' }).click();
    await page.route('**/api/ai/generate-image', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: {
            code: 'AI_RATE_LIMITED',
            message: 'Too many requests right now: the rate limit or quota was reached.\n\n- Wait a minute before trying again\n- Large batches count against the quota',
            error_class: 'rate_limit',
            tip: 'Wait a minute and try again. Nothing was charged for this attempt.',
          },
        }),
      }),
    );
    await page.getByRole('button', { name: /Morph Image/ }).first().click();
    const errorBox = page.getByRole('alert').filter({ hasText: 'Too many requests right now' });
    await expect(errorBox).toBeVisible();
    await expect(errorBox.getByRole('listitem')).toHaveCount(2);
    await expect(errorBox.getByText('Tip:')).toBeVisible();
    await screenshots(page, 'morpher-error');

    // --- Insufficient credits opens the top-up dialog ---
    await page.unroute('**/api/ai/generate-image');
    await page.route('**/api/ai/generate-image', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: { code: 'INSUFFICIENT_CREDITS', message: 'Not enough credits', required_credits: '0.2500', available_credits: '0.1000', deficit: '0.1500' },
        }),
      }),
    );
    await page.getByRole('button', { name: /Morph Image/ }).first().click();
    const topUp = page.getByRole('dialog', { name: 'Insufficient Credits' });
    await expect(topUp).toBeVisible();
    await screenshots(page, 'morpher-insufficient-credits');
    await topUp.getByRole('button', { name: 'Not now' }).click();
    await page.unroute('**/api/ai/generate-image');

    // --- Select a history image: its prompt comes back ---
    await page.getByLabel('Prompt').fill('');
    await page.getByRole('list', { name: 'Image history' }).getByRole('button', { name: /^Select/ }).last().click();
    await expect(page.getByLabel('Prompt')).toHaveValue('A watercolour version');
    await expect(page.getByText('From your history')).toBeVisible();
    await screenshots(page, 'morpher-history-selected');

    // --- Use as Source: the selected image becomes the input; the result is cleared ---
    await page.getByRole('button', { name: 'Use as Source' }).click();
    await expect(page.getByText('result.jpg · ')).toBeVisible();
    await expect(page.getByText('Your morphed image will appear here')).toBeVisible();

  });

  // Its own test, so that its time and its failure are its own (it shared the morpher's 300 s once, and a CI run ran
  // out of them at its download).
  test('a two-style mockup of one image, viewed and downloaded one by one and all at once', { tag: CLUSTER }, async ({ page, server }) => {
    await signInByMail(page, server, 'mockups@example.com', 'Mo Mockups');
    await expect(credits(page, '5.00')).toBeVisible();

    // --- Mockups: two styles on one image, then download ---
    await page.goto('/tools/mockup-generator');
    await expect(page.getByRole('heading', { name: 'Mockup Generator', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /Generate Mockups/ }).click();
    await expect(page.getByText('Please upload at least one image and select a style.')).toBeVisible();
    await screenshots(page, 'mockup-steps-empty');
    await page.getByLabel('Upload mockup images').setInputFiles({ name: 'artwork.png', mimeType: 'image/png', buffer: await testPng(1200, 800) });
    await expect(page.getByRole('img', { name: 'Image 1: artwork.png' })).toBeVisible();
    await page.getByText('Laptop screen', { exact: true }).click();
    await page.getByText('Poster', { exact: true }).click();
    await page.getByText('Gradient', { exact: true }).click();
    // The local engine draws template previews: free, and timed as what they are.
    await expect(page.getByRole('button', { name: /Generate Mockups.*Free/ })).toBeVisible();
    await expect(page.getByTestId('engine-note')).toContainText('Preview: local engine, no AI provider set');
    await screenshots(page, 'mockup-steps');
    await page.getByRole('button', { name: /Generate Mockups/ }).click();
    await expect(page.getByRole('status').filter({ hasText: /drawn template preview/i })).toBeVisible();
    await expect(page.getByText('30-60 s')).toHaveCount(0);
    await screenshots(page, 'mockup-running');
    await expect(page.getByRole('heading', { name: 'Your mockups' })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('link', { name: /^Download .* mockup$/ })).toHaveCount(2);
    await expect(page.getByTestId('preview-note')).toBeVisible();
    await expect(credits(page, '5.00')).toBeVisible();
    await expectAccessible(page, 'mockup result');
    await screenshots(page, 'mockup-result');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Laptop screen mockup' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ampkit-.*\.(png|jpe?g|webp)$/);

    // Download all: every mockup in turn, each under its own ampkit- name (the server's names would be one name twice).
    const saved: string[] = [];
    page.on('download', (each) => saved.push(each.suggestedFilename()));
    await page.getByRole('button', { name: 'Download all (2)' }).click();
    await expect.poll(() => saved.length, { timeout: 20_000 }).toBe(2);
    expect(saved).toEqual([expect.stringMatching(/^ampkit-mockup-laptop-screen-1-\d{8}-\d{6}\.png$/), expect.stringMatching(/^ampkit-mockup-poster-2-\d{8}-\d{6}\.png$/)]);
    await expect(page.getByRole('button', { name: 'Download all (2)' })).toBeEnabled();
  });
});
