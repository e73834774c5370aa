import type { JobDefinition } from '../../jobs/queue.ts';
import { MOCKUP_JOB, MOCKUP_JOB_RETRY_LIMIT } from './mockup-job.ts';
import type { AiService } from './service.ts';

/**
 * Mockup rendering runs in the worker; a failed attempt is retried once, then the hold is released.
 * Both attempts fit inside the hold's lifetime.
 */
export function aiJobs(ai: AiService): JobDefinition[] {
  return [
    {
      name: MOCKUP_JOB,
      retryLimit: MOCKUP_JOB_RETRY_LIMIT,
      expireInSeconds: ai.mockupAttemptSeconds,
      handle: (data, meta) => ai.runMockupJob((data as { generationId: string }).generationId, meta.retryCount),
    },
  ];
}
