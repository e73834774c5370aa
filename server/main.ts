/**
 * Entry point: settings → database (migrated) → services → job queue → HTTP.
 * ROLE=web serves HTTP only, ROLE=worker runs jobs only, ROLE=all (default) does both.
 */
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { loggerOptions } from './http/logging.ts';
import { createJobQueue } from './jobs/queue.ts';
import { systemClock } from './lib/clock.ts';
import { keepMainThreadFirst } from './lib/thread-priority.ts';
import { createServices, jobDefinitions } from './services.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.ROLE !== 'all' && !config.DATABASE_URL) {
    console.error(`ROLE=${config.ROLE} needs DATABASE_URL: separate web and worker processes must share PostgreSQL.`);
    process.exit(1);
  }

  const log = pino(loggerOptions(config.LOG_LEVEL) as pino.LoggerOptions);
  // Image work (libvips, the render pool, the local models) yields the CPU to the thread that answers requests.
  keepMainThreadFirst();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.dbDir });
  // Processes starting together on one PostgreSQL (web, web, worker) migrate and seed one at a time.
  await withStartupLock(database, () => migrateDatabase(database));
  log.info({ database: database.kind }, 'database ready');

  const app = config.ROLE === 'worker' ? null : await buildApp({ config, database });
  const services = app?.services ?? createServices({ config, database, clock: systemClock, log });
  // Under the same lock: seeding checks before it inserts, and two processes would each make a package's Stripe link.
  await withStartupLock(database, async () => {
    await services.seed();
    await services.payments.ensurePaymentLinks().catch((err) => log.error({ err }, 'could not create Stripe Payment Links; will retry when packages are listed'));
  });

  const queue = createJobQueue(database, jobDefinitions(services, log), log, config);
  await queue.start({ work: config.ROLE !== 'web' });
  services.jobs.bind(queue);
  // Without a webhook secret the bot long-polls Telegram from the worker (one poller per bot token).
  if (config.ROLE !== 'web') await services.telegram.startPolling();

  if (app) {
    await app.listen({ host: config.HOST, port: config.PORT });
    const ai = services.aiProviders;
    log.info(
      `${config.PUBLIC_URL} is ready (role ${config.ROLE}, mail ${services.mailer.kind}, files ${services.storage.kind}, ` +
        `payments ${services.payments.testMode ? 'TEST checkout' : 'Stripe'}, images by ${ai.imageEditor.name}, speech ${ai.transcriber?.name ?? 'not configured'})`,
    );
  } else {
    log.info('worker is running');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app?.close();
      await services.telegram.stop();
      await queue.stop();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
