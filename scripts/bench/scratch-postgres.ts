import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server a benchmark may make scratch databases on: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export const benchPostgresUrl = (): string | undefined => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * Runs `measure` on a new, empty database made for it on that server (the role must be allowed to CREATE DATABASE),
 * and drops it afterwards. Without a server it says how to measure PostgreSQL too and answers null.
 */
export async function onScratchPostgres<T>(measure: (url: string) => Promise<T>): Promise<T | null> {
  const serverUrl = benchPostgresUrl();
  if (!serverUrl) {
    console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too)');
    return null;
  }
  const name = `ampkit_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      return await measure(url.toString());
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
