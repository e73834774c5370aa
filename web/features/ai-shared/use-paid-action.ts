/**
 * One paid action of an AI tool (spec 1 §2, §4; spec 2 §2): every tool that charges credits runs through this, so
 * each gets the same handling:
 * - the header's Create menu is locked while the call (and any job it started) runs;
 * - one Idempotency-Key per action: a double-click or a retry is charged once, and its answer applied once;
 * - what the answer charged comes off the header's balance at once (re-read from the server ~2 s later);
 * - the queries the generation changed are refreshed;
 * - a 402 opens the Insufficient Credits dialog (the caller can tell with `isInsufficientCreditsError`);
 * - a call the server answers 202 (a slow provider, issue 24) is followed to its end by the tool's `send` through
 *   `postGeneration` (web/lib/generations.ts) with the run given here; `generation` is what the page shows meanwhile
 *   (GenerationProgress: elapsed, progress, Cancel). Its result is charged and refreshed once, as a 200's.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { DecimalInput } from '../../../contract/decimal.ts';
import { createActionKeys } from '../../lib/idempotency.ts';
import { useInsufficientCredits } from '../../lib/insufficient-credits.ts';
import { setJobRunning } from '../../lib/job-running.ts';
import type { GenerationRun } from '../../lib/generations.ts';
import { applyLocalCreditUsage } from '../../lib/local-credit-usage.ts';
import { useGenerationRun } from './use-generation-run.ts';

/** Keeps the header's Create menu locked while `active` (and releases it when the tool unmounts). */
export function useJobLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    setJobRunning(true);
    return () => setJobRunning(false);
  }, [active]);
}

/** Lowers the balance by what a generation charged (null: nothing yet) and refreshes what it changed. */
export function useApplyCharge() {
  const client = useQueryClient();
  return useCallback(
    (charged: DecimalInput | null, refresh: readonly QueryKey[]) => {
      if (charged !== null) applyLocalCreditUsage(charged);
      for (const queryKey of refresh) void client.invalidateQueries({ queryKey });
    },
    [client],
  );
}

export interface PaidAction<TBody, TResult> {
  /**
   * The call, sent with the action's Idempotency-Key; a generation's call passes `run` to `postGeneration`, which
   * follows a 202 to the result.
   */
  send: (body: TBody, idempotencyKey: string, run: GenerationRun) => Promise<TResult>;
  /** What the answer is about (generation or job id): a replayed answer is applied once. */
  answerId: (result: TResult) => string;
  /** What the answer charged now; null when it is charged later (a job, on completion). */
  charged: (result: TResult) => DecimalInput | null;
  /** Queries to refresh after a success. */
  refresh: readonly QueryKey[];
  /** Tool-specific handling of a new answer (after the charge and refresh). */
  onAnswer?: (result: TResult, body: TBody) => void;
  /**
   * The call starts a job: after a successful answer the Create menu stays locked for as long as `stillRunning`
   * says (the tool follows the job), instead of being released with the answer.
   */
  startsJob?: boolean;
  stillRunning?: boolean;
}

export function usePaidAction<TBody, TResult>(action: PaidAction<TBody, TResult>) {
  const insufficient = useInsufficientCredits();
  const applyCharge = useApplyCharge();
  const [keys] = useState(createActionKeys);
  const [answered] = useState(() => new Set<string>());
  const runs = useGenerationRun();
  const mutation = useMutation<TResult, unknown, TBody>({
    mutationFn: async (body) => {
      const { run, end } = runs.start();
      try {
        return await keys.run(body, (key) => action.send(body, key, run));
      } finally {
        end();
      }
    },
    // Locked at once on the click (not a render later), released when the call settles.
    onMutate: () => setJobRunning(true),
    onSettled: (_result, error) => {
      if (error || !action.startsJob) setJobRunning(false);
    },
    onSuccess: (result, body) => {
      const id = action.answerId(result);
      if (answered.has(id)) return;
      answered.add(id);
      applyCharge(action.charged(result), action.refresh);
      action.onAnswer?.(result, body);
    },
    onError: (error) => {
      insufficient.handleError(error);
    },
  });
  useJobLock(!!action.stillRunning);
  return { ...mutation, generation: runs.generation };
}
