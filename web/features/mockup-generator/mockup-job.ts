/**
 * Following a mockup job (spec 2 §7, §9): its status is read every 5 s, at most 60 times, by a query with
 * `refetchInterval` (the first check 5 s after the submission, as the job needs that long to start).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MOCKUP_MESSAGES, MOCKUP_POLL, type MockupJobStatus } from '../../../contract/ai.ts';
import { ApiError } from '../../lib/api.ts';
import { fetchMockupStatus } from './api.ts';

export type MockupResult = NonNullable<MockupJobStatus['result']>;

/** A job that ended without a result: failed, completed empty, or still running after the last check. */
export class MockupJobError extends Error {
  override readonly name = 'MockupJobError';
}

/** What the checks so far found: the last status read, how many checks were made, an error that ended them. */
export interface MockupChecks {
  status: MockupJobStatus | null;
  attempts: number;
  error: unknown;
}

export type MockupOutcome =
  | { kind: 'running'; status: MockupJobStatus['status']; attempts: number }
  | { kind: 'completed'; result: MockupResult }
  | { kind: 'failed'; error: unknown };

const NO_CHECKS: MockupChecks = { status: null, attempts: 0, error: null };

/** A check that failed on the way (network, 5xx) counts as an attempt and is tried again; other errors end polling. */
const transient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * The job's result when it completed; 'Job failed' (or the job's error_message), 'Job completed but no result
 * available', or after the 60th check 'Job polling timeout - generation took too long'; else still running.
 */
export function mockupOutcome(checks: MockupChecks, maxAttempts: number = MOCKUP_POLL.maxAttempts): MockupOutcome {
  if (checks.error) return { kind: 'failed', error: checks.error };
  const { status } = checks;
  if (status?.status === 'completed') {
    if (!status.result || status.result.images.length === 0) return { kind: 'failed', error: new MockupJobError(MOCKUP_MESSAGES.noResult) };
    return { kind: 'completed', result: status.result };
  }
  if (status?.status === 'failed') return { kind: 'failed', error: new MockupJobError(status.error_message || MOCKUP_MESSAGES.failed) };
  if (checks.attempts >= maxAttempts) return { kind: 'failed', error: new MockupJobError(MOCKUP_MESSAGES.timeout) };
  return { kind: 'running', status: status?.status ?? 'pending', attempts: checks.attempts };
}

export const mockupJobKey = (jobId: string | null) => ['ai', 'mockup-job', jobId] as const;

/**
 * Follows job `jobId` (null: none) until it completes, fails or runs out of checks; `onCompleted` runs once, from
 * the check that found the result. Unmounting stops following (the check in flight is aborted).
 */
export function useMockupJobStatus(
  jobId: string | null,
  options: {
    onCompleted?: (result: MockupResult) => void;
    fetchStatus?: (jobId: string, signal?: AbortSignal) => Promise<MockupJobStatus>;
    intervalMs?: number;
    maxAttempts?: number;
  } = {},
): MockupOutcome | null {
  const { fetchStatus = fetchMockupStatus, intervalMs = MOCKUP_POLL.intervalMs, maxAttempts = MOCKUP_POLL.maxAttempts } = options;
  const client = useQueryClient();
  const queryKey = mockupJobKey(jobId);
  const query = useQuery<MockupChecks>({
    queryKey,
    enabled: jobId !== null,
    // Nothing is read at once: the first check comes after one interval.
    initialData: NO_CHECKS,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // The job runs on the server whether or not this tab is visible; keep following it.
    refetchIntervalInBackground: true,
    refetchInterval: (q) => (jobId !== null && mockupOutcome(q.state.data ?? NO_CHECKS, maxAttempts).kind === 'running' ? intervalMs : false),
    queryFn: async ({ signal }) => {
      const previous = client.getQueryData<MockupChecks>(queryKey) ?? NO_CHECKS;
      const attempts = previous.attempts + 1;
      let checks: MockupChecks;
      try {
        checks = { status: await fetchStatus(jobId!, signal), attempts, error: null };
      } catch (error) {
        checks = transient(error) ? { ...previous, attempts } : { ...previous, attempts, error };
      }
      const outcome = mockupOutcome(checks, maxAttempts);
      if (outcome.kind === 'completed') options.onCompleted?.(outcome.result);
      return checks;
    },
  });
  return jobId === null ? null : mockupOutcome(query.data, maxAttempts);
}
