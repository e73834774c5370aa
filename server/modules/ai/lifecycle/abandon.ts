import { GENERATION_MESSAGES } from '../../../../contract/generations.ts';
import type { DbOrTx } from '../../../db/client.ts';
import * as repo from '../repository.ts';
import type { GenerationRow } from '../repository.ts';
import type { LifecycleDeps } from './types.ts';

const CANCELLED_MESSAGE = GENERATION_MESSAGES.cancelled;

/**
 * A generation that ends without its work: cancelled by its user, or closed as interrupted when the sweep releases
 * the hold of a process that died. Either way its hold is released with it, in one transaction.
 */
export function createAbandon(deps: Pick<LifecycleDeps, 'db' | 'clock' | 'credits' | 'settled'>) {
  const { db, clock, credits } = deps;

  return {
    /**
     * The user stops a queued or running generation: released and marked cancelled in one transaction (a worker still
     * running it finds it settled and keeps nothing). Answers the row, or undefined when it had already ended.
     */
    async cancel(generationId: string, userId: string): Promise<GenerationRow | undefined> {
      const cancelled = await db.transaction(async (tx) => {
        const row = await repo.lockUnsettled(tx, generationId, userId);
        if (!row) return undefined;
        if (row.holdId) await credits.releaseIn(tx, row.holdId);
        return repo.updateGeneration(tx, generationId, {
          status: 'cancelled',
          credits: '0',
          errorClass: 'cancelled',
          errorMessage: CANCELLED_MESSAGE,
          error: { code: 'CONFLICT', message: CANCELLED_MESSAGE },
          progress: null,
          completedAt: clock.now(),
        });
      });
      if (cancelled) deps.settled?.(generationId);
      return cancelled;
    },

    /**
     * The sweep released this hold because its work outlived HOLD_TTL_MINUTES (the process died): the generation
     * it covered is closed as failed in the same transaction, so it does not show as processing forever.
     */
    async failAbandoned(tx: DbOrTx, holdId: string): Promise<string[]> {
      const errorMessage = 'The generation was interrupted before it finished. Nothing was charged; please try again.';
      return repo.failUnfinishedOfHold(tx, holdId, {
        errorClass: 'interrupted',
        errorMessage,
        error: { code: 'AI_PROVIDER_ERROR', message: errorMessage },
        completedAt: clock.now(),
      });
    },
  };
}
