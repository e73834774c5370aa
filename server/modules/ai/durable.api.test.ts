import { and, count, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedImageResponse, upscaleResponse } from '../../../contract/ai.ts';
import { CSRF_HEADER, SESSION_COOKIE } from '../../../contract/constants.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { generationAccepted, generationList, generationStatus, type GenerationStatus } from '../../../contract/generations.ts';
import { creditLedger, files, generations } from '../../db/schema/index.ts';
import type { JobNotice } from '../../lib/job-notices.ts';
import { createTestApp, createTestAppWithGemini, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import type { FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import { makePng } from '../../test-support/media.ts';

/**
 * Durable generations (issue 24): a generation outlives the call that started it. The call waits GENERATION_WAIT_MS,
 * then answers 202 and the status URL; the work goes on in the worker; the user is charged once, and only for a result
 * that reached the gallery.
 */

const b64 = (buf: Buffer) => buf.toString('base64');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance;

/** What is held: the balance less what is available. */
const held = (b: { balance: string; available_credits: string }) => Number(b.balance) - Number(b.available_credits);

async function usageRows(t: TestApp, userId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.type, 'usage')));
  return Number(row!.n);
}

/** Follows a status URL as a client does, until the generation has ended. */
async function follow(
  t: TestApp,
  s: TestSession,
  url: string,
  seen: GenerationStatus['status'][] = [],
  limitMs = 240_000,
  progress: Array<number | null> = [],
): Promise<GenerationStatus> {
  for (const until = Date.now() + limitMs; Date.now() < until; ) {
    const status = data(await t.call('GET', url, { session: s }), generationStatus);
    seen.push(status.status);
    progress.push(status.progress);
    if (!['queued', 'processing'].includes(status.status)) return status;
    await sleep(250);
  }
  throw new Error(`${url} did not end`);
}

/**
 * The two real-duration cases (a real ESRGAN upscale over a real socket; a provider answering in 30 s against the 20 s
 * default wait) run on the embedded database only: what they prove is about time and sockets, not SQL. On PostgreSQL
 * the same flow (202, followed to the result, charged once, the user told) runs with short durations below.
 */
const realDurations = process.env.TEST_DB !== 'postgres';

/**
 * The reproduction was a 640 px image; a 400x300 one also runs longer than the 10 s at which the connection used to be
 * cut, and than the call's 20 s wait (23 s on an idle 2-core machine against 45 s for the 640 px one, which took
 * 180-260 s under CI's load, the last time past its 240 s limit).
 */
describe.runIf(realDurations)('over a real socket: a local 4x high-quality upscale of a 400x300 image (the reproduction)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // fetch keeps its sockets alive; the server would wait for them (KEEP_ALIVE_TIMEOUT_MS) before closing.
    t?.app.server.closeAllConnections();
    await t?.close();
  });

  it('answers 200 or 202 (never a cut connection), then completes, charged once', async () => {
    const s = await t.make.user({ credits: '5' });
    const source = await t.make.file(s, { width: 400, height: 300 });
    const headers = { cookie: `${SESSION_COOKIE}=${s.cookie}`, [CSRF_HEADER]: s.csrf, 'content-type': 'application/json', 'idempotency-key': 'socket-1' };
    const started = Date.now();
    // The real HTTP client over a real socket: before, the server closed it at exactly 10.0 s without an answer.
    const res = await fetch(`${base}/api/ai/upscale-image`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ image_uuid: source, scale_factor: 4, quality_tier: 'high_quality', provider: 'local' }),
    });
    expect([200, 202], `after ${Date.now() - started} ms`).toContain(res.status);
    const body = (await res.json()) as { success: boolean; data: unknown };
    expect(body.success).toBe(true);
    let answer: unknown = body.data;
    if (res.status === 202) {
      const accepted = generationAccepted.parse(body.data);
      const progress: Array<number | null> = [];
      const status = await follow(t, s, accepted.status_url, [], 480_000, progress);
      // The engine reports its patches: the status showed it part of the way.
      expect(progress.some((p) => p !== null && p > 0 && p < 100), JSON.stringify(progress)).toBe(true);
      expect(status).toMatchObject({ status: 'completed', title: 'Upscale', progress: 100, error: null });
      answer = status.result;
    }
    const upscaled = upscaleResponse.parse(answer);
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, upscaled.generation_id));
    expect(generation).toMatchObject({ status: 'completed', outputFileIds: [upscaled.uuid] });
    expect(Number(upscaled.credits_used)).toBeGreaterThan(0);
    expect(await usageRows(t, s.userId)).toBe(1);
    const after = await balance(t, s);
    expect(after.balance).toBe((5 - Number(upscaled.credits_used)).toFixed(4));
    expect(held(after)).toBe(0);
    // The image is in the gallery and served over the same socket.
    const image = await fetch(`${base}${upscaled.image}`, { headers: { cookie: headers.cookie } });
    expect(image.status).toBe(200);
    // A retry of the same call replays the result; nothing more is charged.
    const again = await fetch(`${base}/api/ai/upscale-image`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ image_uuid: source, scale_factor: 4, quality_tier: 'high_quality', provider: 'local' }),
    });
    expect(again.status).toBe(200);
    expect(upscaleResponse.parse(((await again.json()) as { data: unknown }).data)).toEqual(upscaled);
    expect(await usageRows(t, s.userId)).toBe(1);
  }, 600_000);
});

/**
 * A provider slower than the call's wait: 202 with the status URL, the state while it runs, followed to the result,
 * charged once, and the user told. `settings` is the app's (GENERATION_WAIT_MS among them); the provider answers after
 * `providerMs`.
 */
function acceptedThenCompleted(settings: Record<string, string>, providerMs: number, waitMs: number) {
  let t: TestApp;
  let gemini: FakeGemini;
  const heard: JobNotice[] = [];
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini(settings));
    t.app.services.notices.subscribe(async (notice) => void heard.push(notice));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 202 with the status URL, follows to the result, charges once, and tells the user it is ready', async () => {
    const s = await t.make.user({ credits: '5' });
    const png = b64(await makePng(96, 64));
    const send = () => t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: png, userPrompt: 'golden hour' }, headers: { 'idempotency-key': 'slow-morph' } });
    gemini.failNext({ delayMs: providerMs });
    const started = Date.now();
    const first = await send();
    expect(first.statusCode, first.body).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(waitMs - 1000);
    const accepted = data(first, generationAccepted);
    expect(accepted).toEqual({ generation_id: accepted.generation_id, status: 'processing', status_url: `/api/generations/${accepted.generation_id}` });

    // While it runs: listed as active, its hold taken, nothing charged yet, nothing in the gallery.
    const active = data(await t.call('GET', '/api/generations?active=true', { session: s }), generationList).generations;
    expect(active.map((g) => [g.generation_id, g.status, g.tool, g.title])).toEqual([[accepted.generation_id, 'processing', 'image-variator', 'AI Image Morpher']]);
    const during = await balance(t, s);
    expect(held(during)).toBeGreaterThan(0);
    expect(await usageRows(t, s.userId)).toBe(0);
    // A retry with the same key answers the state, not an error: 202 while it runs.
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(202);
    expect(data(retry, generationAccepted).generation_id).toBe(accepted.generation_id);
    // Another user cannot see it.
    const other = await t.make.user();
    expect((await t.call('GET', accepted.status_url, { session: other })).statusCode).toBe(404);
    expect(data(await t.call('GET', '/api/generations?active=true', { session: other }), generationList).generations).toEqual([]);

    const seen: GenerationStatus['status'][] = [];
    const done = await follow(t, s, accepted.status_url, seen);
    expect(seen).toContain('processing');
    expect(done).toMatchObject({ status: 'completed', provider: 'Gemini', error: null });
    const result = generatedImageResponse.parse(done.result);
    expect(result.generation_id).toBe(accepted.generation_id);
    expect(done.credits).toBe(result.credits_used);

    // Charged once, held nothing, the image in the gallery.
    expect(await usageRows(t, s.userId)).toBe(1);
    const after = await balance(t, s);
    expect(after.balance).toBe((5 - Number(result.credits_used)).toFixed(4));
    expect(held(after)).toBe(0);
    const gallery = await t.database.db.select().from(files).where(eq(files.userId, s.userId));
    expect(gallery.map((f) => f.id)).toEqual([result.uuid]);
    // The same key now answers the result itself, and charges nothing more.
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(data(replay, generatedImageResponse)).toEqual(result);
    expect(await usageRows(t, s.userId)).toBe(1);
    // The call had left it: the user is told once it is ready.
    await t.app.services.notices.settled();
    expect(heard.filter((n) => n.generationId === accepted.generation_id)).toEqual([
      expect.objectContaining({ userId: s.userId, status: 'completed', tool: 'image-variator', title: 'AI Image Morpher' }),
    ]);
    expect(data(await t.call('GET', '/api/generations?active=true', { session: s }), generationList).generations).toEqual([]);
  }, 120_000);
}

describe.runIf(realDurations)('a provider that answers in 30 s (GENERATION_WAIT_MS 20 s, the default)', () => acceptedThenCompleted({}, 30_000, 20_000));

describe('a provider that answers in 6 s (GENERATION_WAIT_MS 1 s)', () => acceptedThenCompleted({ GENERATION_WAIT_MS: '1000' }, 6000, 1000));

describe('deadlines and cancel (GENERATION_WAIT_MS 500 ms, GENERATION_TIMEOUT_MS 3 s)', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ GENERATION_WAIT_MS: '500', GENERATION_TIMEOUT_MS: '3000' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const morph = async (s: TestSession) => t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: b64(await makePng(64, 64)) } });

  it('a provider slower than the deadline: failed with the timeout class and tip, released, nothing kept', async () => {
    const s = await t.make.user({ credits: '5' });
    gemini.failNext({ delayMs: 6000 });
    const res = await morph(s);
    expect(res.statusCode, res.body).toBe(202);
    const { status_url } = data(res, generationAccepted);
    const ended = await follow(t, s, status_url);
    expect(ended).toMatchObject({ status: 'failed', credits: '0', result: null, error: { code: 'AI_TIMEOUT', error_class: 'timeout', tip: expect.stringMatching(/nothing was charged/i) } });
    expect(await balance(t, s)).toMatchObject({ balance: '5.0000' });
    expect(held(await balance(t, s))).toBe(0);
    // The provider's late answer changes nothing.
    await sleep(4000);
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toEqual([]);
    const [row] = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
    expect(row).toMatchObject({ status: 'failed', errorClass: 'timeout', outputFileIds: [] });
    expect(await usageRows(t, s.userId)).toBe(0);
  }, 120_000);

  it('cancel while running: released at once, and the result that comes later is not kept or charged', async () => {
    const s = await t.make.user({ credits: '5' });
    gemini.failNext({ delayMs: 2500 });
    const seen = gemini.requests.length;
    const res = await morph(s);
    expect(res.statusCode, res.body).toBe(202);
    const { generation_id, status_url } = data(res, generationAccepted);
    while (gemini.requests.length === seen) await sleep(20);
    const other = await t.make.user();
    expect((await t.call('POST', `/api/generations/${generation_id}/cancel`, { session: other })).statusCode).toBe(404);
    const cancelled = data(await t.call('POST', `/api/generations/${generation_id}/cancel`, { session: s }), generationStatus);
    expect(cancelled).toMatchObject({ status: 'cancelled', credits: '0', error: { message: expect.stringMatching(/cancelled.*nothing was charged/i) } });
    expect(await balance(t, s)).toMatchObject({ balance: '5.0000' });
    expect(held(await balance(t, s))).toBe(0);
    // The provider answers afterwards: nothing reaches the gallery, nothing is charged.
    await sleep(3500);
    expect(data(await t.call('GET', status_url, { session: s }), generationStatus).status).toBe('cancelled');
    expect(await t.database.db.select().from(files).where(eq(files.userId, s.userId))).toEqual([]);
    expect(await usageRows(t, s.userId)).toBe(0);
    const audit = await t.app.services.credits.audit(s.userId);
    expect(audit.ledgerSum).toBe(audit.balance);
    // Once ended it cannot be cancelled again.
    const again = await t.call('POST', `/api/generations/${generation_id}/cancel`, { session: s });
    expect(again.statusCode).toBe(409);
    expect(error(again).message).toMatch(/already finished/i);
  }, 120_000);

  it('a fast generation still answers in the tool’s own shape, at once', async () => {
    const s = await t.make.user({ credits: '5' });
    const res = await morph(s);
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, generatedImageResponse);
    expect(data(await t.call('GET', `/api/generations/${out.generation_id}`, { session: s }), generationStatus)).toMatchObject({ status: 'completed', result: out });
  });

  it('answers 404 for an unknown or malformed id, and 400 for an unknown query', async () => {
    const s = await t.make.user();
    expect((await t.call('GET', '/api/generations/00000000-0000-4000-8000-000000000000', { session: s })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/generations/not-a-uuid', { session: s })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/generations?active=maybe', { session: s })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/generations?active=true')).statusCode).toBe(401);
  });
});
