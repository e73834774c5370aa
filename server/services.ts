import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { deferredSender, type QueueJob } from './jobs/queue.ts';
import { aiJobs } from './modules/ai/jobs.ts';
import { createAiService } from './modules/ai/service.ts';
import { toolEngines } from './providers/ai/engine.ts';
import { createAiRegistry } from './providers/ai/registry.ts';
import type { Clock } from './lib/clock.ts';
import { createJobNotices } from './lib/job-notices.ts';
import { createAccountService } from './modules/account/service.ts';
import { createAccountSecurityService } from './modules/auth/account-security.ts';
import { authJobs } from './modules/auth/jobs.ts';
import { createAuthService } from './modules/auth/service.ts';
import { creditsJobs } from './modules/credits/jobs.ts';
import { createCreditsService } from './modules/credits/service.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createPricingService } from './modules/pricing/service.ts';
import { privacyJobs } from './modules/privacy/jobs.ts';
import { paymentsJobs } from './modules/payments/jobs.ts';
import { createPrivacyService } from './modules/privacy/service.ts';
import { siteJobs } from './modules/site/jobs.ts';
import { createSiteService } from './modules/site/service.ts';
import { createToolsService } from './modules/tools/service.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createAdminUsersService } from './modules/admin-users/service.ts';
import { createStatisticsService } from './modules/statistics/service.ts';
import { createTelegramModule } from './modules/telegram/module.ts';
import { telegramJobs } from './modules/telegram/jobs.ts';
import { createTranscriptionsModule } from './modules/transcriptions/module.ts';
import { transcriptionJobs } from './modules/transcriptions/jobs.ts';
import { createContentService } from './modules/content/service.ts';
import { filesJobs } from './modules/files/jobs.ts';
import { idempotencyJobs } from './modules/idempotency/jobs.ts';
import { createIdempotencyService } from './modules/idempotency/service.ts';
import { createFilesService } from './modules/files/service.ts';
import { localStorage } from './providers/storage/local.ts';
import { s3Storage } from './providers/storage/s3.ts';
import type { ObjectStorage } from './providers/storage/storage.ts';
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
    // A released expired hold means its process died: the ai module fails the generation it covered (same commit).
    onHoldExpired: (tx, hold) => ai.failAbandoned(tx, hold.id).then(() => {}),
  });
  const storage = storageFrom(config);
  const files = createFilesService({
    db,
    storage,
    clock,
    settings: {
      publicUrl: config.PUBLIC_URL,
      retentionDays: config.FILE_RETENTION_DAYS,
      maxImagePixels: config.MAX_IMAGE_PIXELS,
      maxImageBytes: config.UPLOAD_MAX_IMAGE_BYTES,
      maxAudioBytes: config.UPLOAD_MAX_AUDIO_BYTES,
      quotaBytes: Math.round(config.STORAGE_QUOTA_GB * 1024 ** 3),
    },
  });
  const content = createContentService({ db, clock, publicUrl: config.PUBLIC_URL });
  // Services send jobs through this; main.ts (or a test) binds it to the queue once that has started.
  const jobs = deferredSender();
  // A finished background job is told to its user's linked chat (the Telegram module subscribes).
  const notices = createJobNotices(log);
  const aiProviders = createAiRegistry(config, { warn: (message) => log.warn(message) });
  const account = createAccountService({ storageQuotaGb: config.STORAGE_QUOTA_GB });
  const privacy = createPrivacyService({ db, storage, clock, jobs, mailer, credits, settings: { publicUrl: config.PUBLIC_URL }, log });
  const auth = createAuthService({
    db,
    query: database.query,
    mailer,
    clock,
    settings: {
      publicUrl: config.PUBLIC_URL,
      adminEmails: config.ADMIN_EMAILS,
      sessionTtlDays: config.SESSION_TTL_DAYS,
      magicLinkPerEmail: config.RATE_LIMIT_MAGIC_LINK_PER_EMAIL,
      rateWindowMinutes: config.RATE_LIMIT_WINDOW_MINUTES,
    },
    // An address whose account was deleted before opens a fresh account without a second sign-up bonus.
    onUserCreated: async (tx, user) => credits.grantSignupBonus(tx, user.id, { bonus: await privacy.signupBonusAllowed(tx, user.email) }),
  });
  const accountSecurity = createAccountSecurityService({ db, clock });
  // Every admin write is recorded by the service that makes it, in the same transaction.
  const audit = createAuditService({ db, clock });
  const pricing = createPricingService({
    db,
    clock,
    credits,
    audit,
    engineVariant: (toolId) => toolEngines(aiProviders)[toolId]?.variant,
    // System Settings: the speech engines the admin may choose ('none' on the server leaves only the server's choice).
    transcription: {
      configured: config.TRANSCRIPTION_PROVIDER === 'none' ? [] : (Object.keys(aiProviders.transcribers) as Array<keyof typeof aiProviders.transcribers>),
      autoEngine: aiProviders.transcriber?.name ?? null,
    },
    productionSync: { isDevelopment: config.isDevelopment, url: config.PRODUCTION_SYNC_URL, token: config.PRODUCTION_SYNC_TOKEN },
  });
  const payments = createPaymentsService({ db, clock, credits, audit, stripe: stripeFrom(config), publicUrl: config.PUBLIC_URL, log });
  const tools = createToolsService({ db, audit, clock });
  const idempotency = createIdempotencyService({ db, clock });
  const site = createSiteService({
    db,
    clock,
    audit,
    log,
    settings: { publicUrl: config.PUBLIC_URL, legalEntityName: config.LEGAL_ENTITY_NAME, legalJurisdiction: config.LEGAL_JURISDICTION },
  });
  const ai = createAiService({
    db,
    clock,
    credits,
    pricing,
    files,
    content,
    jobs,
    providers: aiProviders,
    settings: {
      maxImagePixels: config.MAX_IMAGE_PIXELS,
      maxImageBytes: config.UPLOAD_MAX_IMAGE_BYTES,
      isDevelopment: config.isDevelopment,
      holdTtlMinutes: config.HOLD_TTL_MINUTES,
      generations: {
        waitMs: config.GENERATION_WAIT_MS,
        providerTimeoutMs: config.GENERATION_TIMEOUT_MS,
        localTimeoutMs: config.LOCAL_ENGINE_TIMEOUT_MS,
        concurrency: config.GENERATION_CONCURRENCY,
      },
    },
    log,
    notify: notices.emit,
    // Called per request, once everything is wired: the transcriptions module is made below, on this ai service.
    currentTranscriber: () => transcriptions.currentTranscriber(),
  });

  const transcriptions = createTranscriptionsModule({ config, db, clock, ai, providers: aiProviders, files, pricing, credits, content, log });
  const adminUsers = createAdminUsersService({ db, clock, credits, audit });
  const statistics = createStatisticsService({ db, clock });
  const telegram = createTelegramModule({ config, db, clock, jobs, notices, credits, transcriptions, log });

  /** Seeds what a new database needs; keeps what the admin area changed. */
  async function seed() {
    await tools.seed();
    await pricing.seed();
    await payments.seed();
  }
  return { mailer, storage, jobs, notices, aiProviders, account, auth, accountSecurity, credits, pricing, payments, tools, files, content, ai, transcriptions, telegram, idempotency, site, privacy, audit, adminUsers, statistics, seed };
}

export type Services = ReturnType<typeof createServices>;

/** Every background job kind, for the queue. */
export function jobDefinitions(services: Services, log: FastifyBaseLogger): QueueJob[] {
  return [
    ...authJobs(services.auth, log),
    ...creditsJobs(services.credits, log),
    ...filesJobs(services.files, log),
    ...aiJobs(services.ai),
    ...transcriptionJobs(services.transcriptions),
    ...telegramJobs(services.telegram),
    ...idempotencyJobs(services.idempotency, log),
    ...siteJobs(services.site, log),
    ...privacyJobs(services.privacy, log),
    ...paymentsJobs(services.payments, log),
  ];
}
