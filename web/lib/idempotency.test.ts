// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch, type RecordedCall } from '../test-support/fetch-stub.ts';
import { api } from './api.ts';
import { createActionKeys } from './idempotency.ts';

afterEach(() => vi.unstubAllGlobals());

const keyOf = (call: RecordedCall) => call.headers['idempotency-key'];
const send = (body: object) => (key: string) => api.post<{ n: number }>('/ai/upscale-image', body, { idempotencyKey: key });

describe('one Idempotency-Key per user action', () => {
  it('two rapid calls of one action send the same key; the repeat the server finds still running gets the first answer', async () => {
    let release!: () => void;
    const firstDone = new Promise<void>((r) => (release = r));
    let n = 0;
    const calls = stubFetch(async () => {
      if (++n === 1) {
        await firstDone;
        return ok({ n: 1 });
      }
      return fail(409, 'CONFLICT', 'still being processed', { in_progress: true });
    });
    const keys = createActionKeys();
    const body = { image_uuid: 'u1', scale_factor: 2 };
    const first = keys.run(body, send(body));
    const second = keys.run({ ...body }, send(body));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    release();
    expect(await first).toEqual({ n: 1 });
    expect(await second).toEqual({ n: 1 });
    expect(keyOf(calls[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(calls[1]!)).toBe(keyOf(calls[0]!));

    // Answered: the next click is a new action with a new key, even with the same settings.
    await keys.run(body, send(body)).catch(() => {});
    expect(keyOf(calls[2]!)).not.toBe(keyOf(calls[0]!));
  });

  it('a retry after a network failure sends the same key (the server may have done the work); other settings a new one', async () => {
    let n = 0;
    const calls = stubFetch(() => {
      if (++n === 1) throw new TypeError('Failed to fetch');
      return ok({ n });
    });
    const keys = createActionKeys();
    const body = { image_uuid: 'u1' };
    await expect(keys.run(body, send(body))).rejects.toMatchObject({ status: 0 });
    await keys.run(body, send(body));
    expect(keyOf(calls[1]!)).toBe(keyOf(calls[0]!));
    await keys.run({ image_uuid: 'u2' }, send({ image_uuid: 'u2' }));
    expect(keyOf(calls[2]!)).not.toBe(keyOf(calls[1]!));
  });

  it('an error answer ends the action: the next click sends a new key', async () => {
    const calls = stubFetch(() => fail(402, 'INSUFFICIENT_CREDITS', 'short'));
    const keys = createActionKeys();
    const body = { image_uuid: 'u1' };
    await expect(keys.run(body, send(body))).rejects.toMatchObject({ status: 402 });
    await expect(keys.run(body, send(body))).rejects.toMatchObject({ status: 402 });
    expect(keyOf(calls[1]!)).not.toBe(keyOf(calls[0]!));
  });
});
