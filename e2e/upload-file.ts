/**
 * Puts files in a signed-in user's storage through the real API with the session's CSRF token: an upload
 * (POST /api/files/upload, category 'upload': it has a file page but is not in the image gallery), or a generated
 * image (POST /api/ai/generate-image on the local engine, as the morpher does; it costs credits like any generation).
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { GalleryItem } from '../contract/files.ts';

/** A small PNG: a diagonal gradient between two colours. */
export async function samplePng(from: [number, number, number], to: [number, number, number], width = 320, height = 240): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) pixels[(y * width + x) * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

export async function csrfToken(page: Page): Promise<string> {
  const profile = await page.request.get('/api/auth/profile');
  const body = (await profile.json()) as { data: { csrf_token: string } };
  return body.data.csrf_token;
}

export async function uploadFile(page: Page, name: string, data: Buffer): Promise<GalleryItem> {
  const response = await page.request.post('/api/files/upload', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    multipart: { file: { name, mimeType: 'image/png', buffer: data } },
  });
  if (!response.ok()) throw new Error(`upload failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { file: GalleryItem } }).data.file;
}

/** Makes a generated image as the morpher does; answers its file uuid. */
export async function generateImage(page: Page, prompt: string, data: Buffer): Promise<string> {
  const response = await page.request.post('/api/ai/generate-image', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { imageData: data.toString('base64'), mimeType: 'image/png', userPrompt: prompt, variability: 5 },
  });
  if (!response.ok()) throw new Error(`generation failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { uuid: string } }).data.uuid;
}
