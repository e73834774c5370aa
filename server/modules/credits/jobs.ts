import type { FastifyBaseLogger } from 'fastify';
import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import type { CreditsService } from './service.ts';

export const RELEASE_EXPIRED_HOLDS_JOB = 'credits.release-expired-holds';

/**
 * Every minute: holds left open by a crashed process are released, so nobody pays for lost work, and the
 * generations they covered are marked failed in the same transaction (through onHoldExpired).
 */
export function creditsJobs(credits: CreditsService, log: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    {
      name: RELEASE_EXPIRED_HOLDS_JOB,
      cron: '* * * * *',
      async handle() {
        const released = await credits.releaseExpiredHolds();
        if (released > 0) log.warn({ released }, 'released expired credit holds');
        return { released };
      },
    },
  ];
}
