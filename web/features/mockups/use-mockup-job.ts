import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MockupJobStatus } from '../../../contract/ai.ts';
import { createActionKeys } from '../../lib/idempotency.ts';
import { setJobRunning } from '../../lib/job-running.ts';
import { applyLocalCreditUsage } from '../../lib/local-credit-usage.ts';
import { describeAiError, type AiErrorView } from '../../lib/ai-error.ts';
import { fetchMockupStatus, submitMockup, type MockupBody } from './api.ts';
import { pollMockupJob, type MockupResult } from './mockup-job.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { useInsufficientCredits } from '../../lib/insufficient-credits.ts';

export type MockupJobState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'running'; jobId: string; status: MockupJobStatus['status']; attempts: number }
  | { phase: 'completed'; result: MockupResult }
  | { phase: 'failed'; error: AiErrorView };

/**
 * Submits a mockup job and follows it to the end (5 s, up to 60 checks). While it runs the header's Create menu is
 * locked; when it completes the balance drops locally and the gallery refreshes. Leaving the page stops following.
 */
export function useMockupJob() {
  const client = useQueryClient();
  const insufficient = useInsufficientCredits();
  const [state, setState] = useState<MockupJobState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // One Idempotency-Key per Generate: a double-click submits (and holds credits for) one job, followed once.
  const [keys] = useState(createActionKeys);

  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
      setJobRunning(false);
    },
    [],
  );

  const start = useCallback(
    async (body: MockupBody) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ phase: 'submitting' });
      setJobRunning(true);
      try {
        const { job_id } = await keys.run(body, (key) => submitMockup(body, key));
        setState({ phase: 'running', jobId: job_id, status: 'pending', attempts: 0 });
        void client.invalidateQueries({ queryKey: creditKeys.all });
        const result = await pollMockupJob(job_id, {
          fetchStatus: fetchMockupStatus,
          signal: abort.signal,
          onStatus: (status, attempts) => setState({ phase: 'running', jobId: job_id, status: status.status, attempts }),
        });
        applyLocalCreditUsage(result.credits_used);
        void client.invalidateQueries({ queryKey: fileKeys.gallery });
        setState({ phase: 'completed', result });
      } catch (error) {
        if (abort.signal.aborted) return;
        if (insufficient.handleError(error)) setState({ phase: 'idle' });
        else setState({ phase: 'failed', error: describeAiError(error) });
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setJobRunning(false);
        }
      }
    },
    [client, insufficient, keys],
  );

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, reset, busy: state.phase === 'submitting' || state.phase === 'running' };
}
