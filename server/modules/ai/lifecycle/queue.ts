import type { GenerationJobName } from '../../../jobs/jobs.ts';
import * as repo from '../repository.ts';
import { isBatchItem } from './answers.ts';
import type { Runs } from './runs.ts';
import type { LifecycleDeps, Run } from './types.ts';

/**
 * A generation made by a job: handed to its queue, claimed by a worker once per attempt, and requeued when an attempt
 * failed and will be retried.
 */
/** Batch items run after single generations (the queue's default priority, 0). */
export const BATCH_ITEM_PRIORITY = -1;
/** A batch item whose user already runs their limit goes back to the queue for this long. */
const BATCH_ITEM_BUSY_MS = 1000;

export function createQueue(deps: Pick<LifecycleDeps, 'db' | 'jobs' | 'credits' | 'batchConcurrencyPerUser'>, runs: Runs) {
  const { db } = deps;
  const { discard, runOf } = runs;

  /** Sends a generation's job; a batch item's goes behind single generations and in its user's group. */
  async function send(generation: repo.GenerationRow, job: GenerationJobName, startAfter?: Date): Promise<string | null> {
    const batch = isBatchItem(generation) ? { priority: BATCH_ITEM_PRIORITY, group: { id: generation.userId } } : {};
    return deps.jobs.send(job, { generationId: generation.id }, { ...batch, ...(startAfter ? { startAfter } : {}) });
  }

  return {
    /** Hands a queued generation to its job (`{ generationId }`) and records the job's id on it. */
    async enqueue(run: Pick<Run, 'generation'>, job: GenerationJobName): Promise<void> {
      const jobId = await send(run.generation, job);
      await repo.updateGeneration(db, run.generation.id, { jobId });
    },

    /**
     * The worker's start: claims attempt `attempt` (pg-boss's retryCount, from 0) of a queued generation, or answers
     * null when it is settled, unknown, or already claimed for this attempt (a second delivery never renders it again).
     */
    async claim(generationId: string, attempt: number, job: GenerationJobName): Promise<Run | null> {
      const claimed = await repo.claimGeneration(db, generationId, attempt + 1, deps.batchConcurrencyPerUser);
      if (claimed === 'busy') {
        // The queue's per-user group can let one item too many through when workers fetch at the same moment; the
        // claim is the exact check: this item waits its turn again (a new job, no attempt spent).
        const row = await repo.findGeneration(db, generationId);
        if (row) await send(row, job, new Date(Date.now() + BATCH_ITEM_BUSY_MS));
        return null;
      }
      return claimed ? runOf(claimed, claimed.credits, Date.now()) : null;
    },

    /** Gives the run's hold the lifetime of its work from now (a batch item held while it waited in the queue). */
    async renewHold(run: Run, ttlMinutes: number): Promise<void> {
      await deps.credits.renewHold(run.holdId, ttlMinutes);
    },

    /** A failed attempt that will be retried: its outputs go, and the generation waits as pending for the next claim. */
    async requeue(run: Run): Promise<void> {
      await discard(run.outputs);
      await repo.updateGeneration(db, run.generation.id, { status: 'pending' });
    },
  };
}
