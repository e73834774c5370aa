import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { costPredictionSchema, creditBalanceResponse } from '../../../contract/credits.ts';
import { PHOTOSHOOT_MESSAGES, photoshootResponse } from '../../../contract/photoshoot.ts';
import { files, generations } from '../../db/schema/index.ts';
import { createTestApp, createTestAppWithGemini, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import type { FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import { geminiGenerateContentBody, jsonOf } from '../../test-support/fake-ai/request-bodies.ts';

const ROUTE = '/api/ai/generate-image-variation';
const photo = (name: string) => readFileSync(path.join(import.meta.dirname, '../../test-support/photos', name)).toString('base64');
const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;

describe('AI photoshoot on the local engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('makes a different, free, labelled variation per call, at the output ratio', async () => {
    const s = await t.make.user();
    const body = { images: [photo('astronaut.jpg')], prompt: '', changeOptions: ['Pose', 'Lighting'], variety: 'Creative', outputRatio: '16:9' };
    const first = data(await t.call('POST', ROUTE, { session: s, body: { ...body, index: 0 } }), photoshootResponse);
    const second = data(await t.call('POST', ROUTE, { session: s, body: { ...body, index: 1 } }), photoshootResponse);
    for (const [n, out] of [first, second].entries()) {
      expect(out).toMatchObject({ provider: 'Local engine', preview: true, credits_used: '0.0000' });
      expect(out.text).toMatch(new RegExp(`^${LOCAL_PREVIEW_NOTE}\\. Variation ${n + 1}: reframed to 16:9.*applied the .+ effect`));
    }
    const [a, b] = await Promise.all([first, second].map(async (out) => (await t.call('GET', out.image, { session: s })).rawPayload));
    expect(await sharp(a).metadata()).toMatchObject({ width: 1024, height: 576 });
    expect(a!.equals(b!)).toBe(false);
    expect(await balance(t, s)).toBe('5.0000');
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, first.generation_id));
    expect(generation).toMatchObject({ status: 'completed', tool: 'ai-photoshoot', provider: 'Local engine', serviceVariant: 'local' });
  });

  it('answers another picture to a second call of the same variation of the same input (a named effect, so the look is the same)', async () => {
    const s = await t.make.user();
    const body = { images: [photo('astronaut.jpg')], prompt: 'black and white', changeOptions: ['Pose'], variety: 'Subtle', outputRatio: '1:1', index: 0 };
    const outs = [];
    for (let i = 0; i < 3; i++) outs.push(data(await t.call('POST', ROUTE, { session: s, body }), photoshootResponse));
    const images = await Promise.all(outs.map(async (out) => (await t.call('GET', out.image, { session: s })).rawPayload as Buffer));
    const small = (img: Buffer) => sharp(img).resize(96, 96, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++) {
        const [a, b] = await Promise.all([small(images[i]!), small(images[j]!)]);
        let diff = 0;
        for (let p = 0; p < a.length; p++) diff += Math.abs(a[p]! - b[p]!);
        expect(diff / a.length, `calls ${i + 1} and ${j + 1}: ${outs[i]!.text} / ${outs[j]!.text}`).toBeGreaterThan(3);
      }
    }
  });

  it.each([
    // The message is for people, as it is (no field path in it); the field is named beside it.
    ['no photo', { images: [] }, { field: 'images', message: PHOTOSHOOT_MESSAGES.missing }],
    ['five photos', { images: Array(5).fill(photo('coffee.jpg')) }, { field: 'images', message: PHOTOSHOOT_MESSAGES.tooMany }],
    ['an unknown change option', { images: [photo('coffee.jpg')], changeOptions: ['Weather'] }, { field: 'changeOptions.0', message: expect.stringMatching(/^Invalid option: expected one of "Pose"/) }],
  ])('rejects %s with a 400 and keeps nothing', async (_name, body, expected) => {
    const s = await t.make.user();
    const res = await t.call('POST', ROUTE, { session: s, body });
    expect(res.statusCode, res.body).toBe(400);
    expect(error(res)).toMatchObject({ code: 'VALIDATION_ERROR', ...expected });
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
  });

  it('rejects a photo that is not an image (415) before any hold', async () => {
    await t.setPrice('photoshoot', 'local', '0.5');
    const s = await t.make.user();
    const res = await t.call('POST', ROUTE, { session: s, body: { images: [photo('coffee.jpg'), Buffer.from('not an image').toString('base64')] } });
    expect(res.statusCode).toBe(415);
    expect(await balance(t, s)).toBe('5.0000');
    expect(await t.database.db.select().from(generations).where(eq(generations.userId, s.userId))).toHaveLength(0);
    await t.setPrice('photoshoot', 'local', '0');
  });

  it('when priced by the admin: charges once per call, and answers 402 with the figures when short', async () => {
    await t.setPrice('photoshoot', 'local', '0.5');
    const s = await t.make.user();
    const ok = data(await t.call('POST', ROUTE, { session: s, body: { images: [photo('coffee.jpg')] } }), photoshootResponse);
    expect(ok.credits_used).toBe('0.5000');
    expect(await balance(t, s)).toBe('4.5000');
    const poor = await t.make.user({ credits: '0.1' });
    const res = await t.call('POST', ROUTE, { session: poor, body: { images: [photo('coffee.jpg')] } });
    expect(res.statusCode).toBe(402);
    expect(error(res)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required_credits: '0.5000', available_credits: '0.1000', deficit: '0.4000' });
    await t.setPrice('photoshoot', 'local', '0');
  });
});

describe('AI photoshoot with Gemini (fake server)', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ AI_TIMEOUT_MS: '5000' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends every reference photo and the changes asked for, and charges the standard price', async () => {
    const s = await t.make.user();
    const quote = data(await t.call('GET', '/api/credits/predict-cost?service_type=photoshoot&variant=standard', { session: s }), costPredictionSchema);
    gemini.requests.length = 0;
    const res = await t.call('POST', ROUTE, { session: s, body: { images: [photo('coffee.jpg'), photo('chelsea.jpg')], prompt: 'on a beach', changeOptions: ['Scenery', 'Lighting'], variety: 'Diverse', outputRatio: '4:3' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, photoshootResponse)).toMatchObject({ provider: 'Gemini', preview: false, credits_used: quote.required_credits });
    const parts = jsonOf(gemini.requests.find((r) => r.path.includes(':generateContent'))!, geminiGenerateContentBody).contents[0]!.parts;
    expect(parts.filter((p) => p.inline_data ?? p.inlineData)).toHaveLength(2);
    expect(parts.map((p) => p.text ?? '').join(' ')).toMatch(/Change: Scenery, Lighting\. Variety: Diverse\. Output aspect ratio 4:3\. The user asks: on a beach/);
  });

  it('a provider failure is classified, released and keeps nothing', async () => {
    const s = await t.make.user();
    gemini.failNext('safety');
    const res = await t.call('POST', ROUTE, { session: s, body: { images: [photo('coffee.jpg')] } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(error(res).code).toMatch(/AI_/);
    expect(await balance(t, s)).toBe('5.0000');
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
  });
});
