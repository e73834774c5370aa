import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { nextTurn } from '../lib/concurrency.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; inside a transaction use it for every query (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

/** A statement by name (unique in the app) and text, with $1… placeholders. */
export interface Statement {
  name: string;
  text: string;
}

/**
 * Runs a statement without Drizzle, answering plain rows (snake_case columns; numeric and bigint as strings on
 * PostgreSQL, bigint as a number on PGlite): for the hottest path only (the session guard). On PostgreSQL it is a
 * named statement, parsed and planned once per connection.
 */
export type RawQuery = <Row>(statement: Statement, values: unknown[]) => Promise<Row[]>;

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; query: RawQuery; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; url: string; query: RawQuery; close(): Promise<void> };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// numeric and bigint come back as strings (exact); timestamps as Date.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

/**
 * Opens PostgreSQL when `url` is given, otherwise embedded PGlite in `dataDir`
 * (in memory when `dataDir` is undefined, as the tests do; started from the data folder `loadDataDir`, a
 * `dumpDataDir()` tarball, when given: the tests' migrated copy, which skips initdb and the migrations).
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; poolSize?: number; loadDataDir?: Blob }): Promise<Database> {
  if (opts.url) {
    // A database that does not answer (a dropped host, a full pool) fails the request after this long with a
    // pool timeout, which the error handler answers as 503 + Retry-After, instead of hanging it.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 10_000 });
    pool.on('error', () => {
      /* idle client errors surface on the next query; never crash the process here */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const query: RawQuery = async <Row>(statement: Statement, values: unknown[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values })).rows as Row[];
    return { kind: 'postgres', db, pool, url: opts.url, query, close: () => pool.end() };
  }
  let release = async () => {};
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = await lockDataDir(opts.dataDir);
  }
  const pglite = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  turnAfterEachCall(pglite);
  try {
    await pglite.waitReady;
  } catch (err) {
    await release();
    throw err;
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const query: RawQuery = async <Row>(statement: Statement, values: unknown[]) => (await pglite.query<Row>(statement.text, values)).rows;
  return {
    kind: 'pglite',
    db,
    pglite,
    query,
    close: async () => {
      await pglite.close();
      await release();
    },
  };
}

/**
 * PGlite runs each statement on this thread, reading and writing its files synchronously, and answers through promises
 * alone: a chain of awaited statements (a batch's 50 holds and sends, the queue's bookkeeping) never gave the event
 * loop a turn, and a profile call waited 1.1 s behind a batch's accept. After each statement, block of statements or
 * transaction the event loop now gets one (a transaction's own statements still run together). pg-boss sends each of
 * its transactions as one block, so nothing comes between its statements.
 */
export function turnAfterEachCall(pglite: PGlite): void {
  const target = pglite as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const call = target[name].bind(pglite);
    target[name] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } finally {
        await nextTurn();
      }
    };
  }
}

/** Applies the committed migrations; safe to run at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}
