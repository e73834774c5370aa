import path from 'node:path';
import { CAPTION_MESSAGES } from '../contract/captions.ts';
import { expect, expectAccessible, screenshots, signInByMail, test } from './fixtures.ts';
import { generateImage, samplePng } from './upload-file.ts';

const COFFEE = path.join(import.meta.dirname, '..', 'server', 'test-support', 'photos', 'coffee.jpg');

test('caption generator: upload coffee.jpg, LinkedIn and Professional with my hashtags, generate, copy, open the saved caption and share it', async ({ page, server, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInByMail(page, server, 'captions@example.com', 'Cara Caption');

  await page.goto('/tools/caption-generator');
  await expect(page.getByRole('heading', { name: 'Upload an image' })).toBeVisible();
  await expect(page.getByText('No images yet. Images you make with the tools appear here.')).toBeVisible();
  await expect(page.getByTestId('engine-note')).toContainText('Preview: local engine, no AI provider set');
  await expectAccessible(page, '/tools/caption-generator (empty)');
  await screenshots(page, 'captions-empty');

  await page.getByLabel('Upload an image').setInputFiles(COFFEE);
  await expect(page.getByRole('img', { name: 'Your image: coffee.jpg' })).toBeVisible();
  await expect(page.getByLabel('Platform')).toHaveValue('Instagram');
  await page.getByLabel('Platform').selectOption('LinkedIn');
  await page.getByLabel('Tone').selectOption('Professional');
  await page.getByLabel(/Context/).fill('Our studio espresso bar is open');
  await page.getByLabel(/Additional hashtags/).fill('#studiolife, espresso');
  // Beside the language: what the local engine writes in it, and that it leaves an English context out of Spanish.
  const languageNote = page.getByTestId('language-note');
  await expect(languageNote).toContainText(CAPTION_MESSAGES.localLanguage('English'));
  await page.getByLabel('Language').selectOption('Spanish');
  await expect(languageNote).toContainText(CAPTION_MESSAGES.localLanguage('Spanish'));
  await expect(languageNote).toContainText(CAPTION_MESSAGES.contextLeftOut('Spanish'));
  await expectAccessible(page, '/tools/caption-generator (language note)');
  await screenshots(page, 'captions-language-note');
  await page.getByLabel('Language').selectOption('English');
  await expect(languageNote).not.toContainText(CAPTION_MESSAGES.contextLeftOut('English'));
  // No AI provider: the local engine is named beside the button, and its previews are free.
  await expect(page.getByTestId('engine-note')).toContainText('Preview: local engine, no AI provider set');
  const generate = page.getByRole('button', { name: /Generate Caption.*Free/ }).first();
  await expect(generate).toBeVisible();
  await generate.click();

  const result = page.getByTestId('caption-result').first();
  await expect(result).toContainText('Our studio espresso bar is open.', { timeout: 30_000 });
  await expect(result).toContainText('#studiolife');
  await expect(result).toContainText('#espresso');
  await expect(result.getByTestId('preview-note')).toBeVisible();
  // Where the captions are kept (they were said to be lost after a refresh, though each is saved).
  await expect(page.getByText(CAPTION_MESSAGES.keptNote)).toBeVisible();
  await expect(page.getByText(/lost after refresh/)).toHaveCount(0);
  const hashtags = await result.getByLabel('Hashtags').locator('span').allTextContents();
  expect(hashtags.length).toBeGreaterThanOrEqual(5);
  expect(hashtags.length).toBeLessThanOrEqual(7);

  await result.getByRole('button', { name: 'Copy' }).click();
  await expect(result.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Our studio espresso bar is open.');
  expect(copied).toMatch(/\n\n#studiolife #espresso/);
  await expect(result.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4000 });
  // Settings stay for the next visit.
  expect(await page.evaluate(() => localStorage.getItem('ampkit:caption-settings'))).toContain('LinkedIn');

  await expectAccessible(page, '/tools/caption-generator (a result)');
  await screenshots(page, 'captions-result');

  // The caption is saved as a content item: open it and share it.
  await result.getByRole('link', { name: /Open and share/ }).click();
  await expect(page).toHaveURL(/\/content\/\d+$/);
  await expect(page.getByText('Our studio espresso bar is open.')).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  // A private caption asks first; the dialogs load when opened, so wait for whichever comes.
  const confirm = page.getByRole('button', { name: 'Make public and share' });
  const shareDialog = page.getByRole('dialog', { name: 'Share', exact: true });
  await expect(confirm.or(shareDialog)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(shareDialog.getByLabel('Link')).toHaveValue(/\/content\/\d+/);
});

test('caption generator gallery: select an image of mine as the input, caption it, delete it', async ({ page, server }) => {
  await signInByMail(page, server, 'captions-gallery@example.com', 'Gil Gallery');
  await generateImage(page, 'a warm gradient', await samplePng([250, 120, 20], [200, 30, 40], 480, 320));

  await page.goto('/tools/caption-generator');
  const gallery = page.getByRole('list', { name: 'Your images' });
  await expect(gallery.getByRole('listitem')).toHaveCount(1);
  await gallery.getByRole('button', { name: /^Select / }).click();
  await expect(page.getByRole('img', { name: /^Your image: / })).toBeVisible();
  await page.getByRole('button', { name: /Generate Caption/ }).first().click();
  await expect(page.getByTestId('caption-result')).toHaveCount(1, { timeout: 30_000 });
  // Its colours are measured from the image selected: orange and red.
  await expect(page.getByTestId('caption-result')).toContainText(/orange|red/i);
  await screenshots(page, 'captions-gallery');

  await gallery.getByRole('button', { name: /^Delete / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No images yet. Images you make with the tools appear here.')).toBeVisible();
});
