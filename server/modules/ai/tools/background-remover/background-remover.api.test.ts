import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiEnginesResponse, generatedImageResponse, LOCAL_PREVIEW_NOTE } from '../../../../../contract/ai.ts';
import { creditBalanceResponse } from '../../../../../contract/credits.ts';
import { fileListResponse } from '../../../../../contract/files.ts';
import { BACKGROUND_REMOVER_MESSAGES, backgroundRemover } from '../../../../../contract/tools/background-remover.ts';
import { creditLedger, files, generations, pricing, toolsConfig } from '../../../../db/schema/index.ts';
import { createTestApp, createTestAppWithGemini, type TestApp, type TestSession } from '../../../../test-support/app.ts';
import { data, error } from '../../../../test-support/envelope.ts';
import type { FakeGemini } from '../../../../test-support/fake-ai/gemini.ts';
import { geminiGenerateContentBody, jsonOf } from '../../../../test-support/fake-ai/request-bodies.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../test-support/fake-ai/openai.ts';
import { BACKDROP } from './cutout.ts';

const photo = (name: string) => readFileSync(new URL(`../../../../test-support/photos/${name}`, import.meta.url)).toString('base64');
const astronaut = photo('astronaut.jpg');
const coffee = photo('coffee.jpg');
const PATH = backgroundRemover.call.path;

const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;
const removeBackground = (t: TestApp, s: TestSession, imageData: string, key?: string) =>
  t.call('POST', PATH, { session: s, body: { imageData }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

/** The downloaded file: a PNG with an alpha channel, its RGBA pixels. */
async function downloaded(t: TestApp, s: TestSession, id: string) {
  const res = await t.call('GET', `/api/files/serve/${id}?download=true`, { session: s });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^image\/png/);
  expect(res.headers['content-disposition']).toMatch(/attachment;.*\.png/);
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'png', channels: 4, hasAlpha: true });
  const { data: raw, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, alpha: (x: number, y: number) => raw[(y * info.width + x) * 4 + 3]!, raw };
}

async function nothingKept(t: TestApp, s: TestSession, credits = '5.0000') {
  expect(await balance(t, s)).toBe(credits);
  expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
  expect(await t.database.db.select().from(generations).where(eq(generations.userId, s.userId))).toHaveLength(0);
  expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
}

const usageLines = async (t: TestApp, s: TestSession) =>
  (await t.database.db.select().from(creditLedger).where(and(eq(creditLedger.userId, s.userId), eq(creditLedger.type, 'usage')))).length;

describe('Background Remover with the local engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('cuts the person out: a PNG with a transparent background, downloadable, in the gallery with its label, a free preview for people only', async () => {
    const s = await t.make.user();
    const res = await removeBackground(t, s, astronaut);
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, generatedImageResponse);
    expect(out).toMatchObject({ provider: 'Local engine', preview: true, credits_used: '0.0000' });
    expect(out.text).toBe(`${LOCAL_PREVIEW_NOTE}. ${BACKGROUND_REMOVER_MESSAGES.peopleOnly}.`);

    const image = await downloaded(t, s, out.uuid);
    expect([image.width, image.height]).toEqual([512, 512]);
    // The sky beside her is transparent; her face (about 225, 120) is opaque.
    expect(image.alpha(500, 10)).toBe(0);
    expect(image.alpha(225, 120)).toBe(255);

    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, out.generation_id));
    expect(generation).toMatchObject({ status: 'completed', tool: 'background-remover', serviceType: 'background_removal', serviceVariant: 'local', outputFileIds: [out.uuid] });
    const gallery = data(await t.call('GET', '/api/files/list?category=image&tool=background-remover', { session: s }), fileListResponse).files;
    expect(gallery).toHaveLength(1);
    expect(gallery[0]).toMatchObject({ id: out.uuid, tool: 'background-remover', title: 'Background Remover', entity_type: 'generated_image', metadata: { transparent: true, provider: 'Local engine' } });
  });

  it('refuses a photo with no person before anything is held, with the message that says why', async () => {
    await t.setPrice('background_removal', 'local', '0.1');
    try {
      const s = await t.make.user();
      const res = await removeBackground(t, s, coffee);
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({ code: 'VALIDATION_ERROR', message: BACKGROUND_REMOVER_MESSAGES.noPerson, field: 'imageData' });
      await nothingKept(t, s);
    } finally {
      await t.setPrice('background_removal', 'local', '0');
    }
  });

  it('priced by the admin: charges once, and a repeat of the same Idempotency-Key answers the first answer without a second charge', async () => {
    await t.setPrice('background_removal', 'local', '0.1');
    try {
      const s = await t.make.user();
      const first = await removeBackground(t, s, astronaut, 'cut-1');
      expect(first.statusCode, first.body).toBe(200);
      expect(data(first, generatedImageResponse).credits_used).toBe('0.1000');
      const again = await removeBackground(t, s, astronaut, 'cut-1');
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await balance(t, s)).toBe('4.9000');
      expect(await usageLines(t, s)).toBe(1);
      expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(1);
    } finally {
      await t.setPrice('background_removal', 'local', '0');
    }
  });

  it('answers 402 with the dialog numbers when the balance is short, and keeps nothing', async () => {
    await t.setPrice('background_removal', 'local', '0.5');
    try {
      const s = await t.make.user({ credits: '0.1' });
      const res = await removeBackground(t, s, astronaut);
      expect(res.statusCode).toBe(402);
      expect(error(res)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required_credits: '0.5000', available_credits: '0.1000' });
      await nothingKept(t, s, '0.1000');
    } finally {
      await t.setPrice('background_removal', 'local', '0');
    }
  });

  it('is added to a database made before it: the start-up seed adds its catalogue entry and its two prices', async () => {
    const { db } = t.database;
    await db.delete(pricing).where(eq(pricing.serviceType, 'background_removal'));
    await db.delete(toolsConfig).where(eq(toolsConfig.id, 'background-remover'));
    await t.app.services.seed();
    const prices = await db.select().from(pricing).where(eq(pricing.serviceType, 'background_removal'));
    expect(prices.map((p) => [p.serviceVariant, Number(p.userCostCredits)]).sort()).toEqual(backgroundRemover.prices.map((p) => [p.service_variant, Number(p.user_cost_credits)]).sort());
    const [tool] = await db.select().from(toolsConfig).where(eq(toolsConfig.id, 'background-remover'));
    expect(tool).toMatchObject({ title: 'Background Remover', path: '/tools/background-remover', status: 'available' });
  });

  it('is quoted on the local engine, and refuses a call without a session (401) or a body that is not a photo (400)', async () => {
    const s = await t.make.user();
    const tools = data(await t.call('GET', '/api/ai/engines', { session: s }), aiEnginesResponse).tools;
    expect(tools['background-remover']).toMatchObject({ engine: 'local', preview: true, service_type: 'background_removal', variant: 'local', estimate: '1-3 s' });
    expect((await t.call('POST', PATH, { body: { imageData: astronaut } })).statusCode).toBe(401);
    const bad = await t.call('POST', PATH, { session: s, body: { imageData: astronaut, toolName: 'ai-headshot' } });
    expect(bad.statusCode).toBe(400);
    await nothingKept(t, s);
  });
});

describe('Background Remover with Gemini (fake server)', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ AI_TIMEOUT_MS: '2000' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks for the subject on a plain backdrop, keys the backdrop out, stores a PNG with alpha of the photo size and charges the standard price', async () => {
    const s = await t.make.user();
    gemini.requests.length = 0;
    const out = data(await removeBackground(t, s, astronaut), generatedImageResponse);
    expect(out).toMatchObject({ provider: 'Gemini', preview: false, credits_used: '0.1000' });
    expect(await balance(t, s)).toBe('4.9000');
    const request = gemini.requests.find((r) => r.path.includes(':generateContent'))!;
    const prompt = jsonOf(request, geminiGenerateContentBody).contents[0]!.parts.map((p) => p.text ?? '').join(' ');
    expect(prompt).toMatch(/Remove the background/);
    expect(prompt).toContain(BACKDROP.hex);
    // The fake answers one flat colour, all of it backdrop: every pixel of the cut-out is transparent.
    const image = await downloaded(t, s, out.uuid);
    expect([image.width, image.height]).toEqual([512, 512]);
    expect(image.alpha(0, 0)).toBe(0);
    expect(image.alpha(256, 256)).toBe(0);
  });

  it('cuts out any subject with a provider: a photo with no person is not refused', async () => {
    const s = await t.make.user();
    const res = await removeBackground(t, s, coffee);
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, generatedImageResponse)).toMatchObject({ provider: 'Gemini', preview: false });
  });

  it('classifies a provider failure, releases the hold and keeps nothing', async () => {
    const s = await t.make.user();
    gemini.failNext('safety');
    const res = await removeBackground(t, s, astronaut);
    expect(res.statusCode).toBe(422);
    expect(error(res)).toMatchObject({ code: 'AI_CONTENT_BLOCKED' });
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
  });
});

describe('Background Remover with an OpenAI-compatible endpoint (fake server)', () => {
  let t: TestApp;
  let openai: FakeOpenAi;
  beforeAll(async () => {
    openai = await startFakeOpenAi();
    t = await createTestApp({ OPENAI_API_KEY: 'sk-test-openai-key', OPENAI_BASE_URL: openai.url, AI_IMAGE_PROVIDER: 'openai', AI_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });

  it('sends an images/edits request with the removal prompt and answers a transparent PNG of the photo size', async () => {
    const s = await t.make.user();
    const out = data(await removeBackground(t, s, astronaut), generatedImageResponse);
    expect(out).toMatchObject({ provider: 'OpenAI', preview: false, credits_used: '0.1000' });
    const edit = openai.requests.filter((r) => r.path === '/v1/images/edits').at(-1)!;
    expect(edit.fields.prompt?.[0]).toMatch(/Remove the background/);
    const image = await downloaded(t, s, out.uuid);
    expect([image.width, image.height]).toEqual([512, 512]);
    expect(image.alpha(10, 10)).toBe(0);
  });
});
