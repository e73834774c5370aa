/**
 * The running call of a paid action as its page shows it (issue 24): the generation's id once a 202 gave it, its phase
 * and progress, and Cancel. While the page is mounted it claims the generation, so the shell's panel does not show it
 * twice; when the page goes first, the panel takes over (and gives the notice when it ends).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { claimGeneration } from '../../lib/generation-registry.ts';
import { cancelGeneration, createGenerationRun, type GenerationRun, type RunSnapshot } from '../../lib/generations.ts';

export const CANCEL_FAILED = 'Could not cancel the generation. Please try again.';

/** What GenerationProgress shows and does for the running call. */
export interface PaidGeneration extends RunSnapshot {
  /** Stops the generation (once its id is known) and releases its hold; the call then ends with the cancelled error. */
  cancel: () => void;
  cancelling: boolean;
  cancelError: string | null;
}

export function useGenerationRun() {
  const [snapshot, setSnapshot] = useState<RunSnapshot | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const latest = useRef<GenerationRun | null>(null);
  const mounted = useRef(true);
  /** The claims of this page's runs, given back when the page unmounts. */
  const claims = useRef(new Set<(ended: boolean) => void>());

  useEffect(() => {
    mounted.current = true;
    const held = claims.current;
    return () => {
      mounted.current = false;
      for (const release of held) release(false);
      held.clear();
    };
  }, []);

  /** A new call: returns its run (handed to the tool's send) and `end`, called once the call has settled. */
  const start = useCallback(() => {
    let release: ((ended: boolean) => void) | null = null;
    const run = createGenerationRun((next) => {
      if (next.id && !release && mounted.current) {
        release = claimGeneration(next.id);
        claims.current.add(release);
      }
      if (latest.current === run) setSnapshot(next);
    });
    latest.current = run;
    setSnapshot(run.snapshot);
    setCancelling(false);
    setCancelError(null);
    const end = () => {
      if (release) {
        claims.current.delete(release);
        // Ended here only when this page saw the end; after an unmount the claim is already given back.
        release(mounted.current && run.ended);
      }
      if (latest.current === run) {
        latest.current = null;
        setSnapshot(null);
      }
    };
    return { run, end };
  }, []);

  const cancel = useCallback(() => {
    const run = latest.current;
    const id = run?.snapshot.id;
    if (!run || !id) return;
    setCancelling(true);
    setCancelError(null);
    cancelGeneration(id).then(
      // Read the status now: the call ends with the cancelled error.
      () => run.wake(),
      (error: unknown) => {
        // 409: it finished first; its end (the result) is read now.
        if (error instanceof ApiError && error.status === 409) return run.wake();
        if (latest.current !== run) return;
        setCancelling(false);
        setCancelError(errorMessage(error, CANCEL_FAILED));
      },
    );
  }, []);

  const generation = useMemo<PaidGeneration | null>(
    () => (snapshot ? { ...snapshot, cancel, cancelling, cancelError } : null),
    [snapshot, cancel, cancelling, cancelError],
  );
  return { start, generation };
}
