import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerStatusResponse } from '../../../contract/admin-providers.ts';
import { adminStatisticsResponse } from '../../../contract/admin-statistics.ts';
import { generatedImageResponse, mockupJobStatus, mockupSubmittedResponse } from '../../../contract/ai.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { generations } from '../../db/schema/index.ts';
import { createTestAppWithGemini, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import type { FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import { makePng } from '../../test-support/media.ts';

const b64 = (buf: Buffer) => buf.toString('base64');
const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;

/**
 * Issue 25 through the app: what a provider reports about a call reaches the generation, the admin statistics and the
 * System Settings' AI providers, and a configuration the provider refuses (a retired model, a billing stop) reads
 * "not available right now" to the user while the operator is told which setting to change.
 */
describe.each([
  ['the default image model', undefined],
  ['a retired image model', 'gemini-2.5-flash-image'],
] as const)('a morph on Gemini with %s', (_label, model) => {
  let t: TestApp;
  let gemini: FakeGemini;
  let s: TestSession;
  let admin: TestSession;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ AI_MAX_RETRIES: '0', ...(model ? { GEMINI_IMAGE_MODEL: model } : {}) }));
    s = await t.make.user();
    admin = await t.make.user({ admin: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  if (!model) {
    it("records the provider's real cost, and the admin statistics count it instead of the price table's estimate", async () => {
      const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(96, 64)), userPrompt: 'a neon city' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(data(res, generatedImageResponse).provider).toBe('Gemini');
      const [row] = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
      // The fake reports usageMetadata for a 1K image; the adapter priced it from its rate table.
      expect(Number(row!.providerCostUsd)).toBeGreaterThan(0);
      expect(row!.providerUsage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: expect.any(Number) });
      const stats = data(await t.call('GET', '/api/admin/statistics?action=overview', { session: admin }), adminStatisticsResponse);
      const tool = stats.tool_usage.find((u) => u.tool_name === 'image-variator')!;
      // The measured cost, not the seeded image_generation estimate (0.04 per image).
      expect(tool.actual_cost_usd).toBe(Number(row!.providerCostUsd).toFixed(4));
      expect(tool.actual_cost_usd).not.toBe('0.0400');
    });

    it("a rate limit says the provider's own wait, in the tip and the Retry-After header, and charges nothing", async () => {
      const before = await balance(t, s);
      gemini.failNext('rate_limit_brief');
      const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(64, 64)), userPrompt: 'a neon city' } });
      expect(res.statusCode).toBe(429);
      expect(error(res)).toMatchObject({ code: 'AI_RATE_LIMITED', error_class: 'rate_limit', retry_after: 1, tip: 'Wait 1 second and try again. Nothing was charged for this attempt.' });
      expect(res.headers['retry-after']).toBe('1');
      expect(await balance(t, s)).toBe(before);
    });
  } else {
    it('tells the user the tool is not available now, charges nothing, and tells the operator which setting to change', async () => {
      const before = await balance(t, s);
      const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(64, 64)), userPrompt: 'a neon city' } });
      expect(res.statusCode).toBe(502);
      expect(error(res)).toMatchObject({ code: 'AI_PROVIDER_ERROR', error_class: 'unavailable', message: 'This tool is not available right now.' });
      // The user is not shown the server's settings.
      expect(res.body).not.toMatch(/GEMINI_IMAGE_MODEL|gemini-2\.5/);
      expect(await balance(t, s)).toBe(before);
      const [row] = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
      expect(row).toMatchObject({ status: 'failed', errorClass: 'unavailable', providerFix: { setting: 'GEMINI_IMAGE_MODEL', model, reason: expect.any(String) } });
      const status = data(await t.call('GET', '/api/admin/settings/providers', { session: admin }), providerStatusResponse);
      expect(status.problems).toEqual([
        expect.objectContaining({ provider: 'Gemini', setting: 'GEMINI_IMAGE_MODEL', model, failures: 1 }),
      ]);
      expect(status.providers.find((p) => p.name === 'Gemini')).toMatchObject({ configured: true, settings: expect.arrayContaining([{ setting: 'GEMINI_IMAGE_MODEL', value: model }]) });
    });
  }
});

describe("a mockup painted by Gemini: one call per style, the generation's cost their sum", () => {
  let t: TestApp;
  let gemini: FakeGemini;
  let s: TestSession;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ AI_MAX_RETRIES: '0' }, { queue: true }));
    s = await t.make.user();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records the two styles’ costs and usage added up', async () => {
    const asked = gemini.requests.length;
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'mockup-generator', images: [b64(await makePng(400, 300))], styles: ['laptop-screen', 'coffee-mug'], background: 'gradient', dimensions: 'square', shadow: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { job_id: jobId } = data(res, mockupSubmittedResponse);
    let status = data(await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: s }), mockupJobStatus);
    for (let i = 0; i < 240 && status.status !== 'completed' && status.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = data(await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: s }), mockupJobStatus);
    }
    expect(status.status).toBe('completed');
    expect(gemini.requests.length - asked).toBe(2);
    const [row] = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
    const perCall = gemini.answers.slice(-2).map((a) => (a.body as { usageMetadata?: { totalTokenCount?: number } }).usageMetadata?.totalTokenCount ?? 0);
    expect(perCall.every((n) => n > 0)).toBe(true);
    expect(row!.providerUsage).toMatchObject({ total_tokens: perCall[0]! + perCall[1]! });
    expect(Number(row!.providerCostUsd)).toBeGreaterThan(0);
  });
});
