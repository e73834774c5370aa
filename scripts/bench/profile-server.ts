/**
 * One server of the profile benchmark (scripts/bench/profile.ts), run in its own child process so the load generator
 * in the parent does not share its event loop. Forked with a mode and, for PostgreSQL, a database URL; answers the
 * parent over IPC with its port (and, for the app, a session cookie) once it listens, and exits when the parent goes.
 * Not a benchmark of its own: run without a mode and an IPC channel (as `npm run bench` would) it does nothing.
 *   hello          bare Fastify, hello world
 *   pg1 <url>      bare Fastify + pg, one `select … from users limit 1` per request
 *   pg3 <url>      the same, three queries one after another
 *   app [<url>]    the real app (buildApp) on PostgreSQL, or on in-memory PGlite without a URL
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { migrateDatabase, openDatabase } from '../../server/db/client.ts';
import { randomToken, sha256 } from '../../server/lib/crypto.ts';

export type ServerMode = 'hello' | 'pg1' | 'pg3' | 'app';
export interface ServerReady {
  port: number;
  cookie?: string;
}

/** The app's own pool size (server/db/client.ts), so the bare routes get no more connections than the app. */
const POOL_SIZE = 10;
const USERS_QUERY = 'select id, email, name from users limit 1';

async function bare(mode: 'hello' | 'pg1' | 'pg3', url: string | undefined): Promise<ServerReady> {
  const app = Fastify({ logger: false });
  if (mode === 'hello') {
    app.get('/', async () => ({ hello: 'world' }));
  } else {
    const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
    const queries = mode === 'pg1' ? 1 : 3;
    app.get('/', async () => {
      let row: unknown;
      for (let i = 0; i < queries; i++) row = (await pool.query(USERS_QUERY)).rows[0];
      return { user: row };
    });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as { port: number }).port };
}

/** The real app as production runs it (its logger included, written to a discarded stdout), with one signed-in user. */
async function realApp(url: string | undefined): Promise<ServerReady> {
  const database = await openDatabase(url ? { url, poolSize: POOL_SIZE } : {});
  await migrateDatabase(database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-bench-profile-'));
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    APP_ENV: 'production',
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
    // 100 connections for 10 s from one address: the per-IP limit would answer 429 after the first 600.
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
  });
  const app = await buildApp({ config, database, webRoot: path.join(dataDir, 'no-web') });
  await app.services.seed();
  const token = randomToken();
  const now = new Date();
  const email = `bench-${randomUUID()}@example.com`;
  await database.db.execute(sql`
    with u as (
      insert into users (email, name, email_verified_at, last_login_at) values (${email}, 'Bench User', ${now}, ${now}) returning id
    ), a as (
      insert into credit_accounts (user_id, balance, lifetime_purchased) select id, 12.5, 12.5 from u
    )
    insert into sessions (user_id, token_hash, csrf_token, expires_at, last_seen_at)
    select id, ${sha256(token)}, ${randomToken()}, ${new Date(now.getTime() + 86_400_000)}, ${now} from u`);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as { port: number }).port, cookie: `ampkit_session=${token}` };
}

const MODES: readonly string[] = ['hello', 'pg1', 'pg3', 'app'] satisfies ServerMode[];
const [mode, url] = process.argv.slice(2) as [ServerMode, string | undefined];
if (process.send && MODES.includes(mode)) {
  process.on('disconnect', () => process.exit(0));
  const ready = mode === 'app' ? await realApp(url) : await bare(mode, url);
  process.send(ready);
}
