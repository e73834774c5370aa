import type { FastifyBaseLogger } from 'fastify';
import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import { EXPORT_JOB, SWEEP_EXPORTS_JOB, type PrivacyService } from './service.ts';

const EXPORT_RETRIES = 2;

/** The export builder (on demand) and the sweep of expired, lost and orphaned exports (every 15 minutes). */
export function privacyJobs(privacy: PrivacyService, log: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    {
      name: EXPORT_JOB,
      retryLimit: EXPORT_RETRIES,
      // A large account's files take a while to copy; an attempt still running after this is retried.
      expireInSeconds: 60 * 60,
      async handle(data, meta) {
        await privacy.buildExport(data.exportId, { retryCount: meta.retryCount, retryLimit: EXPORT_RETRIES });
      },
    },
    {
      name: SWEEP_EXPORTS_JOB,
      cron: '*/15 * * * *',
      async handle() {
        const result = await privacy.sweepExports();
        if (result.expired + result.resent + result.failed + result.orphans > 0) log.info(result, 'data exports swept');
        return result;
      },
    },
  ];
}
