import type { GenerationJobName, SendOptions } from '../../../jobs/jobs.ts';
import * as repo from '../repository.ts';
import type { Runs } from './runs.ts';
import type { LifecycleDeps, Run } from './types.ts';

/**
 * A generation made by a job: handed to its queue, claimed by a worker once per attempt, and requeued when an attempt
 * failed and will be retried.
 */
export function createQueue(deps: Pick<LifecycleDeps, 'db' | 'jobs' | 'credits'>, runs: Runs) {
  const { db } = deps;
  const { discard, runOf } = runs;

  return {
    /**
     * Hands a queued generation to its job (`{ generationId }`) and records the job's id on it. A batch item goes with
     * `options`: behind single generations (priority) and a few at a time per user (its group).
     */
    async enqueue(run: Pick<Run, 'generation'>, job: GenerationJobName, options?: Pick<SendOptions, 'priority' | 'group'>): Promise<void> {
      const jobId = await deps.jobs.send(job, { generationId: run.generation.id }, options);
      await repo.updateGeneration(db, run.generation.id, { jobId });
    },

    /**
     * The worker's start: claims attempt `attempt` (pg-boss's retryCount, from 0) of a queued generation, or answers
     * null when it is settled, unknown, or already claimed for this attempt (a second delivery never renders it again).
     */
    async claim(generationId: string, attempt: number): Promise<Run | null> {
      const generation = await repo.claimGeneration(db, generationId, attempt + 1);
      return generation ? runOf(generation, generation.credits, Date.now()) : null;
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
