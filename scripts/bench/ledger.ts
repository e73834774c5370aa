/**
 * Ledger benchmark: holds per second and p95 latency of one hold (hold + capture is a generation's whole
 * credit cost), on PGlite and on PostgreSQL, side by side with a plain single-row UPDATE on the same
 * database as the baseline. Run: `node --import tsx scripts/bench/ledger.ts` (PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set; the user must be allowed to CREATE DATABASE).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client.ts';
import { creditAccounts, users } from '../../server/db/schema/index.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { createCreditsService } from '../../server/modules/credits/service.ts';
import { fmt, percentile, table, timeConcurrent, timeEach } from './stats.ts';
import { onScratchPostgres } from './scratch-postgres.ts';

const N = Number(process.env.BENCH_N ?? 1000);
const CONCURRENCY = 16;

async function bench(name: string, database: Database) {
  await migrateDatabase(database);
  const { db } = database;
  const credits = createCreditsService({ db, clock: systemClock, settings: { signupBonusCredits: '0', holdTtlMinutes: 15 } });
  const [user] = await db.insert(users).values({ email: `bench-${randomBytes(4).toString('hex')}@example.com` }).returning();
  const userId = user!.id;
  await db.transaction((tx) => credits.grant(tx, { userId, type: 'adjustment', amount: '1000000', description: 'bench', idempotencyKey: `bench:${userId}` }));

  const hold = () => credits.hold({ userId, amount: '0.25', serviceType: 'bench', description: 'bench' });
  const update = () => db.update(creditAccounts).set({ updatedAt: sql`now()` }).where(eq(creditAccounts.userId, userId));

  // Warm-up, then sequential (latency) and concurrent (throughput) runs, alternating so drift hits both alike.
  for (let i = 0; i < 50; i++) await Promise.all([hold(), update()]);
  const base = await timeEach(N, update);
  const holds = await timeEach(N, hold);
  const generation = await timeEach(N / 2, async () => credits.capture((await hold()).id));
  const baseConc = await timeConcurrent(N, CONCURRENCY, update);
  const holdConc = await timeConcurrent(N, CONCURRENCY, hold);

  const audit = await credits.audit(userId);
  if (audit.ledgerSum !== audit.balance) throw new Error(`ledger drifted: ${JSON.stringify(audit)}`);
  const perSec = (count: number, ms: number) => (count / ms) * 1000;
  return [
    { database: name, operation: 'single-row UPDATE (baseline)', 'ops/s': fmt(perSec(N, base.totalMs), 0), 'p95 ms': fmt(percentile(base.samples, 95), 3), [`ops/s x${CONCURRENCY}`]: fmt(perSec(N, baseConc), 0), 'ratio vs baseline': '1.00' },
    { database: name, operation: 'hold', 'ops/s': fmt(perSec(N, holds.totalMs), 0), 'p95 ms': fmt(percentile(holds.samples, 95), 3), [`ops/s x${CONCURRENCY}`]: fmt(perSec(N, holdConc), 0), 'ratio vs baseline': `${fmt(holds.totalMs / base.totalMs)} slower` },
    { database: name, operation: 'hold + capture', 'ops/s': fmt(perSec(N / 2, generation.totalMs), 0), 'p95 ms': fmt(percentile(generation.samples, 95), 3), [`ops/s x${CONCURRENCY}`]: '-', 'ratio vs baseline': `${fmt((generation.totalMs / (N / 2)) / (base.totalMs / N))} slower` },
  ];
}

const rows = [];
const pglite = await openDatabase({});
rows.push(...(await bench('PGlite', pglite)));
await pglite.close();

const postgresRows = await onScratchPostgres(async (url) => {
  const postgres = await openDatabase({ url, poolSize: CONCURRENCY });
  try {
    return await bench('PostgreSQL', postgres);
  } finally {
    await postgres.close();
  }
});
rows.push(...(postgresRows ?? []));
console.log(`Ledger benchmark, ${N} operations each, one user (the worst case: every hold contends for one account row)\n`);
console.log(table(rows));
