/**
 * One paid action of an AI tool (spec 1 §2, §4; spec 2 §2): every tool that charges credits runs through this, so
 * each gets the same handling:
 * - the header's Create menu is locked while the call (and any job it started) runs;
 * - one Idempotency-Key per action: a double-click or a retry is charged once, and its answer applied once;
 * - what the answer charged comes off the header's balance at once (re-read from the server ~2 s later);
 * - the queries the generation changed are refreshed;
 * - a 402 opens the Insufficient Credits dialog (the caller can tell with `isInsufficientCreditsError`).
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { DecimalInput } from '../../../contract/decimal.ts';
import { createActionKeys } from '../../lib/idempotency.ts';
import { useInsufficientCredits } from '../../lib/insufficient-credits.ts';
import { setJobRunning } from '../../lib/job-running.ts';
import { applyLocalCreditUsage } from '../../lib/local-credit-usage.ts';

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
  /** The call, sent with the action's Idempotency-Key. */
  send: (body: TBody, idempotencyKey: string) => Promise<TResult>;
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
  const mutation = useMutation<TResult, unknown, TBody>({
    mutationFn: (body) => keys.run(body, (key) => action.send(body, key)),
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
  return mutation;
}
