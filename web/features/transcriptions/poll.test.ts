import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollTranscription } from './poll.ts';

describe('polling a started transcription (spec 3 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(answers: Array<'pending' | 'processing' | 'completed' | 'failed' | Error>) {
    const calls: number[] = [];
    const seen = { completed: 0, failed: [] as Array<string | null>, timeout: 0 };
    const stop = pollTranscription({
      check: async () => {
        calls.push(Date.now());
        const next = answers.length > 1 ? answers.shift()! : answers[0]!;
        if (next instanceof Error) throw next;
        return { status: next, error_message: next === 'failed' ? 'Provider down' : null };
      },
      onCompleted: () => void seen.completed++,
      onFailed: (m) => void seen.failed.push(m),
      onTimeout: () => void seen.timeout++,
    });
    return { calls, seen, stop };
  }

  it('checks first after 1 s, then every 2.5 s, until completed', async () => {
    const t0 = Date.now();
    const { calls, seen } = start(['pending', 'processing', 'completed']);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c - t0)).toEqual([1000]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.map((c) => c - t0)).toEqual([1000, 3500, 6000]);
    expect(seen.completed).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
  });

  it('retries a network error after 5 s', async () => {
    const t0 = Date.now();
    const { calls, seen } = start([new Error('offline'), 'failed']);
    await vi.advanceTimersByTimeAsync(6000);
    expect(calls.map((c) => c - t0)).toEqual([1000, 6000]);
    expect(seen.failed).toEqual(['Provider down']);
  });

  it('gives up after 120 checks with the timeout notice', async () => {
    const { calls, seen } = start(['processing']);
    await vi.advanceTimersByTimeAsync(1000 + 119 * 2500);
    expect(calls).toHaveLength(120);
    expect(seen.timeout).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(120);
  });

  it('network errors count towards the same 120 checks', async () => {
    const { calls, seen } = start([new Error('offline')]);
    await vi.advanceTimersByTimeAsync(1000 + 119 * 5000);
    expect(calls).toHaveLength(120);
    expect(seen.timeout).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(120);
  });

  it('stops when told', async () => {
    const { calls, stop } = start(['processing']);
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });
});
