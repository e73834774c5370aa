import type { Database } from './client.ts';

/** The advisory lock key every process of the app takes for start-up work (any fixed 64-bit number). */
const STARTUP_LOCK_KEY = '8131450932476012';

/**
 * Runs start-up work (migrations, seeding) in one process at a time. Several processes starting on one empty
 * PostgreSQL database at once (a deploy restarting its web and worker processes) would otherwise run the same
 * migrations side by side, and all but one crash (`pg_type_typname_nsp_index`), or seed a table twice. On
 * PostgreSQL this holds a session advisory lock on a connection of its own while `work` runs on the pool; PGlite
 * belongs to one process already (the data folder's lock).
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]).catch((err: Error) => {
        broken = err;
      });
    }
  } finally {
    // A connection whose unlock failed is closed, which ends its session and so its lock.
    client.release(broken);
  }
}
