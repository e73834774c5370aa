/**
 * Ledger benchmark: holds per second and p95 latency of one hold, and of hold + capture (a generation's whole credit
 * cost), on PGlite and on PostgreSQL, side by side with a plain single-row UPDATE on the same database as the baseline:
 * once through Drizzle (the anchor the issue measured) and once straight through the driver (the same road the ledger's
 * hot path takes, so the ratio against it is what the database itself allows), and two UPDATEs in a row (two commits,
 * the floor of any hold + capture). They run in interleaved rounds so load from elsewhere hits them alike; ops/s come
 * from the median round. Run: `node --import tsx scripts/bench/ledger.ts` (PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set; the user must be allowed to CREATE DATABASE).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client.ts';
import { creditAccounts, users } from '../../server/db/schema/index.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { createCreditsService } from '../../server/modules/credits/service.ts';
import { fmt, percentile, ratioOf, report, table, timeConcurrent, type BenchResult } from './stats.ts';
import { onScratchPostgres } from './scratch-postgres.ts';

const N = Number(process.env.BENCH_N ?? 1000);
const ROUNDS = 20;
const PER_ROUND = Math.max(1, Math.round(N / ROUNDS));
const CONCURRENCY = 16;
const GOAL = 0.5;

interface Case {
  /** One operation (hold + capture counts as one: a generation's credit cost). */
  run: () => Promise<unknown>;
  samples: number[];
  /** Wall time of each round. */
  rounds: number[];
}

async function bench(name: string, database: Database) {
  await migrateDatabase(database);
  const { db } = database;
  const credits = createCreditsService({ db, clock: systemClock, settings: { signupBonusCredits: '0', holdTtlMinutes: 15 } });
  const [user] = await db.insert(users).values({ email: `bench-${randomBytes(4).toString('hex')}@example.com` }).returning();
  const userId = user!.id;
  await db.transaction((tx) => credits.grant(tx, { userId, type: 'adjustment', amount: '1000000', description: 'bench', idempotencyKey: `bench:${userId}` }));

  const text = 'update credit_accounts set updated_at = now() where user_id = $1';
  const updateDriver = (): Promise<unknown> =>
    database.kind === 'pglite' ? database.pglite.query(text, [userId]) : database.pool.query({ name: 'bench_update', text, values: [userId] });
  const cases: Record<'update' | 'updateDriver' | 'twoUpdates' | 'hold' | 'generation', Case> = {
    update: { run: () => db.update(creditAccounts).set({ updatedAt: sql`now()` }).where(eq(creditAccounts.userId, userId)), samples: [], rounds: [] },
    updateDriver: { run: updateDriver, samples: [], rounds: [] },
    // The floor of any hold + capture: two operations apart in time are two statements, two commits.
    twoUpdates: { run: async () => (await updateDriver(), await updateDriver()), samples: [], rounds: [] },
    hold: { run: () => credits.hold({ userId, amount: '0.25', serviceType: 'bench', description: 'bench' }), samples: [], rounds: [] },
    generation: {
      run: async () => credits.capture((await credits.hold({ userId, amount: '0.25', serviceType: 'bench', description: 'bench' })).id),
      samples: [],
      rounds: [],
    },
  };

  // Warm-up, then sequential rounds, each case in turn (its order rotating) so drift and other load hit all alike.
  for (let i = 0; i < 50; i++) for (const c of Object.values(cases)) await c.run();
  const order = Object.values(cases);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < order.length; k++) {
      const c = order[(round + k) % order.length]!;
      const start = performance.now();
      for (let i = 0; i < PER_ROUND; i++) {
        const t0 = performance.now();
        await c.run();
        c.samples.push(performance.now() - t0);
      }
      c.rounds.push(performance.now() - start);
    }
  }
  const baseConc = await timeConcurrent(N, CONCURRENCY, cases.update.run);
  const holdConc = await timeConcurrent(N, CONCURRENCY, cases.hold.run);

  const audit = await credits.audit(userId);
  if (audit.ledgerSum !== audit.balance) throw new Error(`ledger drifted: ${JSON.stringify(audit)}`);
  if (audit.openHolds !== audit.held) throw new Error(`holds drifted: ${JSON.stringify(audit)}`);

  // From the median round: a burst of load from elsewhere spoils a round or two, not the figure.
  const opsPerSec = (c: Case) => (PER_ROUND / percentile(c.rounds, 50)) * 1000;
  const ops = Object.fromEntries(Object.entries(cases).map(([k, c]) => [k, opsPerSec(c)])) as Record<keyof typeof cases, number>;
  const row = (operation: string, c: Case, conc: number | null) => ({
    database: name,
    operation,
    'ops/s': fmt(opsPerSec(c), 0),
    'p95 ms': fmt(percentile(c.samples, 95), 3),
    [`ops/s x${CONCURRENCY}`]: conc === null ? '-' : fmt((N / conc) * 1000, 0),
    'vs UPDATE (Drizzle)': fmt(opsPerSec(c) / ops.update),
    'vs UPDATE (driver)': fmt(opsPerSec(c) / ops.updateDriver),
  });
  const rows = [
    row('single-row UPDATE through Drizzle (baseline)', cases.update, baseConc),
    row('single-row UPDATE through the driver', cases.updateDriver, null),
    row('two single-row UPDATEs through the driver (floor)', cases.twoUpdates, null),
    row('hold', cases.hold, holdConc),
    row('hold + capture', cases.generation, null),
  ];
  const results: BenchResult[] = [
    {
      benchmark: 'ledger',
      measure: `hold + capture (${name}) ops/s`,
      value: Math.round(ops.generation),
      unit: 'ops/s',
      anchor: 'single-row UPDATE through Drizzle, same database',
      anchorValue: Math.round(ops.update),
      ratio: Number(ratioOf(ops.generation, ops.update, 'higher').toFixed(2)),
      better: 'higher',
      goal: `ratio ≥ ${GOAL.toFixed(2)}`,
      met: ops.generation / ops.update >= GOAL,
    },
    {
      benchmark: 'ledger',
      measure: `hold + capture (${name}) ops/s vs the driver's UPDATE`,
      value: Math.round(ops.generation),
      unit: 'ops/s',
      anchor: 'single-row UPDATE straight through the driver, same database',
      anchorValue: Math.round(ops.updateDriver),
      ratio: Number(ratioOf(ops.generation, ops.updateDriver, 'higher').toFixed(2)),
      better: 'higher',
    },
    {
      benchmark: 'ledger',
      measure: `hold + capture (${name}) ops/s vs two UPDATEs (two commits: the floor)`,
      value: Math.round(ops.generation),
      unit: 'ops/s',
      anchor: 'two single-row UPDATEs in a row through the driver, same database',
      anchorValue: Math.round(ops.twoUpdates),
      ratio: Number(ratioOf(ops.generation, ops.twoUpdates, 'higher').toFixed(2)),
      better: 'higher',
    },
    {
      benchmark: 'ledger',
      measure: `hold (${name}) ops/s`,
      value: Math.round(ops.hold),
      unit: 'ops/s',
      anchor: 'single-row UPDATE through Drizzle, same database',
      anchorValue: Math.round(ops.update),
      ratio: Number(ratioOf(ops.hold, ops.update, 'higher').toFixed(2)),
      better: 'higher',
    },
  ];
  return { rows, results };
}

const rows: Array<Record<string, string>> = [];
const results: BenchResult[] = [];
const pglite = await openDatabase({});
try {
  const out = await bench('PGlite', pglite);
  rows.push(...out.rows);
  results.push(...out.results);
} finally {
  await pglite.close();
}

const postgres = await onScratchPostgres(async (url) => {
  const database = await openDatabase({ url, poolSize: CONCURRENCY });
  try {
    return await bench('PostgreSQL', database);
  } finally {
    await database.close();
  }
});
if (postgres) {
  rows.push(...postgres.rows);
  results.push(...postgres.results);
}
console.log(
  `Ledger benchmark, ${PER_ROUND * ROUNDS} operations each in ${ROUNDS} interleaved rounds, one user (the worst case: every hold ` +
    `contends for one account row); goal: hold + capture ≥ ${GOAL.toFixed(2)} of the UPDATE's ops/s\n`,
);
console.log(table(rows));
report(results);
