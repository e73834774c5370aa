import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobDefinition } from './jobs/queue.ts';
import type { Clock } from './lib/clock.ts';
import { createAccountService } from './modules/account/service.ts';
import { authJobs } from './modules/auth/jobs.ts';
import { createAuthService } from './modules/auth/service.ts';
import { creditsJobs } from './modules/credits/jobs.ts';
import { createCreditsService } from './modules/credits/service.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createPricingService } from './modules/pricing/service.ts';
import { createToolsService } from './modules/tools/service.ts';
import { createMailer, type Mailer } from './providers/mail/mailer.ts';
import { createStripeGateway, type StripeGateway } from './providers/payments/stripe.ts';

export interface ServiceDeps {
  config: Config;
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Replaces the mail adapter chosen from the settings. */
  mailer?: Mailer;
}

function stripeFrom(config: Config): StripeGateway | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  return createStripeGateway({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE });
}

/** Wires every service from its narrow dependencies. The web app and the worker share this. */
export function createServices(deps: ServiceDeps) {
  const { config, database, clock, log } = deps;
  const db = database.db;
  const mailer = deps.mailer ?? createMailer(config, log);
  const credits = createCreditsService({
    db,
    clock,
    settings: { signupBonusCredits: config.SIGNUP_BONUS_CREDITS, holdTtlMinutes: config.HOLD_TTL_MINUTES },
  });
  const account = createAccountService({ storageQuotaGb: config.STORAGE_QUOTA_GB, credits });
  const auth = createAuthService({
    db,
    mailer,
    clock,
    settings: {
      publicUrl: config.PUBLIC_URL,
      adminEmails: config.ADMIN_EMAILS,
      sessionTtlDays: config.SESSION_TTL_DAYS,
      magicLinkPerEmail: config.RATE_LIMIT_MAGIC_LINK_PER_EMAIL,
      rateWindowMinutes: config.RATE_LIMIT_WINDOW_MINUTES,
    },
    onUserCreated: (tx, user) => credits.grantSignupBonus(tx, user.id),
  });
  const pricing = createPricingService({ db, credits });
  const payments = createPaymentsService({ db, clock, credits, stripe: stripeFrom(config), publicUrl: config.PUBLIC_URL, log });
  const tools = createToolsService({ db });

  /** Seeds what a new database needs; keeps what the admin area changed. */
  async function seed() {
    await tools.seed();
    await pricing.seed();
    await payments.seed();
  }
  return { mailer, account, auth, credits, pricing, payments, tools, seed };
}

export type Services = ReturnType<typeof createServices>;

/** Every background job kind, for the queue. */
export function jobDefinitions(services: Services, log: FastifyBaseLogger): JobDefinition[] {
  return [...authJobs(services.auth, log), ...creditsJobs(services.credits, log)];
}
