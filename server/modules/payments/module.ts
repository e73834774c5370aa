import { createStripeGateway, type StripeGateway } from '../../providers/payments/stripe.ts';
import type { Config } from '../../config.ts';
import { defineModule, mount } from '../module.ts';
import { adminPaymentsRoutes } from './admin-routes.ts';
import { paymentsJobs } from './jobs.ts';
import { billingRoutes, creditPackagesRoutes, paymentsRoutes } from './routes.ts';
import { createPaymentsService, type PaymentsDeps } from './service.ts';

function stripeFrom(config: Config): StripeGateway | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  return createStripeGateway({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE });
}

/**
 * Stripe and the test checkout (`/api/payments`), the billing list (`/api/account`), the credit packages
 * (`/api/credits/packages`); the admin's transactions and packages editor (`/api/admin`).
 */
export const paymentsModule = defineModule({
  name: 'payments',
  create(core, deps: Pick<PaymentsDeps, 'credits' | 'audit' | 'onPaid'>) {
    const payments = createPaymentsService({
      db: core.db,
      clock: core.clock,
      credits: deps.credits,
      audit: deps.audit,
      stripe: stripeFrom(core.config),
      publicUrl: core.config.PUBLIC_URL,
      log: core.log,
      onPaid: deps.onPaid,
    });
    return {
      service: payments,
      routes: {
        public: [
          mount(billingRoutes, { prefix: '/api/account', payments }),
          mount(creditPackagesRoutes, { prefix: '/api/credits', payments }),
          mount(paymentsRoutes, { prefix: '/api/payments', payments }),
        ],
        admin: [mount(adminPaymentsRoutes, { prefix: '/api/admin', payments })],
      },
      jobs: (log) => paymentsJobs(payments, log),
      seed: () => payments.seed(),
    };
  },
});
