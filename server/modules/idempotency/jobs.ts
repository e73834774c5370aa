import type { FastifyBaseLogger } from 'fastify';
import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import type { IdempotencyService } from './service.ts';

export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency.cleanup';

/** Hourly: Idempotency-Keys past their 24 hours are deleted. Safe to run twice. */
export function idempotencyJobs(idempotency: Pick<IdempotencyService, 'cleanup'>, log: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    {
      name: IDEMPOTENCY_CLEANUP_JOB,
      cron: '41 * * * *',
      async handle() {
        const removed = await idempotency.cleanup();
        if (removed > 0) log.info({ removed }, 'idempotency keys expired');
        return { removed };
      },
    },
  ];
}
