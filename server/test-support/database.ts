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
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ampkit_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
