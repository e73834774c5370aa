/**
 * User Management benchmark: GET /api/admin/users's work (a page of 50 with its per-page aggregates, the count and the
 * stats of everyone) with BENCH_USERS users (default 50,000, seeded with generate_series: accounts, logins, a
 * generation for every tenth user), on PGlite and on PostgreSQL, beside a plain `select … from users limit 50` as the
 * baseline. Run: `node --import tsx scripts/bench/admin-users.ts` (PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set; the user must be allowed to CREATE DATABASE).
 */
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { createAdminUsersService } from '../../server/modules/admin-users/service.ts';
import { createAuditService } from '../../server/modules/audit/service.ts';
import { createCreditsService } from '../../server/modules/credits/service.ts';
import { fmt, percentile, ratioOf, report, table, timeEach } from './stats.ts';
import { onScratchPostgres } from './scratch-postgres.ts';

const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const RUNS = Number(process.env.BENCH_N ?? 30);

async function seed(database: Database) {
  const { db } = database;
  await db.execute(sql`
    insert into users (email, name, roles, created_at, last_login_at)
    select 'bench-' || i || '@example.com', 'Bench ' || i, case when i % 1000 = 0 then '{admin}'::text[] else '{}'::text[] end,
           now() - (i || ' minutes')::interval, case when i % 3 = 0 then null else now() - (i || ' seconds')::interval end
    from generate_series(1, ${USERS}) as i`);
  await db.execute(sql`
    insert into credit_accounts (user_id, balance, lifetime_used)
    select id, (random() * 100)::numeric(14,4), (random() * 20)::numeric(14,4) from users`);
  await db.execute(sql`
    insert into generations (user_id, tool, service_type, provider, status)
    select id, 'image-variator', 'image_generation', 'local', 'completed' from users where right(email, 13) like '%0@example.com'`);
  await db.execute(sql`analyze`);
}

async function bench(name: string, database: Database) {
  await migrateDatabase(database);
  await seed(database);
  const { db } = database;
  const clock = systemClock;
  const credits = createCreditsService({ db, clock, settings: { signupBonusCredits: '0', holdTtlMinutes: 15 } });
  const service = createAdminUsersService({ db, clock, credits, audit: createAuditService({ db, clock }) });

  const baseline = () => db.select({ id: users.id, email: users.email }).from(users).limit(50);
  const firstPage = () => service.list({ page: 1, limit: 50 });
  const deepPage = () => service.list({ page: Math.floor(USERS / 50 / 2), limit: 50 });
  const search = () => service.list({ page: 1, limit: 50, search: '4242' });

  const check = await firstPage();
  if (check.stats.total_users !== USERS || check.users.length !== 50) throw new Error(`unexpected answer: ${JSON.stringify(check.stats)}`);
  for (let i = 0; i < 3; i++) await Promise.all([baseline(), firstPage(), search()]);
  const runs = { baseline: await timeEach(RUNS, baseline), first: await timeEach(RUNS, firstPage), deep: await timeEach(RUNS, deepPage), search: await timeEach(RUNS, search) };
  const base = runs.baseline.totalMs / RUNS;
  const row = (label: string, r: { totalMs: number; samples: number[] }) => ({
    database: name,
    call: label,
    'mean ms': fmt(r.totalMs / RUNS, 1),
    'p95 ms': fmt(percentile(r.samples, 95), 1),
    'vs baseline': `${fmt(r.totalMs / RUNS / base, 1)}x`,
  });
  const p95 = (r: { samples: number[] }) => percentile(r.samples, 95);
  report(
    (['first', 'search'] as const).map((key) => ({
      benchmark: 'admin-users',
      measure: `GET /api/admin/users ${key === 'first' ? 'first page' : 'email search'} + stats, ${USERS} users (${name}) p95`,
      value: p95(runs[key]),
      unit: 'ms',
      anchor: 'select 50 users',
      anchorValue: p95(runs.baseline),
      ratio: ratioOf(p95(runs[key]), p95(runs.baseline), 'lower'),
      better: 'lower' as const,
      goal: 'p95 < 200 ms',
      met: p95(runs[key]) < 200,
    })),
  );
  return [
    row('select 50 users (baseline)', runs.baseline),
    row('first page + stats', runs.first),
    row(`page ${Math.floor(USERS / 50 / 2)} + stats`, runs.deep),
    row('search "4242" + stats', runs.search),
  ];
}

const rows = [];
const pglite = await openDatabase({});
rows.push(...(await bench('PGlite', pglite)));
await pglite.close();

const postgresRows = await onScratchPostgres(async (url) => {
  const postgres = await openDatabase({ url });
  try {
    return await bench('PostgreSQL', postgres);
  } finally {
    await postgres.close();
  }
});
rows.push(...(postgresRows ?? []));
console.log(`User Management benchmark: ${USERS} users, ${RUNS} calls each (a page of 50, its aggregates, the count and the stats)\n`);
console.log(table(rows));
