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
import { createSharedRateLimitCounters } from './modules/rate-limits/service.ts';
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
  registerSessionGuard(app, {
    findLiveSession: services.auth.liveSession,
    findLiveApiKey: services.apiKeys.liveKey,
    clock,
    keyRateLimit: { perMinute: config.RATE_LIMIT_API_KEY_PER_MINUTE, counter: rateLimitCounters.shared },
  });
  registerIdempotency(app, {
    store: services.idempotency.store,
    clock,
    abandonedAfterMs: config.HOLD_TTL_MINUTES * 60_000,
    repeatWaitMs: longestWaitMs(config.GENERATION_WAIT_MS) - 5_000,
    replay: (userId, stored) => services.ai.generations.replay(userId, stored.response),
  });

  await registerApiDocs(app, apiDocsScope(config));

  // Every module's routes from its definition (server/modules/<name>/module.ts), in the order services.ts lists them;
  // then the admin area (spec 3 §2): every route `auth: 'admin'` (the pricing import: a bearer token), each write
  // audited by the service that makes it.
  for (const module of services.modules) for (const routes of module.routes?.public ?? []) await routes.register(app);
  for (const module of services.modules) for (const routes of module.routes?.admin ?? []) await routes.register(app);

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
