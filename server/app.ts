import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER } from '../contract/constants.ts';
import { longestWaitMs, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { adminUsersRoutes } from './modules/admin-users/routes.ts';
import { statisticsRoutes } from './modules/statistics/routes.ts';
import { adminToolsRoutes } from './modules/tools/admin-routes.ts';
import { adminPricingRoutes, pricingImportRoutes } from './modules/pricing/admin-routes.ts';
import { createProviderStatusService, providerSettings } from './modules/ai/provider-status.ts';
import { providerStatusRoutes } from './modules/ai/provider-status-routes.ts';
import { adminPaymentsRoutes } from './modules/payments/admin-routes.ts';
import { siteAdminRoutes } from './modules/site/admin-routes.ts';
import { registerErrorHandler, sendFrameworkError } from './http/error-handler.ts';
import { registerJsonParser } from './http/json-body.ts';
import { registerWebApp } from './http/web-app.ts';
import { loggerOptions, OneLineLogController } from './http/logging.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSessionGuard } from './http/session.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { apiDocsScope, registerApiDocs } from './http/api-docs.ts';
import { memoryRateLimitCounter, rateLimitStore } from './http/rate-limit-store.ts';
import { registerUrlGuard } from './http/url-guard.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { tooManyRequests } from './lib/errors.ts';
import { accountSecurityRoutes } from './modules/auth/account-routes.ts';
import { createSharedRateLimitCounters } from './modules/rate-limits/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { toolsRoutes } from './modules/tools/routes.ts';
import { creditsRoutes } from './modules/credits/routes.ts';
import { billingRoutes, creditPackagesRoutes, paymentsRoutes } from './modules/payments/routes.ts';
import { costPredictionRoutes, pricingRoutes } from './modules/pricing/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { generationRoutes } from './modules/ai/generation-routes.ts';
import { filesRoutes, publicFileRoutes } from './modules/files/routes.ts';
import { telegramRoutes } from './modules/telegram/routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { transcriptionsRoutes } from './modules/transcriptions/routes.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { createServices, type Services } from './services.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Fastify logger options; false silences the log (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');

/** The whole HTTP app: API under /api and the built web app. Tests drive it with inject(). */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.LOG_LEVEL),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: sendFrameworkError,
    logController: new OneLineLogController(),
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: a cross-site form (text/plain, urlencoded) is refused with 415 before anything runs.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const services = createServices({ config, database, clock, log: app.log, mailer: deps.mailer });
  app.decorate('services', services);

  // Callback hooks, not async ones: they run on every request, and a promise each is work for nothing.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.cookieSecure,
  });
  await app.register(cookie);
  // Route limits count in the database every web process shares; the global one in memory (rate-limit-store.ts).
  const rateLimitCounters = { shared: createSharedRateLimitCounters({ db: database.db, clock }), local: memoryRateLimitCounter(clock) };
  await app.register(rateLimit, {
    store: rateLimitStore(rateLimitCounters),
    global: true,
    max: config.RATE_LIMIT_GLOBAL_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: tooManyRequests('requests'),
  });
  registerUrlGuard(app);
  registerSessionGuard(app, { findLiveSession: services.auth.liveSession, clock });
  registerIdempotency(app, {
    store: services.idempotency.store,
    clock,
    abandonedAfterMs: config.HOLD_TTL_MINUTES * 60_000,
    repeatWaitMs: longestWaitMs(config.GENERATION_WAIT_MS) - 5_000,
    replay: (userId, stored) => services.ai.generations.replay(userId, stored.response),
  });

  await registerApiDocs(app, apiDocsScope(config));

  await app.register(systemRoutes, { prefix: '/api', database, environment: config.APP_ENV, isDevelopment: config.isDevelopment });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth: services.auth,
    account: services.account,
    cookieSecure: config.cookieSecure,
    rateLimits: {
      magicLinkPerIp: config.RATE_LIMIT_MAGIC_LINK_PER_IP,
      loginPerIp: config.RATE_LIMIT_LOGIN_PER_IP,
      windowMinutes: config.RATE_LIMIT_WINDOW_MINUTES,
    },
  });
  // The account controls: password and sessions (auth), purchases (payments), under one prefix.
  await app.register(accountSecurityRoutes, {
    prefix: '/api/account',
    security: services.accountSecurity,
    rateLimits: { loginPerIp: config.RATE_LIMIT_LOGIN_PER_IP, windowMinutes: config.RATE_LIMIT_WINDOW_MINUTES },
  });
  await app.register(billingRoutes, { prefix: '/api/account', payments: services.payments });
  // Export my data and delete my account, beside the other account controls.
  await app.register(privacyRoutes, { prefix: '/api/account', privacy: services.privacy, cookieSecure: config.cookieSecure });
  await app.register(toolsRoutes, { prefix: '/api/tools', tools: services.tools });
  // /api/credits is the ledger's prefix; its packages and cost prediction are answered by the modules that own them.
  await app.register(creditsRoutes, { prefix: '/api/credits', credits: services.credits });
  await app.register(creditPackagesRoutes, { prefix: '/api/credits', payments: services.payments });
  await app.register(costPredictionRoutes, { prefix: '/api/credits', pricing: services.pricing });
  await app.register(pricingRoutes, { prefix: '/api/pricing', pricing: services.pricing });
  await app.register(paymentsRoutes, { prefix: '/api/payments', payments: services.payments });
  await app.register(filesRoutes, {
    prefix: '/api/files',
    files: services.files,
    limits: { maxUploadBytes: Math.max(config.UPLOAD_MAX_IMAGE_BYTES, config.UPLOAD_MAX_AUDIO_BYTES) },
  });
  await app.register(publicFileRoutes, { prefix: '/api/file', files: services.files });
  await app.register(contentRoutes, { prefix: '/api/content', content: services.content });
  await app.register(aiRoutes, {
    prefix: '/api/ai',
    ai: services.ai,
    limits: { bodyLimitBytes: config.AI_BODY_LIMIT_BYTES, perUserPerMinute: config.RATE_LIMIT_AI_PER_MINUTE },
  });

  await app.register(generationRoutes, { prefix: '/api/generations', ai: services.ai });

  await app.register(transcriptionsRoutes, {
    prefix: '/api/transcriptions',
    transcriptions: services.transcriptions,
    limits: { maxUploadBytes: config.UPLOAD_MAX_AUDIO_BYTES, perUserPerMinute: config.RATE_LIMIT_AI_PER_MINUTE },
  });
  await app.register(telegramRoutes, { prefix: '/api/telegram', telegram: services.telegram });
  await app.register(siteRoutes, {
    prefix: '/api',
    site: services.site,
    cookieSecure: config.cookieSecure,
    trackPerMinute: config.RATE_LIMIT_TRACK_PER_MINUTE,
    telegramBot: services.telegram.configured,
  });

  // The admin area (spec 3 §2): every route `auth: 'admin'`, each write audited by the service that makes it.
  await app.register(auditRoutes, { prefix: '/api/admin', audit: services.audit });
  await app.register(adminUsersRoutes, { prefix: '/api/admin', users: services.adminUsers });
  await app.register(adminToolsRoutes, { prefix: '/api/admin', tools: services.tools });
  await app.register(statisticsRoutes, { prefix: '/api/admin', statistics: services.statistics });
  await app.register(adminPaymentsRoutes, { prefix: '/api/admin', payments: services.payments });
  await app.register(siteAdminRoutes, { prefix: '/api', site: services.site });
  await app.register(adminPricingRoutes, { prefix: '/api/admin', pricing: services.pricing });
  await app.register(providerStatusRoutes, {
    prefix: '/api/admin',
    providerStatus: createProviderStatusService({ db: database.db, clock, providers: providerSettings(config) }),
  });
  await app.register(pricingImportRoutes, { prefix: '/api/pricing', pricing: services.pricing });

  await registerWebApp(app, {
    webRoot: deps.webRoot ?? config.WEB_ROOT ?? defaultWebRoot,
    publicUrl: config.PUBLIC_URL,
    developmentHost: config.isDevelopment,
    resolveMeta: async (pathname) => {
      const file = /^\/file\/([0-9a-f-]{36})$/i.exec(pathname);
      if (file) return services.files.socialPreview(file[1]!);
      const content = /^\/content\/(\d{1,9})$/.exec(pathname);
      if (content) return services.content.socialPreview(Number(content[1]));
      return null;
    },
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
