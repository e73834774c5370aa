import type { FastifyBaseLogger } from 'fastify';
import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import type { SiteService } from './service.ts';

export const SITE_PURGE_JOB = 'site.purge';

/** Daily: old visits and old IP-hash keys are deleted. Safe to run twice. */
export function siteJobs(site: SiteService, log: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    {
      name: SITE_PURGE_JOB,
      cron: '41 3 * * *',
      async handle() {
        const removed = await site.purge();
        log.info(removed, 'site purge');
        return removed;
      },
    },
  ];
}
