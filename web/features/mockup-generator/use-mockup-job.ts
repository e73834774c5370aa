import { useState } from 'react';
import type { MockupJobStatus } from '../../../contract/ai.ts';
import { describeAiError, type AiErrorView } from '../../lib/ai-error.ts';
import { isInsufficientCreditsError } from '../../lib/insufficient-credits.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { useApplyCharge, usePaidAction } from '../ai-shared/use-paid-action.ts';
import { submitMockup, type MockupBody } from './api.ts';
import { useMockupJobStatus, type MockupResult } from './mockup-job.ts';

export type MockupJobState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'running'; jobId: string; status: MockupJobStatus['status']; attempts: number }
  | { phase: 'completed'; result: MockupResult }
  | { phase: 'failed'; error: AiErrorView };

/**
 * Submits a mockup job (a paid action: one Idempotency-Key per Generate, so a double-click submits and holds
 * credits for one job) and follows it to the end (5 s, up to 60 checks). The Create menu stays locked until it
 * ends; when it completes the balance drops locally and the gallery refreshes. Leaving the page stops following.
 */
export function useMockupJob() {
  const applyCharge = useApplyCharge();
  const [jobId, setJobId] = useState<string | null>(null);
  const outcome = useMockupJobStatus(jobId, {
    onCompleted: (result) => applyCharge(result.credits_used, [fileKeys.gallery]),
  });
  const following = outcome?.kind === 'running';
  const submit = usePaidAction<MockupBody, { job_id: string }>({
    send: (body, key) => submitMockup(body, key),
    answerId: (submitted) => submitted.job_id,
    // The hold lowers the available balance now; the charge comes off when the job completes.
    charged: () => null,
    refresh: [creditKeys.all],
    onAnswer: (submitted) => setJobId(submitted.job_id),
    startsJob: true,
    stillRunning: following,
  });

  const start = async (body: MockupBody) => {
    setJobId(null);
    try {
      await submit.mutateAsync(body);
    } catch {
      // Shown from submit.error (a 402 has opened the Insufficient Credits dialog instead).
    }
  };

  const reset = () => {
    setJobId(null);
    submit.reset();
  };

  const state = jobState(submit, jobId, outcome);
  return { state, start, reset, busy: state.phase === 'submitting' || state.phase === 'running' };
}

function jobState(
  submit: { isPending: boolean; error: unknown },
  jobId: string | null,
  outcome: ReturnType<typeof useMockupJobStatus>,
): MockupJobState {
  if (submit.isPending) return { phase: 'submitting' };
  if (submit.error) return isInsufficientCreditsError(submit.error) ? { phase: 'idle' } : { phase: 'failed', error: describeAiError(submit.error) };
  if (jobId === null || outcome === null) return { phase: 'idle' };
  if (outcome.kind === 'running') return { phase: 'running', jobId, status: outcome.status, attempts: outcome.attempts };
  if (outcome.kind === 'completed') return { phase: 'completed', result: outcome.result };
  return { phase: 'failed', error: describeAiError(outcome.error) };
}
