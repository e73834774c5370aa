import type { FastifyBaseLogger } from 'fastify';
import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import { DELIVER_WEBHOOK_JOB, type WebhooksService } from './service.ts';

export const SWEEP_WEBHOOKS_JOB = 'webhooks.sweep';

/**
 * Deliveries run on the workers, two at once (each waits at most WEBHOOK_TIMEOUT_MS on its endpoint; every loop polls
 * the queue each second, so more loops cost every process a query a second each); the sweep resends lost ones.
 */
export function webhookJobs(webhooks: WebhooksService, log: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    { name: DELIVER_WEBHOOK_JOB, concurrency: 2, retryLimit: 0, expireInSeconds: 60, handle: (data) => webhooks.deliver(data.deliveryId) },
    {
      name: SWEEP_WEBHOOKS_JOB,
      cron: '* * * * *',
      async handle() {
        const resent = await webhooks.sweep();
        if (resent > 0) log.info({ resent }, 'webhook deliveries resent');
        return { resent };
      },
    },
  ];
}
