/** Following a mockup job (spec 2 §7, §9): its status is read every 5 s, at most 60 times. */
import { MOCKUP_MESSAGES, MOCKUP_POLL, type MockupJobStatus } from '../../../contract/ai.ts';
import { ApiError } from '../../lib/api.ts';

export type MockupResult = NonNullable<MockupJobStatus['result']>;

/** A job that ended without a result: failed, completed empty, or still running after the last check. */
export class MockupJobError extends Error {
  override readonly name = 'MockupJobError';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** A check that failed on the way (network, 5xx) counts as an attempt and is tried again; other errors end polling. */
const transient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * Waits 5 s, reads the job's status, and repeats up to 60 times. Resolves with the result when the job completed;
 * rejects with 'Job failed' (or the job's error_message), 'Job completed but no result available', or after the
 * 60th check 'Job polling timeout - generation took too long'. An aborted signal stops it.
 */
export async function pollMockupJob(
  jobId: string,
  options: {
    fetchStatus: (jobId: string, signal?: AbortSignal) => Promise<MockupJobStatus>;
    onStatus?: (status: MockupJobStatus, attempt: number) => void;
    signal?: AbortSignal;
    intervalMs?: number;
    maxAttempts?: number;
  },
): Promise<MockupResult> {
  const { intervalMs = MOCKUP_POLL.intervalMs, maxAttempts = MOCKUP_POLL.maxAttempts, signal } = options;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    await sleep(intervalMs, signal);
    let status: MockupJobStatus;
    try {
      status = await options.fetchStatus(jobId, signal);
    } catch (error) {
      if (transient(error)) continue;
      throw error;
    }
    options.onStatus?.(status, attempt);
    if (status.status === 'completed') {
      if (!status.result || status.result.images.length === 0) throw new MockupJobError(MOCKUP_MESSAGES.noResult);
      return status.result;
    }
    if (status.status === 'failed') throw new MockupJobError(status.error_message || MOCKUP_MESSAGES.failed);
  }
  throw new MockupJobError(MOCKUP_MESSAGES.timeout);
}
