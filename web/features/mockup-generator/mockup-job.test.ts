// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOCKUP_MESSAGES, MOCKUP_POLL, type MockupJobStatus } from '../../../contract/ai.ts';
import { ApiError } from '../../lib/api.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { useMockupJobStatus, type MockupOutcome, type MockupResult } from './mockup-job.ts';

const status = (over: Partial<MockupJobStatus>): MockupJobStatus => ({ job_id: 'j1', status: 'processing', attempts: 1, result: null, error_message: null, ...over });
const result = { image: '/api/files/serve/a', images: [{ image: '/api/files/serve/a', uuid: 'a', style: 'poster' }], credits_used: '0.5000', preview: false, text: null };

// shouldAdvanceTime: TanStack Query delivers each answer on a timer of its own, which must run as time passes.
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Follows job j1 with `fetchStatus`, as the mockup page does; returns the latest outcome and what completed. */
function follow(fetchStatus: (jobId: string, signal?: AbortSignal) => Promise<MockupJobStatus>) {
  const client = testQueryClient();
  const completed: MockupResult[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  const hook = renderHook(() => useMockupJobStatus('j1', { fetchStatus, onCompleted: (r) => completed.push(r) }), { wrapper });
  return { outcome: (): MockupOutcome | null => hook.result.current, completed, unmount: hook.unmount };
}

/** Advances the clock, plus a moment for the query to deliver what the checks answered. */
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.advanceTimersByTimeAsync(50);
  });

const failure = (outcome: MockupOutcome | null) => (outcome?.kind === 'failed' ? (outcome.error as Error).message : null);

describe('mockup job polling (spec 2 §7: every 5 s, at most 60 times)', () => {
  it('checks every 5 s until the job completes', async () => {
    const answers = [status({ status: 'pending' }), status({}), status({ status: 'completed', result })];
    const start = Date.now();
    const checkedAt: number[] = [];
    const fetchStatus = vi.fn<(jobId: string, signal?: AbortSignal) => Promise<MockupJobStatus>>(async () => {
      checkedAt.push(Date.now() - start);
      return answers.shift()!;
    });
    const job = follow(fetchStatus);
    expect(MOCKUP_POLL).toEqual({ intervalMs: 5000, maxAttempts: 60 });
    expect(job.outcome()).toEqual({ kind: 'running', status: 'pending', attempts: 0 });

    await wait(4900);
    expect(fetchStatus).not.toHaveBeenCalled();
    await wait(100);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(job.outcome()).toEqual({ kind: 'running', status: 'pending', attempts: 1 });
    await wait(5000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(job.outcome()).toEqual({ kind: 'running', status: 'processing', attempts: 2 });
    await wait(5000);
    expect(job.outcome()).toEqual({ kind: 'completed', result });
    expect(job.completed).toEqual([result]);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    // Each check exactly one interval after the one before, the first one interval after the submission.
    expect(checkedAt).toEqual([5000, 10000, 15000]);
    expect(fetchStatus).toHaveBeenCalledWith('j1', expect.any(AbortSignal));
    await wait(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(job.completed).toHaveLength(1);
  });

  it('gives up after 60 checks with the timeout message', async () => {
    const fetchStatus = vi.fn(async () => status({}));
    const job = follow(fetchStatus);
    await wait(60 * 5000);
    expect(failure(job.outcome())).toBe('Job polling timeout - generation took too long');
    expect(fetchStatus).toHaveBeenCalledTimes(60);
    expect(MOCKUP_MESSAGES.timeout).toBe('Job polling timeout - generation took too long');
    await wait(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(60);
  });

  it('reports a failed job with its message, or Job failed', async () => {
    const withMessage = follow(async () => status({ status: 'failed', error_message: 'The mockup could not be made.' }));
    await wait(5000);
    expect(failure(withMessage.outcome())).toBe('The mockup could not be made.');
    withMessage.unmount();

    const bare = follow(async () => status({ status: 'failed' }));
    await wait(5000);
    expect(failure(bare.outcome())).toBe('Job failed');
  });

  it('reports a completed job without a result', async () => {
    const job = follow(async () => status({ status: 'completed' }));
    await wait(5000);
    expect(failure(job.outcome())).toBe('Job completed but no result available');
    expect(job.completed).toEqual([]);
  });

  it('rides out a network blip but stops on other errors', async () => {
    const answers: Array<MockupJobStatus | Error> = [new ApiError(0, 'NETWORK_ERROR', 'offline'), status({ status: 'completed', result })];
    const fetchStatus = vi.fn(async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const blip = follow(fetchStatus);
    await wait(10_000);
    expect(blip.outcome()).toEqual({ kind: 'completed', result });
    blip.unmount();

    const lookups = vi.fn(async () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Job not found')));
    const gone = follow(lookups);
    await wait(5000);
    expect(failure(gone.outcome())).toBe('Job not found');
    await wait(60_000);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('stops when the page is left', async () => {
    let signal: AbortSignal | undefined;
    const fetchStatus = vi.fn(async (_jobId: string, s?: AbortSignal) => {
      signal = s;
      return status({});
    });
    const job = follow(fetchStatus);
    await wait(5000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    job.unmount();
    await wait(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(signal).toBeInstanceOf(AbortSignal);
  });
});
