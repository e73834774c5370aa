import type { FastifyBaseLogger } from 'fastify';
import { transcription } from '../contract/tools/transcription.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { deferredSender, type QueueJob } from './jobs/queue.ts';
import type { Clock } from './lib/clock.ts';
import { createJobNotices } from './lib/job-notices.ts';
import { accountModule } from './modules/account/module.ts';
import { adminUsersModule } from './modules/admin-users/module.ts';
import { apiKeysModule } from './modules/api-keys/module.ts';
import { aiModule } from './modules/ai/module.ts';
import { auditModule } from './modules/audit/module.ts';
import { batchesModule } from './modules/batches/module.ts';
import { authModule } from './modules/auth/module.ts';
import { contentModule } from './modules/content/module.ts';
import { creditsModule } from './modules/credits/module.ts';
import { filesModule } from './modules/files/module.ts';
import { idempotencyModule } from './modules/idempotency/module.ts';
import { createModule, type Core, type WiredModule } from './modules/module.ts';
import { paymentsModule } from './modules/payments/module.ts';
import { pricingModule } from './modules/pricing/module.ts';
import { privacyModule } from './modules/privacy/module.ts';
import { siteModule } from './modules/site/module.ts';
import { statisticsModule } from './modules/statistics/module.ts';
import { systemModule } from './modules/system/module.ts';
import { telegramModule } from './modules/telegram/module.ts';
import { createLowBalanceAlerts } from './modules/credits/low-balance.ts';
import { webhooksModule } from './modules/webhooks/module.ts';
import { toolsModule } from './modules/tools/module.ts';
import { transcriptionsModule } from './modules/transcriptions/module.ts';
import { createAiRegistry } from './providers/ai/registry.ts';
import type { SpeechTranscriber } from './providers/ai/types.ts';
import { createMailer, type Mailer } from './providers/mail/mailer.ts';
import { localStorage } from './providers/storage/local.ts';
import { s3Storage } from './providers/storage/s3.ts';
import type { ObjectStorage } from './providers/storage/storage.ts';

export interface ServiceDeps {
  config: Config;
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Replaces the mail adapter chosen from the settings. */
  mailer?: Mailer;
}

function storageFrom(config: Config): ObjectStorage {
  if (!config.S3_BUCKET) return localStorage(config.filesDir);
  return s3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
}

/**
 * Makes every module (server/modules/module.ts) from the shared parts and the services it names, in dependency
 * order. The web app and the worker share this; app.ts registers the modules' routes, main.ts queues their jobs.
 */
export function createServices(deps: ServiceDeps) {
  const { config, database, log } = deps;
  // Services send jobs through this; main.ts (or a test) binds it to the queue once that has started.
  const jobs = deferredSender();
  const core: Core = {
    config,
    database,
    db: database.db,
    clock: deps.clock,
    log,
    mailer: deps.mailer ?? createMailer(config, log),
    storage: storageFrom(config),
    jobs,
    // A finished background job is told to its user's linked chat (the Telegram module subscribes).
    notices: createJobNotices(log),
    aiProviders: createAiRegistry(config, { warn: (message) => log.warn(message) }),
  };

  const credits = createModule(creditsModule, core, {
    // A released expired hold means its process died: the ai module fails the generation it covered (same commit).
    onHoldExpired: async (tx, hold): Promise<void> => {
      await ai.service.failAbandoned(tx, hold.id);
    },
  });
  const files = createModule(filesModule, core, {});
  const content = createModule(contentModule, core, {});
  const account = createModule(accountModule, core, {});
  const privacy = createModule(privacyModule, core, { credits: credits.service });
  const auth = createModule(authModule, core, { credits: credits.service, privacy: privacy.service, account: account.service });
  const apiKeys = createModule(apiKeysModule, core, {});
  const webhooks = createModule(webhooksModule, core, {});
  // Every admin write is recorded by the service that makes it, in the same transaction.
  const audit = createModule(auditModule, core, {});
  const pricing = createModule(pricingModule, core, { credits: credits.service, audit: audit.service });
  const payments = createModule(paymentsModule, core, {
    credits: credits.service,
    audit: audit.service,
    // A purchase's payment.succeeded webhooks are recorded in the transaction that credits it.
    onPaid: (tx, paid) => webhooks.service.emitIn(tx, paid.user_id, 'payment.succeeded', paid),
  });
  const tools = createModule(toolsModule, core, { audit: audit.service });
  const idempotency = createModule(idempotencyModule, core, {});
  const ai = createModule(aiModule, core, {
    credits: credits.service,
    pricing: pricing.service,
    files: files.service,
    content: content.service,
    // Called per request, once everything is wired: the transcriptions module is made below, on this ai service.
    currentTranscriber: (): Promise<SpeechTranscriber | null> => transcriptions.service.currentTranscriber(),
  });
  const batches = createModule(batchesModule, core, { ai: ai.service, files: files.service, credits: credits.service, webhooks: webhooks.service });
  // A generation's outcome goes to its user's webhook endpoints (a batch's end goes from the batches module).
  ai.service.onOutcome((userId, status) =>
    webhooks.service.emit(userId, status.status === 'failed' ? 'generation.failed' : status.tool === transcription.id ? 'transcription.completed' : 'generation.completed', status),
  );
  const transcriptions = createModule(transcriptionsModule, core, { ai: ai.service, files: files.service, pricing: pricing.service, content: content.service });
  const telegram = createModule(telegramModule, core, { credits: credits.service, transcriptions: transcriptions.service });
  // A charge that took a balance below its user's alert: a mail, their Telegram chat and their credits.low webhooks.
  ai.service.onLowBalance(
    createLowBalanceAlerts({
      db: core.db,
      mailer: core.mailer,
      tell: telegram.service.tell,
      emit: (userId, event, data) => webhooks.service.emit(userId, event, data),
      publicUrl: config.PUBLIC_URL,
      log,
    }),
  );
  const site = createModule(siteModule, core, { audit: audit.service, telegramBot: telegram.service.configured });
  const adminUsers = createModule(adminUsersModule, core, { credits: credits.service, audit: audit.service });
  const statistics = createModule(statisticsModule, core, {});
  const system = createModule(systemModule, core, {});

  /** Every module, in the order of their routes (app.ts), jobs (main.ts) and seeds. */
  const modules: readonly WiredModule[] = [
    system, auth, apiKeys, webhooks, privacy, tools, credits, pricing, payments, files, content, ai, batches, transcriptions, telegram, site,
    audit, adminUsers, statistics, idempotency, account,
  ];

  return {
    mailer: core.mailer,
    storage: core.storage,
    jobs,
    notices: core.notices,
    aiProviders: core.aiProviders,
    account: account.service,
    auth: auth.service.auth,
    accountSecurity: auth.service.accountSecurity,
    apiKeys: apiKeys.service,
    webhooks: webhooks.service,
    credits: credits.service,
    pricing: pricing.service,
    payments: payments.service,
    tools: tools.service,
    files: files.service,
    content: content.service,
    ai: ai.service,
    batches: batches.service,
    transcriptions: transcriptions.service,
    telegram: telegram.service,
    idempotency: idempotency.service,
    site: site.service,
    privacy: privacy.service,
    audit: audit.service,
    adminUsers: adminUsers.service,
    statistics: statistics.service,
    modules,
    /** Seeds what a new database needs (the tool catalogue, then prices, then packages); keeps what the admin changed. */
    async seed() {
      for (const module of modules) await module.seed?.();
    },
  };
}

export type Services = ReturnType<typeof createServices>;

/** Every background job kind, for the queue. */
export function jobDefinitions(services: Pick<Services, 'modules'>, log: FastifyBaseLogger): QueueJob[] {
  return services.modules.flatMap((module) => module.jobs?.(log) ?? []);
}
