import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE } from '../../contract/constants.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { pricing } from '../db/schema/index.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import { GENERATE_JOB } from '../modules/ai/durable.ts';
import { manualClock } from '../lib/clock.ts';
import { jobDefinitions } from '../services.ts';
import { builders } from './builders.ts';
import { createTestDatabase } from './database.ts';
import { startFakeGemini } from './fake-ai/gemini.ts';
import { sessionFrom, type Call, type TestSession } from './session.ts';
import { startSmtpServer } from './smtp.ts';

export { sessionFrom, type TestSession };

/**
 * The real app on a fresh database, with a real SMTP server as its mail peer and a clock tests can move.
 * Rate limits are high unless a test sets them.
 */
export async function createTestApp(
  settings: Record<string, string> = {},
  options: {
    webRoot?: string;
    queue?: boolean;
    /** Test-only routes registered beside the app's own, through the same guards (for example an admin route). */
    routes?: FastifyPluginAsync;
  } = {},
) {
  const smtp = await startSmtpServer();
  const database = await createTestDatabase();
  const clock = manualClock();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-test-'));
  const config = loadConfig({
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SMTP_URL: smtp.url,
    RATE_LIMIT_MAGIC_LINK_PER_EMAIL: '1000',
    RATE_LIMIT_MAGIC_LINK_PER_IP: '10000',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
    ...settings,
  });
  const app = await buildApp({ config, database, clock, logger: false, webRoot: options.webRoot ?? path.join(os.tmpdir(), 'ampkit-no-web') });
  if (options.routes) {
    // A refused route (say, one without an access class) must not leave the database and mail server open.
    try {
      await app.register(options.routes);
    } catch (err) {
      await Promise.allSettled([app.close(), database.close(), smtp.close()]);
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  await app.services.seed();
  await app.ready();
  // The job queue (pg-boss, with its workers, as ROLE=all runs it) starts with the app for tests that ask, else at the
  // first job sent (a paid generation is a job): starting pg-boss costs time that most tests need not spend.
  let starting: Promise<JobQueue> | null = null;
  const startQueue = () =>
    (starting ??= (async () => {
      const started = createJobQueue(database, jobDefinitions(app.services, app.log), app.log, config);
      await started.start({ work: true });
      return started;
    })());
  if (options.queue) await startQueue();
  app.services.jobs.bind({ send: async (name, data, sendOptions) => (await startQueue()).send(name, data, sendOptions) });

  const call: Call = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.session) {
      headers.cookie = `${SESSION_COOKIE}=${options.session.cookie}`;
      const csrf = options.csrf === undefined ? options.session.csrf : options.csrf;
      if (csrf !== null) headers[CSRF_HEADER] = csrf;
    }
    if (options.raw) headers['content-type'] = options.raw.contentType;
    const payload = options.raw ? options.raw.body : options.body === undefined ? undefined : (options.body as object);
    return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  };

  /**
   * Signs in through the magic-link flow exactly as a browser does, reading the link from the mail. For the auth
   * tests: every other test makes its users with `make.user()`, which needs no mail.
   */
  async function signIn(email: string, name = 'Test User'): Promise<TestSession> {
    const sent = await call('POST', '/api/auth/magic-link', { body: { email } });
    if (sent.statusCode !== 200) throw new Error(`magic-link failed: ${sent.body}`);
    const { token } = await smtp.magicLinkFor(email, { consume: true });
    const verified = await call('POST', '/api/auth/verify-magic', { body: { token, name } });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    return sessionFrom(verified, email);
  }

  const { make, stateOf } = builders({ app, config, database, clock, call });

  return {
    app,
    config,
    database,
    clock,
    smtp,
    call,
    signIn,
    /**
     * Jobs other than generations are held (sent nowhere: a test runs them by hand, or lets a hold stand for what a
     * job charges); generations still run in the queue, as their calls need. `onHeld` hears each job held.
     */
    holdJobs(onHeld?: (name: string, data: object) => void) {
      app.services.jobs.bind({
        send: async (name, data, sendOptions) => {
          if (name === GENERATE_JOB) return (await startQueue()).send(name, data, sendOptions);
          onHeld?.(name, data);
          return 'job-by-hand';
        },
      });
    },
    /** Ready objects in one line: signed-in users, files, generations, checkouts (builders.ts). */
    make,
    stateOf,
    /**
     * Sets a price as the admin's pricing table would: tests of charging set a price on the local engine's `local`
     * variants (seeded 0, so a preview charges nothing) to see the hold, the capture and the 402.
     */
    async setPrice(serviceType: string, variant: string, credits: string) {
      await database.db
        .insert(pricing)
        .values({ serviceType, serviceVariant: variant, userCostCredits: credits })
        .onConflictDoUpdate({ target: [pricing.serviceType, pricing.serviceVariant], set: { userCostCredits: credits } });
    },
    async close() {
      await (starting ? (await starting).stop() : undefined);
      await app.close();
      await database.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A test app whose AI provider is a fake Gemini (a local server speaking its wire format), started first and pointed
 * at by GEMINI_API_KEY and GEMINI_BASE_URL; `settings` add to or override those. Closing the app closes the fake.
 */
export async function createTestAppWithGemini(settings: Record<string, string> = {}, options: Parameters<typeof createTestApp>[1] = {}) {
  const gemini = await startFakeGemini();
  try {
    const t = await createTestApp({ GEMINI_API_KEY: gemini.apiKey, GEMINI_BASE_URL: gemini.url, ...settings }, options);
    const closeApp = t.close;
    t.close = async () => {
      await closeApp();
      await gemini.close();
    };
    return { t, gemini };
  } catch (err) {
    await gemini.close();
    throw err;
  }
}
