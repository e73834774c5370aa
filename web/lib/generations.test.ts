import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_ERROR_COPY } from '../../contract/ai.ts';
import { ERROR_STATUS } from '../../contract/errors.ts';
import { GENERATION_MESSAGES, type GenerationStatus } from '../../contract/generations.ts';
import { fail, ok, routes, stubFetch } from '../test-support/fetch-stub.ts';
import { acceptedResponse, generationStatusOf } from '../test-support/generations.ts';
import { describeAiError } from './ai-error.ts';
import { ApiError } from './api.ts';
import { generationsVersion, subscribeGenerations } from './generation-registry.ts';
import { createGenerationRun, GENERATION_CANCELLED, generationTiming, postGeneration, type RunSnapshot } from './generations.ts';

const id = '00000000-0000-4000-8000-0000000000aa';
const result = { image: '/api/files/serve/u1', uuid: 'u1', credits_used: '0.5000', generation_id: id };
const accepted = () => acceptedResponse(id);

const statusOf = (change: Partial<GenerationStatus>) => generationStatusOf(id, change);

/** GET /api/generations/:id answers these in turn (the last one again and again). */
function statuses(...answers: Array<() => Response>) {
  let i = 0;
  return () => answers[Math.min(i++, answers.length - 1)]!();
}

const saved = { ...generationTiming };
beforeEach(() => Object.assign(generationTiming, { pollMs: 2, maxRetryMs: 10 }));
afterEach(() => {
  Object.assign(generationTiming, saved);
  vi.unstubAllGlobals();
});

describe('postGeneration', () => {
  it('answers a 200 as it came, without reading any status', async () => {
    const calls = stubFetch(routes({ 'POST /api/ai/generate-image': () => ok(result) }));
    await expect(postGeneration('/ai/generate-image', { a: 1 }, { idempotencyKey: 'k1' })).resolves.toEqual(result);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['idempotency-key']).toBe('k1');
  });

  it('follows a 202 through queued and processing to the completed result, telling the run and the panel', async () => {
    const calls = stubFetch(
      routes({
        'POST /api/ai/generate-image': accepted,
        [`GET /api/generations/${id}`]: statuses(
          () => ok(statusOf({ status: 'queued' })),
          () => ok(statusOf({ progress: 40 })),
          () => ok(statusOf({ status: 'completed', progress: 100, result })),
        ),
      }),
    );
    const seen: RunSnapshot[] = [];
    const run = createGenerationRun((s) => seen.push(s));
    const announced = vi.fn();
    const unsubscribe = subscribeGenerations(announced);
    const before = generationsVersion();
    await expect(postGeneration('/ai/generate-image', {}, { idempotencyKey: 'k1', run })).resolves.toEqual(result);
    unsubscribe();
    expect(calls.filter((c) => c.url === `/api/generations/${id}`)).toHaveLength(3);
    expect(seen.map((s) => [s.id, s.phase, s.progress])).toEqual([
      [id, 'queued', null],
      [id, 'queued', null],
      [id, 'processing', 40],
    ]);
    expect(run.ended).toBe(true);
    expect(announced).toHaveBeenCalled();
    expect(generationsVersion()).toBeGreaterThan(before);
  });

  it('throws a failed generation as its synchronous failure: the status of its code, the message, class and tip', async () => {
    const tip = 'Try a photo with one face.';
    stubFetch(
      routes({
        'POST /api/ai/generate-image': accepted,
        [`GET /api/generations/${id}`]: () =>
          ok(statusOf({ status: 'failed', credits: '0', error: { code: 'AI_CONTENT_BLOCKED', message: 'Blocked by safety filters.', error_class: 'content_policy', tip } })),
      }),
    );
    const error = await postGeneration('/ai/generate-image', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: ERROR_STATUS.AI_CONTENT_BLOCKED, code: 'AI_CONTENT_BLOCKED', message: 'Blocked by safety filters.' });
    expect((error as ApiError).details).toEqual({ error_class: 'content_policy', tip });
    expect(describeAiError(error)).toMatchObject({ errorClass: 'content_policy', headline: 'Blocked by safety filters.', tip });
  });

  it('a failure without class or tip reads as its status says (a provider outage: the server row)', async () => {
    stubFetch(
      routes({
        'POST /api/ai/generate-image': accepted,
        [`GET /api/generations/${id}`]: () => ok(statusOf({ status: 'failed', error: { code: 'AI_PROVIDER_ERROR', message: 'Upstream 500', error_class: null, tip: null } })),
      }),
    );
    const error = await postGeneration('/ai/generate-image', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'AI_PROVIDER_ERROR' });
    expect(describeAiError(error)).toMatchObject({ errorClass: 'server', headline: AI_ERROR_COPY.server.headline, tip: AI_ERROR_COPY.server.tip });
  });

  it('throws the cancelled error for a cancelled generation, which reads as such without a tip', async () => {
    stubFetch(routes({ 'POST /api/ai/generate-image': accepted, [`GET /api/generations/${id}`]: () => ok(statusOf({ status: 'cancelled', credits: '0' })) }));
    const error = await postGeneration('/ai/generate-image', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: GENERATION_CANCELLED, message: GENERATION_MESSAGES.cancelled });
    expect(describeAiError(error)).toEqual({ errorClass: 'unknown', headline: GENERATION_MESSAGES.cancelled, guidelines: [], tip: '' });
  });

  it('keeps reading through a dropped network and a restarting server, waiting longer each time', async () => {
    let reads = 0;
    const calls = stubFetch(
      routes({
        'POST /api/ai/generate-image': accepted,
        [`GET /api/generations/${id}`]: () => {
          reads += 1;
          if (reads <= 2) throw new TypeError('Failed to fetch');
          if (reads === 3) return new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
          if (reads === 4) return fail(503, 'SERVICE_UNAVAILABLE', 'Restarting');
          return ok(statusOf({ status: 'completed', result }));
        },
      }),
    );
    const waits: number[] = [];
    const run = createGenerationRun();
    const wait = run.wait.bind(run);
    run.wait = (ms) => {
      waits.push(ms);
      return wait(ms);
    };
    await expect(postGeneration('/ai/generate-image', {}, { run })).resolves.toEqual(result);
    expect(reads).toBe(5);
    expect(calls).toHaveLength(6);
    // 2, 4, 8, then capped at 10 ms (generationTiming here; 1.5 s doubling up to 15 s in the app).
    expect(waits).toEqual([4, 8, 10, 10]);
  });

  it('gives up on an answer that will not change (the generation is not found)', async () => {
    stubFetch(routes({ 'POST /api/ai/generate-image': accepted, [`GET /api/generations/${id}`]: () => fail(404, 'NOT_FOUND', GENERATION_MESSAGES.notFound) }));
    await expect(postGeneration('/ai/generate-image', {})).rejects.toMatchObject({ status: 404, message: GENERATION_MESSAGES.notFound });
  });

  it('a lost answer to the call itself asks the panel to look for the generation', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const announced = vi.fn();
    const unsubscribe = subscribeGenerations(announced);
    await expect(postGeneration('/ai/generate-image', {})).rejects.toMatchObject({ status: 0 });
    unsubscribe();
    expect(announced).toHaveBeenCalledTimes(1);
  });

  it('a wake ends the wait at once, also one that came during a status read', async () => {
    const run = createGenerationRun();
    const started = Date.now();
    const waiting = run.wait(10_000);
    run.wake();
    await waiting;
    run.wake();
    await run.wait(10_000);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
