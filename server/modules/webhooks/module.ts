import { defineModule, mount } from '../module.ts';
import { webhookJobs } from './jobs.ts';
import { webhookRoutes } from './routes.ts';
import { createWebhooksService } from './service.ts';

/** Webhook endpoints (`/api/account/webhooks`) and their signed deliveries, run as jobs on the workers. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  create(core) {
    const webhooks = createWebhooksService({
      db: core.db,
      clock: core.clock,
      jobs: core.jobs,
      mailer: core.mailer,
      publicUrl: core.config.PUBLIC_URL,
      log: core.log,
      settings: { allowPrivate: core.config.WEBHOOK_ALLOW_PRIVATE, timeoutMs: core.config.WEBHOOK_TIMEOUT_MS },
    });
    return {
      service: webhooks,
      routes: { public: [mount(webhookRoutes, { prefix: '/api/account/webhooks', webhooks })] },
      jobs: (log) => webhookJobs(webhooks, log),
    };
  },
});
