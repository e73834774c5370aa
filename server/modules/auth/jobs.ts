import type { FastifyBaseLogger } from 'fastify';
import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import type { AuthService } from './service.ts';

export const AUTH_CLEANUP_JOB = 'auth.cleanup';

/** Hourly: expired sessions and old sign-in links are deleted. Safe to run twice. */
export function authJobs(auth: AuthService, log: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    {
      name: AUTH_CLEANUP_JOB,
      cron: '17 * * * *',
      async handle() {
        const removed = await auth.cleanup();
        log.info({ removed }, 'auth cleanup');
        return removed;
      },
    },
  ];
}
