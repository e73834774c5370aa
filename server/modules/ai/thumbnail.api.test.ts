import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedImageResponse, LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { fileListResponse } from '../../../contract/files.ts';
import { THUMBNAIL_TEXT_MAX } from '../../../contract/thumbnail.ts';
import { files, generations } from '../../db/schema/index.ts';
import { sharedLocalVision } from '../../providers/ai/local-vision/index.ts';
import { createTestApp, createTestAppWithGemini, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { GEMINI_OUTPUT_COLOR, type FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import { geminiGenerateContentBody, jsonOf } from '../../test-support/fake-ai/request-bodies.ts';

const photo = (name: string) => readFileSync(new URL(`../../test-support/photos/${name}`, import.meta.url));
const b64 = (buf: Buffer) => buf.toString('base64');
const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;
const thumbnail = (t: TestApp, s: TestSession, body: Record<string, unknown>) =>
  t.call('POST', '/api/ai/generate-image', { session: s, body: { toolName: 'thumbnail-generator', mimeType: 'image/jpeg', ...body } });
const fetchImage = async (t: TestApp, s: TestSession, url: string) => (await t.call('GET', url, { session: s })).rawPayload;

const astronaut = photo('astronaut.jpg');

/** Mean absolute difference of two same-size images over a region (all channels). */
async function difference(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const [ra, rb] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().extract(region).raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < ra!.length; i++) sum += Math.abs(ra![i]! - rb![i]!);
  return sum / ra!.length;
}

async function nothingKept(t: TestApp, s: TestSession) {
  expect(await balance(t, s)).toBe('5.0000');
  expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
  expect(await t.database.db.select().from(generations).where(eq(generations.userId, s.userId))).toHaveLength(0);
  expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
}

describe('Thumbnail generator with the local engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('makes a free 1280x720 PNG preview that says what it did, stored with its style, realism and text', async () => {
    const s = await t.make.user();
    const res = await thumbnail(t, s, { imageData: b64(astronaut), style: 'viral-bold', realism: 4, addText: true, thumbnailText: 'I went to space' });
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, generatedImageResponse);
    expect(out).toMatchObject({ provider: 'Local engine', preview: true, credits_used: '0.0000', image: `/api/files/serve/${out.uuid}` });
    expect(out.text).toMatch(new RegExp(`^${LOCAL_PREVIEW_NOTE}`));
    expect(out.text).toMatch(/around your face/);
    expect(out.text).toMatch(/Viral Bold grade \(Vivid \+ HDR\) at Realistic strength/);
    expect(await balance(t, s)).toBe('5.0000');

    const image = await fetchImage(t, s, out.image);
    expect(await sharp(image).metadata()).toMatchObject({ width: 1280, height: 720, format: 'png' });

    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, out.generation_id));
    expect(generation).toMatchObject({ status: 'completed', tool: 'thumbnail-generator', serviceType: 'thumbnail', serviceVariant: 'local', provider: 'Local engine', outputFileIds: [out.uuid] });
    const gallery = data(await t.call('GET', '/api/files/list?category=image&tool=thumbnail-generator', { session: s }), fileListResponse).files;
    expect(gallery[0]).toMatchObject({
      id: out.uuid,
      entity_type: 'generated_image',
      metadata: { style: 'viral-bold', realism: 4, addText: true, thumbnailText: 'I went to space', provider: 'Local engine' },
    });
  });

  it('letters the text where the layout puts it (away from the face) and leaves the rest of the frame alone', async () => {
    const s = await t.make.user();
    const body = { imageData: b64(astronaut), style: 'tech-review', realism: 3, thumbnailText: 'Big news today' };
    const withText = data(await thumbnail(t, s, { ...body, addText: true }), generatedImageResponse);
    const without = data(await thumbnail(t, s, { ...body, addText: false }), generatedImageResponse);
    const [a, b] = [await fetchImage(t, s, withText.image), await fetchImage(t, s, without.image)];
    // The astronaut's face is left of centre, so the text column is on the right.
    expect(withText.text).toMatch(/Set your text on the right/);
    expect(without.text).not.toMatch(/Set your text/);
    expect(await difference(a, b, { left: 760, top: 240, width: 480, height: 240 })).toBeGreaterThan(25);
    expect(await difference(a, b, { left: 0, top: 0, width: 400, height: 720 })).toBeLessThan(0.5);
    // Overlay off: the text is kept in the metadata but not drawn; an empty text with the overlay on draws nothing either.
    const blank = data(await thumbnail(t, s, { ...body, addText: true, thumbnailText: '   ' }), generatedImageResponse);
    expect(await difference(await fetchImage(t, s, blank.image), b, { left: 0, top: 0, width: 1280, height: 720 })).toBe(0);
  });

  it('keeps the face in the frame: the astronaut at the right of a wide canvas is found again, whole, in the thumbnail', async () => {
    const s = await t.make.user();
    // 3000x700: a centre crop (1244 px wide, x 878-2122) would miss the astronaut at x 2420-2932 entirely.
    const wide = await sharp({ create: { width: 3000, height: 700, channels: 3, background: '#5a6b7c' } })
      .composite([{ input: astronaut, left: 2420, top: 100 }])
      .jpeg()
      .toBuffer();
    const out = data(await thumbnail(t, s, { imageData: b64(wide), style: 'podcast-minimal', realism: 5, addText: true, thumbnailText: 'Episode 12' }), generatedImageResponse);
    const image = await fetchImage(t, s, out.image);
    const faces = await sharedLocalVision().faces(image);
    expect(faces.length).toBe(1);
    const face = faces[0]!;
    expect(face.x).toBeGreaterThanOrEqual(0);
    expect(face.y).toBeGreaterThanOrEqual(0);
    expect(face.x + face.width).toBeLessThanOrEqual(1280);
    expect(face.y + face.height).toBeLessThanOrEqual(720);
    // In the upper half, and the text went to the other side.
    expect(face.y + face.height / 2).toBeLessThan(360);
    expect(out.text).toMatch(/Set your text on the left/);
  });

  it('with no face frames by attention, letters along the bottom, and applies the effect the prompt asks for', async () => {
    const s = await t.make.user();
    const out = data(await thumbnail(t, s, { imageData: b64(photo('coffee.jpg')), style: 'food-closeup', realism: 1, prompt: 'make it black and white', thumbnailText: 'Best coffee?' }), generatedImageResponse);
    expect(out.text).toMatch(/no face found/);
    expect(out.text).toMatch(/Very Stylized/);
    expect(out.text).toMatch(/Your prompt asked for Black and white/);
    expect(out.text).toMatch(/along the bottom/);
    expect(out.text).not.toMatch(/make it black and white/);
  });

  it.each([
    ['data that is not base64', { imageData: '%%% not base64 at all %%%' }],
    ['bytes that are not an image', { imageData: b64(Buffer.from('hello, this is not an image at all')) }],
    ['an unknown style', { style: 'vaporwave-extreme' }],
    ['realism 6', { realism: 6 }],
    ['realism 0', { realism: 0 }],
    ['a text over the limit', { thumbnailText: 'x'.repeat(THUMBNAIL_TEXT_MAX + 1) }],
    ['no image', { imageData: undefined }],
  ])('refuses %s with a 400 and changes nothing', async (_label, body) => {
    const s = await t.make.user();
    const res = await thumbnail(t, s, { imageData: b64(astronaut), ...body });
    expect([400, 415], res.body).toContain(res.statusCode);
    expect(error(res).message).toEqual(expect.any(String));
    await nothingKept(t, s);
  });

  it('a 401 without a session', async () => {
    const res = await t.call('POST', '/api/ai/generate-image', { body: { toolName: 'thumbnail-generator', imageData: b64(astronaut) } });
    expect(res.statusCode).toBe(401);
  });

  describe('priced by the admin (local variant above 0)', () => {
    beforeAll(() => t.setPrice('thumbnail', 'local', '0.5'));
    afterAll(() => t.setPrice('thumbnail', 'local', '0'));

    it('holds and captures the price', async () => {
      const s = await t.make.user();
      const out = data(await thumbnail(t, s, { imageData: b64(astronaut), thumbnailText: 'Paid' }), generatedImageResponse);
      expect(out).toMatchObject({ credits_used: '0.5000', preview: true });
      expect(await balance(t, s)).toBe('4.5000');
      expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
    });

    it('answers 402 with the dialog numbers when the balance is short, and keeps nothing', async () => {
      const s = await t.make.user({ credits: '0.1' });
      const res = await thumbnail(t, s, { imageData: b64(astronaut) });
      expect(res.statusCode).toBe(402);
      expect(error(res)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required_credits: '0.5000', available_credits: '0.1000', deficit: '0.4000' });
      expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
    });

    it('charges nothing for a request it refuses', async () => {
      const s = await t.make.user();
      const res = await thumbnail(t, s, { imageData: b64(astronaut), realism: 6 });
      expect(res.statusCode).toBe(400);
      await nothingKept(t, s);
    });
  });
});

describe('Thumbnail generator with Gemini (fake server)', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ AI_TIMEOUT_MS: '2000' }));
    await t.setPrice('thumbnail', 'standard', '0.4');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the 16:9 frame with a prompt of style, realism, edit and text; stores the answer at 1280x720 and charges', async () => {
    const s = await t.make.user();
    gemini.requests.length = 0;
    const res = await thumbnail(t, s, { imageData: b64(astronaut), style: 'gaming-neon', realism: 2, prompt: 'add lightning behind me', thumbnailText: 'New record!' });
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, generatedImageResponse);
    expect(out).toMatchObject({ provider: 'Gemini', preview: false, credits_used: '0.4000' });
    expect(out.text).not.toMatch(new RegExp(LOCAL_PREVIEW_NOTE));
    expect(await balance(t, s)).toBe('4.6000');

    const request = gemini.requests.find((r) => r.path.includes(':generateContent'))!;
    const parts = jsonOf(request, geminiGenerateContentBody).contents[0]!.parts;
    const prompt = parts.map((p) => p.text ?? '').join(' ');
    expect(prompt).toMatch(/thumbnail/i);
    expect(prompt).toMatch(/Gaming Neon: dark background with neon magenta and cyan glow/);
    expect(prompt).toMatch(/Realism: Stylized/);
    expect(prompt).toMatch(/add lightning behind me/);
    expect(prompt).toMatch(/"New record!"/);
    const inline = parts.find((p) => p.inline_data ?? p.inlineData)!;
    const sent = await sharp(Buffer.from((inline.inline_data ?? inline.inlineData)!.data, 'base64')).metadata();
    expect({ width: sent.width, height: sent.height }).toEqual({ width: 1280, height: 720 });

    const image = await fetchImage(t, s, out.image);
    expect(await sharp(image).metadata()).toMatchObject({ width: 1280, height: 720, format: 'png' });
    const { data: raw } = await sharp(image).extract({ left: 640, top: 360, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([raw[0], raw[1], raw[2]]).toEqual([GEMINI_OUTPUT_COLOR.r, GEMINI_OUTPUT_COLOR.g, GEMINI_OUTPUT_COLOR.b]);
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, out.generation_id));
    expect(generation).toMatchObject({ status: 'completed', provider: 'Gemini', serviceVariant: 'standard' });
  });

  it('asks for no text when the overlay is off', async () => {
    const s = await t.make.user();
    gemini.requests.length = 0;
    await thumbnail(t, s, { imageData: b64(astronaut), addText: false, thumbnailText: 'Hidden' });
    const request = gemini.requests.find((r) => r.path.includes(':generateContent'))!;
    const prompt = jsonOf(request, geminiGenerateContentBody).contents[0]!.parts.map((p) => p.text ?? '').join(' ');
    expect(prompt).toMatch(/Do not add any text/);
    expect(prompt).not.toMatch(/Hidden/);
  });

  it('classifies a provider failure, releases the hold and keeps nothing', async () => {
    const s = await t.make.user();
    gemini.failNext('safety');
    const res = await thumbnail(t, s, { imageData: b64(astronaut), thumbnailText: 'Blocked' });
    expect(res.statusCode).toBe(422);
    expect(error(res)).toMatchObject({ code: 'AI_CONTENT_BLOCKED', error_class: 'content_policy' });
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
    expect(generation).toMatchObject({ status: 'failed', errorClass: 'content_policy', outputFileIds: [] });
  });

  it('classifies an overloaded provider (503) as retryable and releases the hold', async () => {
    const s = await t.make.user();
    gemini.failNext('unavailable');
    const res = await thumbnail(t, s, { imageData: b64(astronaut) });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(error(res).code).toEqual(expect.any(String));
    await nothingKeptButTheFailure(t, s);
  });
});

async function nothingKeptButTheFailure(t: TestApp, s: TestSession) {
  expect(await balance(t, s)).toBe('5.0000');
  expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
  expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
}
