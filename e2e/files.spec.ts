import { CLUSTER, expect, screenshots, signInByMail, test } from './fixtures.ts';
import { csrfToken, generateImage, samplePng, uploadFile } from './upload-file.ts';

test('the owner makes a file public; a visitor sees it; once deleted it is gone for both', { tag: CLUSTER }, async ({ page, browser, server }) => {
  await signInByMail(page, server, 'file-owner@example.com', 'Olive Owner');
  const file = await uploadFile(page, 'sunset.png', await samplePng([251, 146, 60], [124, 58, 237]));

  // A private file: only its owner sees it, with the owner's controls.
  await page.goto(`/file/${file.id}`);
  await expect(page.getByRole('heading', { name: 'sunset.png' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'sunset.png' })).toBeVisible();
  await expect(page.getByText('By Olive Owner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/files/download/${file.id}`);
  await expect(page.getByText('Public File')).toHaveCount(0);

  const visitor = await browser.newContext({ baseURL: server.url });
  const guest = await visitor.newPage();
  await guest.goto(`/file/${file.id}`);
  await expect(guest.getByText('File not found')).toBeVisible();

  await page.getByRole('button', { name: 'Private' }).click();
  await expect(page.getByRole('button', { name: 'Public' })).toBeVisible();

  // Share: the link of the public page, Copy reads Copied!.
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share.getByLabel('Link')).toHaveValue(new RegExp(`^${server.url}/file/${file.id}(\\?|$)`));
  await expect(share.getByRole('button', { name: 'Pinterest' })).toBeVisible();
  await screenshots(page, 'share-dialog');
  await share.getByRole('button', { name: 'Close' }).click();
  await screenshots(page, 'file-page-owner');

  // A signed-out visitor sees the public file, its badge and the sign-in link; no owner controls.
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'sunset.png' })).toBeVisible();
  await expect(guest.getByText('Public File')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Sign in to create your own' })).toHaveAttribute('href', '/auth');
  await expect(guest.getByRole('button', { name: 'Public' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await screenshots(guest, 'file-page-visitor');

  // Deleted (an upload is not in the image gallery, so through the API): gone for the owner and the visitor.
  const deleted = await page.request.delete(`/api/files/delete/${file.id}`, { headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(deleted.ok()).toBe(true);
  await guest.reload();
  await expect(guest.getByText('File not found')).toBeVisible();
  await page.reload();
  await expect(page.getByText('File not found')).toBeVisible();
  await visitor.close();
});

test('the gallery: lightbox with keys, public badge, share, delete one and the delete-all confirmation', async ({ page, server }) => {
  await signInByMail(page, server, 'gallery-owner@example.com', 'Gale');
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { name: 'No images yet' })).toBeVisible();

  const first = { id: await generateImage(page, 'first sunrise', await samplePng([14, 165, 233], [217, 70, 239])) };
  const second = { id: await generateImage(page, 'second sunset', await samplePng([250, 204, 21], [239, 68, 68])) };

  await page.goto('/gallery');
  const grid = page.getByRole('list', { name: 'Gallery images' });
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  // Newest first; 30 days left, so no countdown badge yet (it shows from 7 days).
  await expect(grid.getByRole('listitem').first().getByRole('button', { name: 'Open second sunset' })).toBeVisible();
  await expect(grid.getByRole('listitem').first()).toContainText('AI Image Morpher');
  await expect(grid.getByText(/days? left/)).toHaveCount(0);
  await screenshots(page, 'gallery');

  await grid.getByRole('button', { name: 'Open second sunset' }).click();
  const viewer = page.getByRole('dialog', { name: 'Gallery image' });
  await expect(viewer.getByText('1 / 2')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('2 / 2')).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'first sunrise' })).toBeVisible();
  await screenshots(page, 'lightbox');
  await viewer.getByRole('button', { name: 'Make public' }).click();
  await expect(viewer.getByRole('button', { name: 'Make private' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/files/download/${first.id}`);

  // Upscale from the gallery: the dialog opens on top of the lightbox and shows the price.
  await viewer.getByRole('button', { name: 'Upscale' }).click();
  const upscaleDialog = page.getByRole('dialog', { name: /Upscale/ });
  await expect(upscaleDialog).toBeVisible();
  await expect(upscaleDialog).toContainText(/credits/);
  await page.keyboard.press('Escape');
  await expect(upscaleDialog).toHaveCount(0);

  // Share from the lightbox opens on top of it; Escape closes the share dialog only, then the lightbox.
  await viewer.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog', { name: 'Share' }).getByLabel('Link')).toHaveValue(new RegExp(`^${server.url}/file/${first.id}(\\?|$)`));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Share' })).toHaveCount(0);
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(grid.getByRole('listitem').nth(1)).toContainText('Public');

  // Delete one, with confirmation.
  await grid.getByRole('button', { name: 'Delete image second sunset' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  expect((await page.request.get(`/api/file/${second.id}`)).status()).toBe(404);

  // Delete all asks first: Cancel keeps everything, confirming empties the gallery.
  await page.getByRole('button', { name: 'Delete all' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete all images?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete all' }).click();
  await page.getByRole('dialog', { name: 'Delete all images?' }).getByRole('button', { name: /Delete/ }).click();
  await expect(page.getByRole('heading', { name: 'No images yet' })).toBeVisible();
  expect((await page.request.get(`/api/file/${first.id}`)).status()).toBe(404);
});

test('a shared mockup is named after what its owner made, in the server-rendered head and the tab after the app starts', async ({ page, browser, server }) => {
  await signInByMail(page, server, 'mockup-sharer@example.com', 'Mo <b>Maker</b>');
  const customStyle = 'Coffee mug on a "marble" table <img src=x onerror=alert(1)>';
  const headers = { 'x-csrf-token': await csrfToken(page) };
  const submitted = await page.request.post('/api/ai/generate-image', {
    headers,
    data: { toolName: 'mockup-generator', images: [(await samplePng([251, 146, 60], [124, 58, 237])).toString('base64')], styles: ['custom'], customStyle },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  const jobId = ((await submitted.json()) as { data: { job_id: string } }).data.job_id;
  let uuid = '';
  await expect
    .poll(async () => {
      const status = (await (await page.request.get(`/api/ai/mockup-job-status?job_id=${jobId}`)).json()) as { data: { result: { images: Array<{ uuid: string }> } | null } };
      uuid = status.data.result?.images[0]?.uuid ?? '';
      return uuid;
    }, { timeout: 60_000 })
    .not.toBe('');
  expect((await page.request.post(`/api/files/${uuid}/toggle-visibility`, { headers })).ok()).toBe(true);

  const visitor = await browser.newContext({ baseURL: server.url });
  const guest = await visitor.newPage();
  const dialogs: string[] = [];
  guest.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await guest.goto(`/file/${uuid}`);
  const head = (await response!.text()).split('</head>')[0]!;
  const title = `${customStyle} · Mockup Generator`;
  const escaped = 'Coffee mug on a &quot;marble&quot; table &lt;img src=x onerror=alert(1)&gt; · Mockup Generator';
  expect(head).toContain(`<title>${escaped}</title>`);
  expect(head).toContain(`<meta property="og:title" content="${escaped}" />`);
  expect(head).toContain(`<meta name="twitter:title" content="${escaped}" />`);
  expect(head).toContain('<meta property="og:description" content="A product mockup on a photo studio background. Made by Mo &lt;b&gt;Maker&lt;/b&gt; with Mockup Generator on Ampkit." />');
  expect(head).not.toContain('Preview: local engine');

  // After the app has started: the tab says the same, and the owner's words stayed words.
  await expect(guest.getByRole('heading', { name: 'Mockup Generator' })).toBeVisible();
  await expect.poll(() => guest.evaluate(() => document.title)).toBe(`${title} · Ampkit`);
  expect(await guest.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
  await screenshots(guest, 'shared-mockup-page');
  await visitor.close();
});
