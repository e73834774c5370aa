// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOCKUP_MESSAGES, MOCKUP_POLL, type MockupJobStatus } from '../../../contract/ai.ts';
import { ApiError } from '../../lib/api.ts';
import { pollMockupJob } from './mockup-job.ts';

const status = (over: Partial<MockupJobStatus>): MockupJobStatus => ({ job_id: 'j1', status: 'processing', attempts: 1, result: null, error_message: null, ...over });
const result = { image: '/api/files/serve/a', images: [{ image: '/api/files/serve/a', uuid: 'a', style: 'poster' }], credits_used: '0.5000' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('mockup job polling (spec 2 §7: every 5 s, at most 60 times)', () => {
  it('checks every 5 s until the job completes', async () => {
    const answers = [status({ status: 'pending' }), status({}), status({ status: 'completed', result })];
    const fetchStatus = vi.fn(async () => answers.shift()!);
    const done = pollMockupJob('j1', { fetchStatus });
    expect(MOCKUP_POLL).toEqual({ intervalMs: 5000, maxAttempts: 60 });

    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(done).resolves.toEqual(result);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(fetchStatus).toHaveBeenCalledWith('j1', undefined);
  });

  it('gives up after 60 checks with the timeout message', async () => {
    const fetchStatus = vi.fn(async () => status({}));
    const done = pollMockupJob('j1', { fetchStatus });
    const outcome = expect(done).rejects.toThrow('Job polling timeout - generation took too long');
    await vi.advanceTimersByTimeAsync(60 * 5000);
    await outcome;
    expect(fetchStatus).toHaveBeenCalledTimes(60);
    expect(MOCKUP_MESSAGES.timeout).toBe('Job polling timeout - generation took too long');
  });

  it('reports a failed job with its message, or Job failed', async () => {
    const withMessage = pollMockupJob('j1', { fetchStatus: async () => status({ status: 'failed', error_message: 'The mockup could not be made.' }) });
    const a = expect(withMessage).rejects.toThrow('The mockup could not be made.');
    const bare = pollMockupJob('j1', { fetchStatus: async () => status({ status: 'failed' }) });
    const b = expect(bare).rejects.toThrow('Job failed');
    await vi.advanceTimersByTimeAsync(5000);
    await a;
    await b;
  });

  it('reports a completed job without a result', async () => {
    const done = pollMockupJob('j1', { fetchStatus: async () => status({ status: 'completed' }) });
    const outcome = expect(done).rejects.toThrow('Job completed but no result available');
    await vi.advanceTimersByTimeAsync(5000);
    await outcome;
  });

  it('rides out a network blip but stops on other errors', async () => {
    const answers: Array<MockupJobStatus | Error> = [new ApiError(0, 'NETWORK_ERROR', 'offline'), status({ status: 'completed', result })];
    const fetchStatus = vi.fn(async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const done = pollMockupJob('j1', { fetchStatus });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toEqual(result);

    const gone = pollMockupJob('j1', { fetchStatus: async () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Job not found')) });
    const outcome = expect(gone).rejects.toThrow('Job not found');
    await vi.advanceTimersByTimeAsync(5000);
    await outcome;
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const fetchStatus = vi.fn(async () => status({}));
    const done = pollMockupJob('j1', { fetchStatus, signal: controller.signal });
    const outcome = expect(done).rejects.toThrow('Aborted');
    await vi.advanceTimersByTimeAsync(5000);
    controller.abort();
    await outcome;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });
});
