import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PACKAGES } from '../../contract/credits.ts';
import { loadConfig } from '../config.ts';
import { systemClock } from '../lib/clock.ts';
import { createServices } from '../services.ts';
import { emptyPostgresDatabase, testDbKind } from '../test-support/database.ts';
import { migrateDatabase, openDatabase, type Database } from './client.ts';
import { withStartupLock } from './startup-lock.ts';


describe.skipIf(testDbKind() !== 'postgres')('start-up on one PostgreSQL from several processes at once', () => {
  it('migrates and seeds an empty database once: every process starts, no table is made or seeded twice', async () => {
    const empty = await emptyPostgresDatabase('ampkit_lock');
    // Three processes' own pools, as a web, a web and a worker starting together have.
    const databases: Database[] = await Promise.all([1, 2, 3].map(() => openDatabase({ url: empty.url })));
    try {
      const config = loadConfig({ APP_ENV: 'test', DATABASE_URL: empty.url, PUBLIC_URL: 'http://localhost:3000' });
      await Promise.all(
        databases.map(async (database) => {
          await withStartupLock(database, () => migrateDatabase(database));
          const services = createServices({ config, database, clock: systemClock, log: pino({ level: 'silent' }) });
          await withStartupLock(database, () => services.seed());
        }),
      );
      const { rows } = await (databases[0] as Extract<Database, { kind: 'postgres' }>).pool.query<{ n: string }>('SELECT count(*) AS n FROM credit_packages');
      expect(Number(rows[0]!.n)).toBe(DEFAULT_PACKAGES.length);
      // The lock is free again: a later start takes it at once.
      await expect(withStartupLock(databases[1]!, async () => 'taken')).resolves.toBe('taken');
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await empty.drop();
    }
  });

  it('releases the lock when the work fails, and passes the failure on', async () => {
    const empty = await emptyPostgresDatabase('ampkit_lock');
    const [a, b] = await Promise.all([openDatabase({ url: empty.url }), openDatabase({ url: empty.url })]);
    try {
      await expect(withStartupLock(a, async () => Promise.reject(new Error('migration broke')))).rejects.toThrow('migration broke');
      await expect(withStartupLock(b, async () => 'next')).resolves.toBe('next');
    } finally {
      await Promise.all([a.close(), b.close()]);
      await empty.drop();
    }
  });
});

describe.skipIf(testDbKind() !== 'pglite')('start-up on PGlite', () => {
  it('runs the work as it is (one process owns the data folder)', async () => {
    const database = await openDatabase({});
    try {
      await expect(withStartupLock(database, async () => 42)).resolves.toBe(42);
    } finally {
      await database.close();
    }
  });
});
