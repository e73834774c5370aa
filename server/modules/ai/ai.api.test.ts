import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiEnginesResponse, generatedImageResponse, LOCAL_PREVIEW_NOTE, mockupJobStatus, mockupSubmittedResponse, upscaleProvidersResponse, upscaleResponse } from '../../../contract/ai.ts';
import { costPredictionSchema, creditBalanceResponse, creditTransactionsResponse } from '../../../contract/credits.ts';
import { sub } from '../../../contract/decimal.ts';
import { fileListResponse } from '../../../contract/files.ts';
import { creditHolds, files, generations } from '../../db/schema/index.ts';
import { jobDefinitions } from '../../services.ts';
import { createTestApp, createTestAppWithGemini, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import type { FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import { startFakeReplicate, type FakeReplicate } from '../../test-support/fake-ai/replicate.ts';
import { geminiGenerateContentBody, jsonOf, replicateCreateBody } from '../../test-support/fake-ai/request-bodies.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/fake-ai/openai.ts';
import { makeJpeg, makePng, multipartBody } from '../../test-support/media.ts';

const OPENAI_KEY = 'sk-test-openai-key';
const b64 = (buf: Buffer) => buf.toString('base64');
const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;

/** Polls a mockup job until it has finished (up to a minute), as the page does. */
async function waitForJob(t: TestApp, s: TestSession, jobId: string) {
  for (let i = 0; i < 240; i++) {
    const status = data(await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: s }), mockupJobStatus);
    if (status.status === 'completed' || status.status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('job did not finish');
}

describe('AI Image Morpher with the local engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is free by default: a preview, priced by the local variant (0), that says so in the answer, the record and the ledger', async () => {
    const s = await t.make.user();
    const engines = data(await t.call('GET', '/api/ai/engines', { session: s }), aiEnginesResponse).tools;
    expect(engines['image-variator']).toEqual({ engine: 'local', label: 'Local engine', preview: true, service_type: 'image_generation', variant: 'local', estimate: '1-5 s' });
    const quote = data(await t.call('GET', '/api/credits/predict-cost?service_type=image_generation&variant=local', { session: s }), costPredictionSchema);
    expect(quote.required_credits).toBe('0.0000');
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makeJpeg(320, 240)), userPrompt: 'make it black and white', aspectRatio: '1:1' } });
    const out = data(res, generatedImageResponse);
    expect(out).toMatchObject({ provider: 'Local engine', preview: true, credits_used: '0.0000', text: expect.stringContaining(LOCAL_PREVIEW_NOTE) });
    expect(await balance(t, s)).toBe('5.0000');
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, out.generation_id));
    expect(generation).toMatchObject({ status: 'completed', provider: 'Local engine', serviceVariant: 'local', credits: '0.0000' });
    expect(data(await t.call('GET', '/api/credits/transactions', { session: s }), creditTransactionsResponse).transactions.filter((x) => x.type === 'usage')).toEqual([]);
  });

  describe('priced by the admin (the local variants set above 0)', () => {
    beforeAll(async () => {
      await t.setPrice('image_generation', 'local', '0.25');
      await t.setPrice('preprocessing', 'local', '0.05');
    });

  it('makes a variation, stores it in the gallery, records the generation and charges the quoted price', async () => {
    const s = await t.make.user();
    const quote = data(await t.call('GET', '/api/credits/predict-cost?service_type=image_generation&variant=local', { session: s }), costPredictionSchema);
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { imageData: b64(await makeJpeg(640, 480)), mimeType: 'image/jpeg', userPrompt: 'make it black and white', variability: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, generatedImageResponse);
    expect(out).toMatchObject({ provider: 'Local engine', credits_used: quote.required_credits, text: expect.stringMatching(/black and white/i) });
    expect(out.image).toBe(`/api/files/serve/${out.uuid}`);
    expect(await balance(t, s)).toBe('4.7500');

    const image = await t.call('GET', out.image, { session: s });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 640, height: 480 });
    const gallery = data(await t.call('GET', '/api/files/list?category=image&tool=image-variator', { session: s }), fileListResponse).files;
    expect(gallery[0]).toMatchObject({ id: out.uuid, prompt: 'make it black and white', metadata: { variability: 4, aspectRatio: 'original', provider: 'Local engine', edit_mode: 'none' } });
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, out.generation_id));
    expect(generation).toMatchObject({ status: 'completed', tool: 'image-variator', provider: 'Local engine', credits: '0.2500', outputFileIds: [out.uuid] });
    expect(generation!.processingTimeMs).toBeGreaterThanOrEqual(0);
    const [usage] = data(await t.call('GET', '/api/credits/transactions', { session: s }), creditTransactionsResponse).transactions;
    expect(usage).toMatchObject({ type: 'usage', amount: '-0.2500', description: 'AI Image Morpher (local engine preview)' });
  });

  it('crops, extends and changes the aspect ratio (charging the preprocessing)', async () => {
    const s = await t.make.user();
    const crop = data(await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(400, 300)), cropData: { x: 50, y: 50, width: 200, height: 100 } } }), generatedImageResponse);
    expect(await sharp((await t.call('GET', crop.image, { session: s })).rawPayload).metadata()).toMatchObject({ width: 200, height: 100 });
    const extend = data(await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(200, 100)), extensionDirection: 'right', extensionAmount: 100 } }), generatedImageResponse);
    expect(await sharp((await t.call('GET', extend.image, { session: s })).rawPayload).metadata()).toMatchObject({ width: 400, height: 100 });
    const square = data(await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(300, 200)), aspectRatio: '1:1' } }), generatedImageResponse);
    expect(square.credits_used).toBe('0.3000');
    expect(await sharp((await t.call('GET', square.image, { session: s })).rawPayload).metadata()).toMatchObject({ width: 300, height: 300 });
    expect(await balance(t, s)).toBe('4.2000');
  });

  it('answers 402 with the dialog numbers when the balance is short, and charges nothing', async () => {
    const s = await t.make.user();
    const hold = await t.app.services.credits.hold({ userId: s.userId, amount: '4.9', serviceType: 'test', description: 'x' });
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(64, 64)) } });
    expect(res.statusCode).toBe(402);
    expect(error(res)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required_credits: '0.2500', available_credits: '0.1000', deficit: '0.1500' });
    await t.app.services.credits.release(hold.id);
    expect(await balance(t, s)).toBe('5.0000');
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
  });

  it.each([
    ['text that is not base64', { imageData: '<html>not an image</html>' }, 400],
    ['an SVG', { imageData: b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')) }, 415],
    ['a crop outside the image', 'crop', 400],
    ['a crop under 50 px', 'small-crop', 400],
    ['variability 11', 'variability', 400],
    ['an extension amount of 75%', 'amount', 400],
    ['a direction without an amount', 'direction', 400],
    ['an unknown aspect ratio', 'ratio', 400],
    ['an unknown field', 'field', 400],
    ['a NUL character in the prompt', 'nul', 400],
  ])('refuses %s and charges nothing', async (_label, body, status) => {
    const s = await t.make.user();
    const png = b64(await makePng(100, 100));
    const bodies: Record<string, object> = {
      crop: { imageData: png, cropData: { x: 80, y: 80, width: 50, height: 50 } },
      'small-crop': { imageData: png, cropData: { x: 0, y: 0, width: 20, height: 60 } },
      variability: { imageData: png, variability: 11 },
      amount: { imageData: png, extensionDirection: 'left', extensionAmount: 75 },
      direction: { imageData: png, extensionDirection: 'left' },
      ratio: { imageData: png, aspectRatio: '3:2' },
      field: { imageData: png, admin: true },
      nul: { imageData: png, userPrompt: 'a\u0000b' },
    };
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: typeof body === 'string' ? bodies[body] : body });
    expect(res.statusCode).toBe(status);
    expect(error(res).message).toEqual(expect.any(String));
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
  });

  it('charges nothing and keeps no image when recording the result fails: the charge and its record commit together', async () => {
    const s = await t.make.user();
    // A database that refuses to mark this user's generations completed, as a failing disk or connection would.
    await t.database.db.execute(sql.raw(`
      create or replace function refuse_completion() returns trigger language plpgsql as $$
      begin
        if new.status = 'completed' and new.user_id = '${s.userId}' then raise exception 'disk full'; end if;
        return new;
      end $$`));
    await t.database.db.execute(sql.raw('create trigger refuse_completion before update on generations for each row execute function refuse_completion()'));
    try {
      const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(64, 64)) } });
      expect(res.statusCode).toBe(502);
      expect(await balance(t, s)).toBe('5.0000');
      const audit = await t.app.services.credits.audit(s.userId);
      expect(audit).toMatchObject({ held: '0.0000', ledgerSum: '5.0000' });
      expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
      const [generation] = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
      expect(generation).toMatchObject({ status: 'failed', outputFileIds: [] });
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_completion on generations'));
      await t.database.db.execute(sql.raw('drop function refuse_completion()'));
    }
  });

  it('needs a session and the CSRF token', async () => {
    const s = await t.make.user();
    const body = { imageData: b64(await makePng(64, 64)) };
    expect((await t.call('POST', '/api/ai/generate-image', { body })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/ai/generate-image', { session: s, csrf: null, body })).statusCode).toBe(403);
    expect(await balance(t, s)).toBe('5.0000');
  });
});

});

describe('AI Image Morpher with Gemini (fake server)', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  let s: TestSession;
  beforeAll(async () => {
    // Long enough that a call answered at once never times out under CI's load (500 ms did, on the suite's first call);
    // the timeout case below holds its answer for twice as long.
    ({ t, gemini } = await createTestAppWithGemini({ AI_TIMEOUT_MS: '2000' }));
    s = await t.make.user();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the image and the prompt to Gemini, stores the result and charges', async () => {
    gemini.requests.length = 0;
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(96, 64)), userPrompt: 'a neon city at night', variability: 8 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, generatedImageResponse)).toMatchObject({ provider: 'Gemini', credits_used: '0.2500' });
    const request = gemini.requests.find((r) => r.path.includes(':generateContent'))!;
    expect(request.headers['x-goog-api-key']).toBe('test-gemini-key');
    const parts = jsonOf(request, geminiGenerateContentBody).contents[0]!.parts;
    expect(parts.map((p) => p.text ?? '').join(' ')).toMatch(/a neon city at night/);
    const inline = parts.find((p) => p.inline_data ?? p.inlineData)!;
    expect((await sharp(Buffer.from((inline.inline_data ?? inline.inlineData)!.data, 'base64')).metadata()).width).toBe(96);
    expect(await balance(t, s)).toBe('4.7500');
  });

  it.each([
    ['rate_limit', 429, 'AI_RATE_LIMITED', 'rate_limit'],
    ['safety', 422, 'AI_CONTENT_BLOCKED', 'content_policy'],
    ['recitation', 422, 'AI_CONTENT_BLOCKED', 'recitation'],
    ['unauthorized', 502, 'AI_PROVIDER_ERROR', 'authentication'],
    ['server', 502, 'AI_PROVIDER_ERROR', 'server'],
    [{ delayMs: 4000 }, 504, 'AI_TIMEOUT', 'timeout'],
  ] as const)('classifies a %s failure, releases the hold and changes no balance', async (failure, status, code, errorClass) => {
    const before = await balance(t, s);
    gemini.failNext(failure as never);
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(64, 64)), userPrompt: 'x' } });
    expect(res.statusCode).toBe(status);
    expect(error(res)).toMatchObject({ code, error_class: errorClass, tip: expect.any(String), message: expect.any(String) });
    expect(await balance(t, s)).toBe(before);
    const audit = await t.app.services.credits.audit(s.userId);
    expect(audit.held).toBe('0.0000');
    const failed = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
    expect(failed.some((g) => g.status === 'failed' && g.errorClass === errorClass)).toBe(true);
  });
});

describe('a morph whose hold was released while the provider worked', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ AI_TIMEOUT_MS: '5000' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers that nothing was charged and keeps no image: the output is not given away', async () => {
    const s = await t.make.user();
    gemini.failNext({ delayMs: 600 });
    const seen = gemini.requests.length;
    const pending = t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(64, 64)) } });
    while (gemini.requests.length === seen) await new Promise((r) => setTimeout(r, 10));
    // The provider is working; the hold's time runs out and the sweep gives it back.
    t.clock.advance(60 * 60_000);
    expect(await t.app.services.credits.releaseExpiredHolds()).toBe(1);
    // The sweep closed the generation as interrupted; the call answers that outcome.
    const res = await pending;
    expect(res.statusCode, res.body).toBe(502);
    expect(error(res).message).toMatch(/interrupted.*nothing was charged/i);
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
    expect(generation).toMatchObject({ status: 'failed', outputFileIds: [] });
  });
});

describe('AI Image Morpher with an OpenAI-compatible endpoint (fake server)', () => {
  let t: TestApp;
  let openai: FakeOpenAi;
  beforeAll(async () => {
    openai = await startFakeOpenAi();
    t = await createTestApp({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: openai.url, AI_IMAGE_PROVIDER: 'openai', AI_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });

  it('sends an images/edits request with the image, the mask and the prompt, and stores the result', async () => {
    const s = await t.make.user();
    const mask = await sharp({ create: { width: 80, height: 80, channels: 3, background: 'black' } }).png().toBuffer();
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { imageData: b64(await makePng(80, 80)), maskData: b64(mask), userPrompt: 'replace the sky', variability: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, generatedImageResponse)).toMatchObject({ provider: 'OpenAI', credits_used: '0.2500' });
    const edit = openai.requests.find((r) => r.path === '/v1/images/edits')!;
    expect(edit.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(edit.fields.prompt?.[0]).toMatch(/replace the sky/);
    expect(Object.keys(edit.files)).toEqual(expect.arrayContaining(['mask']));
    expect(await balance(t, s)).toBe('4.7500');
  });

  it('answers a moderation block as content policy and charges nothing', async () => {
    const s = await t.make.user();
    openai.failNext('moderation_blocked');
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(64, 64)), userPrompt: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(error(res)).toMatchObject({ code: 'AI_CONTENT_BLOCKED', error_class: 'content_policy' });
    expect(await balance(t, s)).toBe('5.0000');
  });
});

describe('upscaling', () => {
  let t: TestApp;
  let replicate: FakeReplicate;
  let s: TestSession;
  let source: string;
  beforeAll(async () => {
    replicate = await startFakeReplicate();
    t = await createTestApp({ REPLICATE_API_TOKEN: 'r8_test_replicate_token', REPLICATE_BASE_URL: replicate.url });
    s = await t.make.user();
    source = data(await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(120, 80)) } }), generatedImageResponse).uuid;
  });
  afterAll(async () => {
    await t?.close();
    await replicate?.close();
  });

  it('lists providers with capabilities and prices keyed like local_2x_standard', async () => {
    const res = data(await t.call('GET', '/api/ai/upscale-providers', { session: s }), upscaleProvidersResponse);
    expect(res.default_provider).toBe('local');
    expect(res.providers.local).toMatchObject({ scale_factors: [2, 4], quality_tiers: ['fast', 'standard', 'high_quality'], supports_creativity: false });
    expect(res.providers.local!.pricing.local_2x_standard).toEqual({ estimated_cost_usd: '0.0040', user_cost_credits: '0.0100' });
    expect(res.providers.replicate).toMatchObject({ supports_creativity: true, supports_sharpen: true });
  });

  it('upscales 2x with the fast local tier into a new gallery image', async () => {
    const before = await balance(t, s);
    const res = await t.call('POST', '/api/ai/upscale-image', { session: s, body: { image_uuid: source, scale_factor: 2, quality_tier: 'fast', provider: 'local', sharpen: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, upscaleResponse);
    expect(out).toMatchObject({ credits_used: '0.0050', metadata: { upscale_provider: 'local', scale_factor: 2, upscaled_from: source } });
    expect(await sharp((await t.call('GET', out.image, { session: s })).rawPayload).metadata()).toMatchObject({ width: 240, height: 160 });
    expect(await balance(t, s)).toBe(sub(before, '0.0050'));
    // The gallery answers the copy with its scale and real size, which its tile and viewer show ('2x', 240 × 160).
    const gallery = data(await t.call('GET', '/api/files/list?category=image', { session: s }), fileListResponse);
    expect(gallery.files.find((f) => f.id === out.uuid)?.metadata).toMatchObject({ scale_factor: 2, upscaled_from: source, width: 240, height: 160 });
    expect(gallery.files.find((f) => f.id === source)?.metadata).not.toHaveProperty('scale_factor');
  });

  it('sends creativity, resemblance and the prompt to Replicate', async () => {
    const res = await t.call('POST', '/api/ai/upscale-image', {
      session: s,
      body: { image_uuid: source, scale_factor: 2, quality_tier: 'standard', provider: 'replicate', prompt: 'crisp', creativity: 0.35, resemblance: 1.5, sharpen: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const create = replicate.requests.find((r) => r.method === 'POST' && r.path.endsWith('/predictions'))!;
    expect(jsonOf(create, replicateCreateBody).input).toMatchObject({ prompt: 'crisp', creativity: 0.35, resemblance: 1.5 });
    expect(data(res, upscaleResponse).credits_used).toBe('0.0500');
  });

  it("refuses unknown providers, unsupported options and another user's image", async () => {
    const other = await t.make.user();
    const cases: Array<[object, number, TestSession]> = [
      [{ image_uuid: source, provider: 'magic' }, 400, s],
      [{ image_uuid: source, provider: '__proto__' }, 400, s],
      [{ image_uuid: source, provider: 'constructor' }, 400, s],
      [{ image_uuid: source, provider: 'toString' }, 400, s],
      [{ image_uuid: source, provider: 'replicate', quality_tier: 'fast' }, 400, s],
      [{ image_uuid: source, scale_factor: 3 }, 400, s],
      [{ image_uuid: source, creativity: 2 }, 400, s],
      [{ image_uuid: 'not-a-uuid' }, 400, s],
      [{ image_uuid: source }, 404, other],
    ];
    for (const [body, status, session] of cases) {
      const res = await t.call('POST', '/api/ai/upscale-image', { session, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(await balance(t, other)).toBe('5.0000');
  });
});

describe('mockup generator jobs', () => {
  let t: TestApp;
  let s: TestSession;
  beforeAll(async () => {
    t = await createTestApp({}, { queue: true });
    await t.setPrice('mockup', 'local', '0.5');
    s = await t.make.user();
  });
  afterAll(() => t?.close());

  it('queues a two-style mockup, holds its price, and completes with both images', async () => {
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'mockup-generator', images: [b64(await makePng(800, 600))], styles: ['laptop-screen', 'coffee-mug'], background: 'gradient', dimensions: 'square', shadow: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { job_id: jobId, credits_held: held } = data(res, mockupSubmittedResponse);
    expect(held).toBe('1.0000');
    const status = await waitForJob(t, s, jobId);
    expect(status).toMatchObject({ status: 'completed', error_message: null, result: { credits_used: '1.0000' } });
    expect(status.result!.images.map((i) => i.style)).toEqual(['laptop-screen', 'coffee-mug']);
    const png = (await t.call('GET', status.result!.image, { session: s })).rawPayload;
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 1200 });
    expect(await balance(t, s)).toBe('4.0000');
    const other = await t.make.user();
    expect((await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: other })).statusCode).toBe(404);
  });

  it.each([
    [{ images: [], styles: ['poster'] }, 'Please upload at least one image and select a style.'],
    [{ styles: [] }, 'Please upload at least one image and select a style.'],
    [{ styles: ['custom'], customStyle: '  ' }, 'Please provide a custom style description when using the Custom option.'],
    [{ imagesCount: 2, styles: ['poster', 'billboard', 'book-cover'] }, 'When using multiple images, the number of images must match the number of selected styles.'],
  ])('refuses %j with the spec message and holds nothing', async (shape, message) => {
    const png = b64(await makePng(64, 64));
    const { imagesCount, ...rest } = shape as { imagesCount?: number };
    const body = { toolName: 'mockup-generator', images: Array.from({ length: imagesCount ?? 1 }, () => png), ...rest };
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body });
    expect(res.statusCode).toBe(400);
    expect(error(res).message).toBe(message);
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
  });
});

describe('a failing mockup job', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ AI_MOCKUP_PROVIDER: 'gemini', AI_TIMEOUT_MS: '2000' }, { queue: true }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is retried once, then fails with the classified message and releases its hold', async () => {
    const s = await t.make.user();
    gemini.failNext('server', 'server', 'server', 'server');
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'mockup-generator', images: [b64(await makePng(200, 150))], styles: ['poster'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = data(res, mockupSubmittedResponse).job_id;
    const status = await waitForJob(t, s, jobId);
    expect(status).toMatchObject({ status: 'failed', attempts: 2, result: null, error_message: expect.stringMatching(/temporary server issue/) });
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
  }, 120_000);

  it('keeps none of the styles an attempt drew before it failed: a failed job leaves nothing in the gallery', async () => {
    const s = await t.make.user();
    // Each attempt: the first style succeeds, the second fails.
    gemini.failNext({ delayMs: 0 }, 'server', { delayMs: 0 }, 'server');
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'mockup-generator', images: [b64(await makePng(200, 150))], styles: ['poster', 'billboard'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = data(res, mockupSubmittedResponse).job_id;
    const status = await waitForJob(t, s, jobId);
    expect(status).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await balance(t, s)).toBe('5.0000');
    expect(data(await t.call('GET', '/api/files/list?category=image', { session: s }), fileListResponse).files).toHaveLength(0);
    const rows = await t.database.db.select().from(files).where(eq(files.userId, s.userId));
    expect(rows.map((r) => r.entityType)).toEqual(['upload']); // only the artwork the user sent
  }, 120_000);
});


describe('nothing left behind: abandoned generations and hold expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HOLD_TTL_MINUTES: '7' });
    await t.setPrice('image_generation', 'local', '0.25');
  });
  afterAll(() => t?.close());

  const sweep = () => jobDefinitions(t.app.services, t.app.log).find((j) => j.name === 'credits.release-expired-holds')!.handle({}, { id: 'test', retryCount: 0 });

  it('marks a generation whose process died failed when the sweep releases its hold, saying nothing was charged', async () => {
    const s = await t.make.user();
    // What a process killed mid-generation leaves: an open hold and a generation stuck in processing (or a queued job in pending).
    const holds = [];
    for (const status of ['processing', 'pending'] as const) {
      const hold = await t.app.services.credits.hold({ userId: s.userId, amount: '0.25', serviceType: 'image_generation', description: 'AI Image Morpher' });
      await t.database.db.insert(generations).values({ userId: s.userId, tool: 'image-variator', serviceType: 'image_generation', provider: 'Local engine', status, credits: '0.25', holdId: hold.id, createdAt: t.clock.now() });
      holds.push(hold);
    }
    const finished = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(64, 64)) } });
    expect(finished.statusCode).toBe(200);
    t.clock.advance(8 * 60_000);
    try {
      expect(await sweep()).toMatchObject({ released: 2 });
    } finally {
      t.clock.advance(-8 * 60_000);
    }
    const rows = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
    expect(rows.filter((g) => g.status === 'completed').map((g) => g.id)).toEqual([data(finished, generatedImageResponse).generation_id]);
    const failed = rows.filter((g) => g.status !== 'completed');
    expect(failed).toHaveLength(2);
    for (const g of failed) {
      expect(g).toMatchObject({ status: 'failed', errorClass: 'interrupted', errorMessage: expect.stringMatching(/nothing was charged/i) });
      expect(g.completedAt).toBeInstanceOf(Date);
    }
    expect(await balance(t, s)).toBe('4.7500');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
    // A second sweep finds nothing more to do.
    t.clock.advance(8 * 60_000);
    try {
      expect(await sweep()).toMatchObject({ released: 0 });
    } finally {
      t.clock.advance(-8 * 60_000);
    }
  });

  it('holds a mockup for HOLD_TTL_MINUTES like every other hold', async () => {
    const s = await t.make.user();
    // No queue runs here, so the submit fails after its hold was placed (and releases it): the hold row is what we check.
    await t.call('POST', '/api/ai/generate-image', { session: s, body: { toolName: 'mockup-generator', images: [b64(await makePng(64, 64))], styles: ['poster'] } });
    const [hold] = await t.database.db.select().from(creditHolds).where(eq(creditHolds.userId, s.userId));
    expect(hold!.serviceType).toBe('mockup');
    expect(hold!.expiresAt.getTime() - hold!.createdAt.getTime()).toBe(7 * 60_000);
  });
});

describe('one size limit for every image that enters the system', () => {
  let t: TestApp;
  let big: Buffer;
  let padded: Buffer;
  beforeAll(async () => {
    t = await createTestApp(); // UPLOAD_MAX_IMAGE_BYTES at its default, 20 MB
    await t.setPrice('image_generation', 'local', '0.25');
    // A real 22 MB PNG well within the pixel limit: noise does not compress.
    const side = 2720;
    big = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
    // A small valid PNG carrying 22 MB after its end (sharp decodes it; only the size is wrong).
    padded = Buffer.concat([await makePng(64, 64), Buffer.alloc(22 * 1024 * 1024)]);
  }, 120_000);
  afterAll(() => t?.close());

  async function expectRefusedBeforeAnyHold(s: TestSession, body: object) {
    const ledgerBefore = data(await t.call('GET', '/api/credits/transactions', { session: s }), creditTransactionsResponse).transactions.length;
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(error(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/20 MB/) });
    expect(await t.database.db.select().from(creditHolds).where(eq(creditHolds.userId, s.userId))).toHaveLength(0);
    expect(await t.database.db.select().from(generations).where(eq(generations.userId, s.userId))).toHaveLength(0);
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toHaveLength(0);
    expect(data(await t.call('GET', '/api/credits/transactions', { session: s }), creditTransactionsResponse).transactions).toHaveLength(ledgerBefore);
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
  }

  it('refuses a 22 MB PNG as imageData with 413 before any hold, as an upload of it is refused', async () => {
    expect(big.length).toBeGreaterThan(21 * 1024 * 1024);
    const s = await t.make.user();
    await expectRefusedBeforeAnyHold(s, { imageData: b64(big) });
    const upload = await t.call('POST', '/api/files/upload', { session: s, raw: multipartBody([{ name: 'file', filename: 'big.png', contentType: 'image/png', data: big }]) });
    expect([upload.statusCode, error(upload).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  }, 120_000);

  it('refuses the same as a data URL, as maskData and as a mockup image', async () => {
    const s = await t.make.user();
    const small = b64(await makePng(64, 64));
    await expectRefusedBeforeAnyHold(s, { imageData: `data:image/png;base64,${b64(padded)}` });
    await expectRefusedBeforeAnyHold(s, { imageData: small, maskData: b64(padded) });
    await expectRefusedBeforeAnyHold(s, { toolName: 'mockup-generator', images: [small, b64(padded)], styles: ['poster', 'coffee-mug'] });
  }, 120_000);

  it('still takes an image just under the limit', async () => {
    const s = await t.make.user();
    const under = Buffer.concat([await makePng(64, 64), Buffer.alloc(19 * 1024 * 1024)]);
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(under) } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(await balance(t, s)).toBe('4.7500');
  }, 120_000);
});
