import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import { GENERATE_JOB, GENERATE_RETRY_LIMIT } from './durable.ts';
import { MOCKUP_JOB, MOCKUP_JOB_RETRY_LIMIT } from './mockup-job.ts';
import type { AiService } from './service.ts';

/**
 * Generations and mockup rendering run in the worker. A mockup's failed attempt is retried once, then the hold is
 * released; both attempts fit inside the hold's lifetime.
 */
export function aiJobs(ai: AiService): AnyJobDefinition[] {
  const { providerTimeoutMs, localTimeoutMs, concurrency, batchConcurrencyPerUser } = ai.generationSettings;
  return [
    {
      // Every durable generation (durable.ts): several at once per worker (provider calls mostly wait), picked up at
      // once in the process that queued it, or by LISTEN/NOTIFY on PostgreSQL; a dead worker's attempt runs once more.
      name: GENERATE_JOB,
      retryLimit: GENERATE_RETRY_LIMIT,
      // The attempt's own deadline fails it first; this only catches a worker that hangs past it.
      expireInSeconds: Math.ceil(Math.max(providerTimeoutMs, localTimeoutMs) / 1000) + 60,
      concurrency,
      // Batch items are sent in their user's group: a user's batch runs this many at once, whatever the workers.
      groupConcurrency: batchConcurrencyPerUser,
      immediate: true,
      handle: (data, meta) => ai.generations.runJob(data.generationId, meta.retryCount),
    },
    {
      name: MOCKUP_JOB,
      retryLimit: MOCKUP_JOB_RETRY_LIMIT,
      expireInSeconds: ai.mockupAttemptSeconds,
      groupConcurrency: batchConcurrencyPerUser,
      handle: (data, meta) => ai.runMockupJob(data.generationId, meta.retryCount),
    },
  ];
}
