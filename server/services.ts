import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobDefinition } from './jobs/queue.ts';
import type { Clock } from './lib/clock.ts';
import { createAccountService } from './modules/account/service.ts';
import { authJobs } from './modules/auth/jobs.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createToolsService } from './modules/tools/service.ts';
import { createMailer, type Mailer } from './providers/mail/mailer.ts';

export interface ServiceDeps {
  config: Config;
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Replaces the mail adapter chosen from the settings. */
  mailer?: Mailer;
}

/** Wires every service from its narrow dependencies. The web app and the worker share this. */
export function createServices(deps: ServiceDeps) {
  const { config, database, clock } = deps;
  const db = database.db;
  const mailer = deps.mailer ?? createMailer(config, deps.log);
  const account = createAccountService({ storageQuotaGb: config.STORAGE_QUOTA_GB });
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
  });
  const tools = createToolsService({ db });
  return { mailer, account, auth, tools };
}

export type Services = ReturnType<typeof createServices>;

/** Every background job kind, for the queue. */
export function jobDefinitions(services: Services, log: FastifyBaseLogger): JobDefinition[] {
  return [...authJobs(services.auth, log)];
}
