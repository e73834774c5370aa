import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedImageResponse, LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { fileListResponse } from '../../../contract/files.ts';
import { HEADSHOT_CUSTOM_MAX, HEADSHOT_MESSAGES } from '../../../contract/headshot.ts';
import { files, generations } from '../../db/schema/index.ts';
import { createTestApp, createTestAppWithGemini, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import type { FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import { geminiGenerateContentBody, jsonOf } from '../../test-support/fake-ai/request-bodies.ts';

const photo = (name: string) => readFileSync(new URL(`../../test-support/photos/${name}`, import.meta.url));
const b64 = (buf: Buffer) => buf.toString('base64');
const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;
const headshot = (t: TestApp, s: TestSession, body: Record<string, unknown>) =>
  t.call('POST', '/api/ai/generate-image', { session: s, body: { toolName: 'ai-headshot', mimeType: 'image/jpeg', ...body } });

const astronaut = photo('astronaut.jpg');
const coffee = photo('coffee.jpg');

/** Two people side by side: the astronaut and the cameraman, each at 512 px. */
async function twoFaces(): Promise<Buffer> {
  return sharp({ create: { width: 1024, height: 512, channels: 3, background: '#ffffff' } })
    .composite([
      { input: astronaut, left: 0, top: 0 },
      { input: photo('camera.jpg'), left: 512, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

/** The astronaut shrunk to 256 px in the middle of a plain 1600 px canvas: one face, about 57 px of a 1600 px photo. */
async function faceTooSmall(): Promise<Buffer> {
  const small = await sharp(astronaut).resize(256).toBuffer();
  return sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#d8d8d8' } })
    .composite([{ input: small, left: 672, top: 672 }])
    .jpeg()
    .toBuffer();
}

async function pixel(png: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return { r: raw[i]!, g: raw[i + 1]!, b: raw[i + 2]! };
}

/** The mean colour of a square region of an image. */
async function mean(png: Buffer, left: number, top: number, size: number) {
  const raw = await sharp(png).extract({ left, top, width: size, height: size }).removeAlpha().raw().toBuffer();
  const sum = [0, 0, 0];
  for (let i = 0; i < raw.length; i++) sum[i % 3]! += raw[i]!;
  const n = raw.length / 3;
  return { r: sum[0]! / n, g: sum[1]! / n, b: sum[2]! / n };
}

async function nothingKept(t: TestApp, s: TestSession) {
  expect(await balance(t, s)).toBe('5.0000');
  expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
  expect(await t.database.db.select().from(generations).where(eq(generations.userId, s.userId))).toHaveLength(0);
  expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
}

describe('AI headshot with the local engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('makes a free 1024 px square preview: the person cut out onto the chosen background, stored with its style and background', async () => {
    const s = await t.make.user();
    const res = await headshot(t, s, { imageData: b64(astronaut), style: 'Professional', background: 'custom', customBackground: 'navy' });
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, generatedImageResponse);
    expect(out).toMatchObject({ provider: 'Local engine', preview: true, credits_used: '0.0000', image: `/api/files/serve/${out.uuid}` });
    expect(out.text).toMatch(new RegExp(`^${LOCAL_PREVIEW_NOTE}`));
    expect(out.text).toMatch(/navy/);
    expect(await balance(t, s)).toBe('5.0000');

    const image = (await t.call('GET', out.image, { session: s })).rawPayload;
    expect(await sharp(image).metadata()).toMatchObject({ width: 1024, height: 1024, format: 'png' });
    // The corners are the navy plate, not the flag and the shuttle behind the astronaut.
    for (const [x, y] of [
      [8, 8],
      [1015, 8],
    ] as const) {
      const c = await pixel(image, x, y);
      expect(c.b, JSON.stringify(c)).toBeGreaterThan(c.r + 25);
      expect(c.r + c.g + c.b).toBeLessThan(3 * 140);
    }
    // The face keeps skin tones: red over green over blue, and bright (the face sits above the middle of the square).
    const face = await mean(image, 452, 280, 120);
    expect(face.r).toBeGreaterThan(face.g);
    expect(face.g).toBeGreaterThan(face.b);
    expect(face.r).toBeGreaterThan(140);

    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, out.generation_id));
    expect(generation).toMatchObject({ status: 'completed', tool: 'ai-headshot', serviceType: 'headshot', serviceVariant: 'local', provider: 'Local engine', outputFileIds: [out.uuid] });
    const gallery = data(await t.call('GET', '/api/files/list?category=image&tool=ai-headshot', { session: s }), fileListResponse).files;
    expect(gallery[0]).toMatchObject({ id: out.uuid, entity_type: 'generated_image', metadata: { style: 'Professional', background: 'custom', customBackground: 'navy', provider: 'Local engine' } });
  });

  it('puts the office behind the person in warm light, and never the custom words on the image', async () => {
    const s = await t.make.user();
    const office = data(await headshot(t, s, { imageData: b64(astronaut), style: 'Professional', background: 'office' }), generatedImageResponse);
    const image = (await t.call('GET', office.image, { session: s })).rawPayload;
    // The bottom left is the desk: warm brown (red over blue).
    const desk = await mean(image, 0, 960, 60);
    expect(desk.r).toBeGreaterThan(desk.b + 15);
    // Studio: grey, near neutral.
    const studio = data(await headshot(t, s, { imageData: b64(astronaut), style: 'Minimalist', background: 'photo-studio' }), generatedImageResponse);
    const corner = await pixel((await t.call('GET', studio.image, { session: s })).rawPayload, 8, 8);
    expect(Math.max(corner.r, corner.g, corner.b) - Math.min(corner.r, corner.g, corner.b)).toBeLessThan(30);
    // Custom words choose colours and are never drawn: 'teal' and 'teal, with ACME CORP written big' give the same pixels.
    const teal = data(await headshot(t, s, { imageData: b64(astronaut), background: 'custom', customBackground: 'teal' }), generatedImageResponse);
    const worded = data(await headshot(t, s, { imageData: b64(astronaut), background: 'custom', customBackground: 'teal, with ACME CORP written big' }), generatedImageResponse);
    const [tealPng, wordedPng] = [(await t.call('GET', teal.image, { session: s })).rawPayload, (await t.call('GET', worded.image, { session: s })).rawPayload];
    const tealCorner = await pixel(tealPng, 8, 8);
    expect(Math.min(tealCorner.g, tealCorner.b), JSON.stringify(tealCorner)).toBeGreaterThan(tealCorner.r + 25);
    expect((await sharp(wordedPng).raw().toBuffer()).equals(await sharp(tealPng).raw().toBuffer())).toBe(true);
    // An empty custom text is a smooth gradient (the preview's text says so).
    const plain = data(await headshot(t, s, { imageData: b64(astronaut), background: 'custom', customBackground: '   ' }), generatedImageResponse);
    expect(plain.text).toMatch(/smooth custom gradient/);
  });

  it.each([
    ['no face (coffee.jpg)', () => Promise.resolve(coffee), HEADSHOT_MESSAGES.noFace],
    ['two faces (astronaut and cameraman side by side)', twoFaces, HEADSHOT_MESSAGES.manyFaces],
    ['a face too small (the astronaut small in a large plain photo)', faceTooSmall, HEADSHOT_MESSAGES.faceTooSmall],
  ])('refuses %s with a 400 before anything is held', async (_label, make, message) => {
    const s = await t.make.user();
    const res = await headshot(t, s, { imageData: b64(await make()), style: 'Casual', background: 'outdoors' });
    expect(res.statusCode, res.body).toBe(400);
    expect(error(res)).toMatchObject({ code: 'VALIDATION_ERROR', message });
    await nothingKept(t, s);
  });

  it.each([
    ['an unknown style', { style: 'Baroque' }],
    ['an unknown background', { background: 'beach' }],
    ['a custom text over the limit', { background: 'custom', customBackground: 'x'.repeat(HEADSHOT_CUSTOM_MAX + 1) }],
    ['no image', { imageData: undefined }],
    ['an image that is not one', { imageData: b64(Buffer.from('hello, this is not an image at all')) }],
  ])('refuses %s and changes nothing', async (_label, body) => {
    const s = await t.make.user();
    const res = await headshot(t, s, { imageData: b64(astronaut), ...body });
    expect([400, 415]).toContain(res.statusCode);
    expect(error(res).message).toEqual(expect.any(String));
    await nothingKept(t, s);
  });

  it('a 401 without a session', async () => {
    const res = await t.call('POST', '/api/ai/generate-image', { body: { toolName: 'ai-headshot', imageData: b64(astronaut) } });
    expect(res.statusCode).toBe(401);
  });

  describe('priced by the admin (local variant above 0)', () => {
    beforeAll(() => t.setPrice('headshot', 'local', '0.5'));
    afterAll(() => t.setPrice('headshot', 'local', '0'));

    it('holds and captures the price', async () => {
      const s = await t.make.user();
      const out = data(await headshot(t, s, { imageData: b64(astronaut), style: 'Regal', background: 'outdoors' }), generatedImageResponse);
      expect(out).toMatchObject({ credits_used: '0.5000', preview: true });
      expect(await balance(t, s)).toBe('4.5000');
      expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
    });

    it('answers 402 with the dialog numbers when the balance is short, and keeps nothing', async () => {
      const s = await t.make.user({ credits: '0.1' });
      const res = await headshot(t, s, { imageData: b64(astronaut) });
      expect(res.statusCode).toBe(402);
      expect(error(res)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required_credits: '0.5000', available_credits: '0.1000', deficit: '0.4000' });
      expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
    });

    it('charges nothing for a photo without a face even when priced', async () => {
      const s = await t.make.user();
      const res = await headshot(t, s, { imageData: b64(coffee) });
      expect(error(res).message).toBe(HEADSHOT_MESSAGES.noFace);
      await nothingKept(t, s);
    });
  });
});

describe('AI headshot with Gemini (fake server)', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ AI_TIMEOUT_MS: '2000' }));
    await t.setPrice('headshot', 'standard', '0.75');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the head-and-shoulders square and a prompt of style, background and custom text; stores a 1024 px PNG and charges', async () => {
    const s = await t.make.user();
    gemini.requests.length = 0;
    const res = await headshot(t, s, { imageData: b64(astronaut), style: 'Cyberpunk', background: 'custom', customBackground: 'a rainy neon street' });
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, generatedImageResponse);
    expect(out).toMatchObject({ provider: 'Gemini', preview: false, credits_used: '0.7500' });
    expect(out.text).not.toMatch(new RegExp(LOCAL_PREVIEW_NOTE));
    expect(await balance(t, s)).toBe('4.2500');
    const request = gemini.requests.find((r) => r.path.includes(':generateContent'))!;
    const parts = jsonOf(request, geminiGenerateContentBody).contents[0]!.parts;
    const prompt = parts.map((p) => p.text ?? '').join(' ');
    expect(prompt).toMatch(/headshot/i);
    expect(prompt).toMatch(/identity/i);
    expect(prompt).toMatch(/Cyberpunk/);
    expect(prompt).toMatch(/a rainy neon street/);
    const inline = parts.find((p) => p.inline_data ?? p.inlineData)!;
    const sent = await sharp(Buffer.from((inline.inline_data ?? inline.inlineData)!.data, 'base64')).metadata();
    expect(sent.width).toBe(sent.height);
    const image = (await t.call('GET', out.image, { session: s })).rawPayload;
    expect(await sharp(image).metadata()).toMatchObject({ width: 1024, height: 1024, format: 'png' });
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, out.generation_id));
    expect(generation).toMatchObject({ status: 'completed', provider: 'Gemini', serviceVariant: 'standard' });
  });

  it('checks the face before calling the provider: two faces cost nothing and reach no provider', async () => {
    const s = await t.make.user();
    gemini.requests.length = 0;
    const res = await headshot(t, s, { imageData: b64(await twoFaces()) });
    expect(error(res).message).toBe(HEADSHOT_MESSAGES.manyFaces);
    expect(gemini.requests).toHaveLength(0);
    await nothingKept(t, s);
  });

  it('classifies a provider failure, releases the hold and keeps nothing', async () => {
    const s = await t.make.user();
    gemini.failNext('safety');
    const res = await headshot(t, s, { imageData: b64(astronaut) });
    expect(res.statusCode).toBe(422);
    expect(error(res)).toMatchObject({ code: 'AI_CONTENT_BLOCKED', error_class: 'content_policy' });
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
    expect(generation).toMatchObject({ status: 'failed', errorClass: 'content_policy', outputFileIds: [] });
  });
});
