import type { FastifyBaseLogger } from 'fastify';
import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import type { BatchFinish } from './finish.ts';
import type { BatchesService } from './service.ts';

export const SWEEP_BATCHES_JOB = 'batches.sweep';
/** A held item not handed to the queue this long after its hold was lost with its process: it is sent again. */
const LOST_AFTER_MS = 2 * 60_000;

/**
 * Batch items run as `ai.generate` jobs (ai/batch-runs.ts); this sweep, every minute, sends held items a killed process
 * never handed to the queue and finishes batches whose last item settled without telling (finish.ts).
 */
export function batchJobs(batches: BatchesService, finish: BatchFinish, log: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    {
      name: SWEEP_BATCHES_JOB,
      cron: '* * * * *',
      async handle() {
        const resent = await batches.dispatchLost(LOST_AFTER_MS);
        const finished = await finish.sweep();
        if (resent + finished > 0) log.info({ resent, finished }, 'batches swept');
        return { resent, finished };
      },
    },
  ];
}
