import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';

/**
 * Which database the API suite runs on: the vitest project sets TEST_DB=postgres (with
 * TEST_DATABASE_URL) for the PostgreSQL run; otherwise a fresh in-memory PGlite.
 */
export const testDbKind = (): 'postgres' | 'pglite' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** A fresh, migrated database for one test app: a new in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind() === 'pglite') {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const empty = await emptyPostgresDatabase('ampkit_t');
  const database = await openDatabase({ url: empty.url, poolSize: 20 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A new, empty PostgreSQL database (not migrated) on the TEST_DATABASE_URL server, named after `prefix`; `drop()`
 * removes it once the caller's connections are closed.
 */
export async function emptyPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(adminUrl, name) };
}

/**
 * Drops a test database once our pool is closed. A plain DROP stops an autovacuum worker by itself, while
 * WITH (FORCE) would refuse to (a non-superuser may not signal it): so plain first, and FORCE only for a
 * straggling connection of ours (55006, "being accessed by other users").
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (err) {
        if (attempt >= 5) throw err;
        if ((err as { code?: string }).code === '55006') {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await client.end();
  }
}
