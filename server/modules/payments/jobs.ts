import type { FastifyBaseLogger } from 'fastify';
import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import type { PaymentsService } from './service.ts';

export const EXPIRE_CHECKOUTS_JOB = 'payments.expire-checkouts';

/**
 * Every 15 minutes: pending checkouts past their payable_until are marked expired. Every answer shows them expired at
 * once already; this keeps the stored status (the admin's list and its filter) in step.
 */
export function paymentsJobs(payments: PaymentsService, log: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    {
      name: EXPIRE_CHECKOUTS_JOB,
      cron: '*/15 * * * *',
      async handle() {
        const expired = await payments.expireCheckouts();
        if (expired > 0) log.info({ expired }, 'unpaid checkouts expired');
        return { expired };
      },
    },
  ];
}
