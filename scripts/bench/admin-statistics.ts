/**
 * Admin statistics benchmark: GET /api/admin/statistics's queries over 1,000,000 generations on PostgreSQL (the
 * issue's bar: under 200 ms). Seeds, in a fresh database, 10k users, BENCH_N generations (default 1M) spread over the
 * last 365 days in time order (as a live table grows), ~10 tool/price combinations, prompts from a pool of 300 with a
 * skewed popularity, the outputs of the last 30 days as files (older images are deleted), 300k visits in ~100k
 * sessions and 20k payments, with the statistics triggers off, then fills the rollups with stats_rebuild() (what the
 * backfill of migrations 0016 and 0017 does) and VACUUM ANALYZE (what autovacuum does to an append-mostly table). Per range it times
 * the whole answer from the rollups (the app's path; p95 of BENCH_RUNS, goal < 200 ms) beside the same answer from
 * the raw rows (rawSource, the path before the rollups), checks the two answers are equal, times each of the
 * rollups' queries alone for the longest range (where the time goes), and times what the triggers add to recording and
 * settling a generation.
 *
 * Run: `BENCH_DATABASE_URL=postgres://user:pass@host/db node --import tsx scripts/bench/admin-statistics.ts`
 * (or TEST_DATABASE_URL; the role must be allowed to CREATE DATABASE). BENCH_KEEP=1 keeps the database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_PRICING } from '../../contract/tool-prices.ts';
import { TOOLS as TOOL_LIST } from '../../contract/tools.ts';
import { STATISTICS_DAYS } from '../../contract/admin-statistics.ts';
import { migrateDatabase, openDatabase } from '../../server/db/client.ts';
import { isDeepStrictEqual } from 'node:util';
import { manualClock } from '../../server/lib/clock.ts';
import { newUsers, rawSource, rollupSource } from '../../server/modules/statistics/repository.ts';
import { createStatisticsService } from '../../server/modules/statistics/service.ts';
import { fmt, percentile, report, table, timeEach, type BenchResult } from './stats.ts';

const N = Number(process.env.BENCH_N ?? 1_000_000);
const USERS = 10_000;
const VISITS = 300_000;
const PAYMENTS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const RAW_RUNS = 3;
const GOAL_MS = 200;

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL the role may CREATE DATABASE on.');
  process.exit(1);
}

// tool, service type, variant, credits charged, takes a prompt, makes an image: each tool's quoted price and its local one, from its definition.
const TOOLS: Array<[string, string, string, string, boolean, boolean]> = TOOL_LIST.flatMap((tool) =>
  tool.prices
    .filter((p) => p.service_type === tool.price.serviceType && (p.service_variant === tool.price.variant || p.service_variant === 'local'))
    .map((p): [string, string, string, string, boolean, boolean] => [tool.id, p.service_type, p.service_variant, p.user_cost_credits, tool.userPrompt, tool.catalogue.category === 'image']),
);
/** The generation each write of the write-cost measure records: the first tool's quoted price. */
const LIVE_TOOL = TOOLS[0]!;
const SUBJECTS = ['founder', 'podcast host', 'chef', 'travel vlogger', 'gamer', 'fitness coach', 'musician', 'designer', 'teacher', 'streamer', 'realtor', 'photographer', 'baker', 'surfer', 'scientist'];
const STYLES = ['cinematic', 'bold neon', 'soft pastel', 'corporate', 'retro film', 'minimal white', 'dramatic low-key', 'sunny outdoor', 'studio grey', 'vibrant pop art', 'moody noir', 'warm golden hour', 'cyberpunk', 'watercolor', 'clean flat', 'vintage', 'high contrast', 'dreamy', 'editorial', 'playful'];
const PROMPTS = SUBJECTS.flatMap((s) => STYLES.map((st) => `A ${st} portrait of a ${s}, eye-catching, ready for YouTube`));
const REFERRERS = ['Direct/None', 'google.com', 'youtube.com', 'twitter.com', 'reddit.com', 'news.ycombinator.com', 'facebook.com', 'producthunt.com', 'bing.com'];

const name = `ampkit_bench_stats_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString(), poolSize: 10 });

async function seed() {
  await migrateDatabase(database);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const step = async (what: string, query: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const res = await client.query(query, params);
    console.log(`  ${what}: ${res.rowCount ?? ''} in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  };
  try {
    await client.query('select setseed(0.42)');
    for (const p of DEFAULT_PRICING) {
      await client.query('insert into pricing (service_type, service_variant, user_cost_credits, actual_cost_usd, description) values ($1, $2, $3, $4, $5) on conflict do nothing', [
        p.service_type,
        p.service_variant,
        p.user_cost_credits,
        p.actual_cost_usd,
        p.description,
      ]);
    }
    // The bulk load goes in with the rollup triggers off and is summed once after, as the migration backfills.
    await client.query('alter table generations disable trigger user');
    await client.query('alter table visits disable trigger user');
    await step('users', `insert into users (email, created_at) select 'bench' || n || '@example.com', now() - random() * interval '730 days' from generate_series(1, ${USERS}) n`);
    await step(
      'generations',
      `with tools(i, tool, service_type, variant, credits, has_prompt, has_output) as (
         select i - 1, t[1], t[2], t[3], t[4]::numeric, t[5]::boolean, t[6]::boolean
           from unnest($1::text[]) with ordinality as x(j, i), lateral (select string_to_array(j, '|') as t) parts
       ), u as (select array_agg(id order by id) as ids from users), s as (
         select n, random() as ur, random() as tr, random() as pr, random() as pp, random() as st, random() as pt
           from generate_series(1, ${N}) n
       )
       insert into generations (user_id, tool, service_type, service_variant, provider, prompt, status, credits, processing_time_ms, output_file_ids, created_at, completed_at)
       select u.ids[1 + floor(power(s.ur, 1.6) * ${USERS})::int], t.tool, t.service_type, t.variant, 'bench',
              case when t.has_prompt and s.pr < 0.7 then ($2::text[])[1 + floor(power(s.pp, 3) * ${PROMPTS.length})::int] end,
              case when s.st < 0.9 then 'completed' when s.st < 0.97 then 'failed' else 'processing' end,
              t.credits, 800 + floor(s.pt * 40000)::int,
              case when t.has_output and s.st < 0.9 then array[gen_random_uuid()] else '{}'::uuid[] end,
              c.at, c.at + interval '20 seconds'
         from s
         join tools t on t.i = floor(power(s.tr, 1.3) * ${TOOLS.length})::int
         cross join u
         cross join lateral (select now() - ((${N} - s.n)::float8 / ${N}) * interval '365 days' as at) c
        order by s.n`,
      [TOOLS.map((t) => t.join('|')), PROMPTS],
    );
    await step(
      'files (outputs of the last 30 days)',
      `insert into files (id, user_id, entity_type, category, file_type, size_bytes, storage_key, tool_name, created_at, expires_at)
       select output_file_ids[1], user_id, 'generated_image', 'image', 'image/png', 200000 + floor(random() * 1800000)::bigint,
              'files/' || output_file_ids[1] || '.png', tool, created_at, created_at + interval '30 days'
         from generations where created_at >= now() - interval '30 days' and cardinality(output_file_ids) > 0`,
    );
    await step(
      'visits',
      `with u as (select array_agg(id order by id) as ids from users)
       insert into visits (tracking_id, session_id, user_id, referrer_domain, ip_hash, created_at)
       select md5('t' || (n / 6))::uuid, md5('s' || (n / 3))::uuid,
              case when (n / 6) % 10 < 3 then u.ids[1 + ((n / 6) % ${USERS})] end,
              case when n % 3 = 0 then ($1::text[])[1 + floor(power(random(), 2) * ${REFERRERS.length})::int] else 'Direct/None' end,
              'h', now() - ((${VISITS} - n)::float8 / ${VISITS}) * interval '365 days' + (n % 3) * interval '40 seconds'
         from generate_series(1, ${VISITS}) n cross join u
        order by n`,
      [REFERRERS],
    );
    await step(
      'payments',
      `with u as (select array_agg(id order by id) as ids from users)
       insert into payments (provider, provider_id, user_id, amount_usd, credits_purchased, status, created_at)
       select 'test', 'cs_bench_' || n, u.ids[1 + floor(random() * ${USERS})::int], p.usd, p.usd,
              case when random() < 0.92 then 'completed' else 'refunded' end, now() - random() * interval '365 days'
         from generate_series(1, ${PAYMENTS}) n cross join u
         cross join lateral (select (array[5, 20, 50])[1 + (n % 3)]::numeric as usd) p`,
    );
    await client.query('alter table generations enable trigger user');
    await client.query('alter table visits enable trigger user');
    await step('rollups backfill (stats_rebuild)', 'select stats_rebuild()');
    await step('vacuum analyze', 'vacuum analyze');
  } finally {
    await client.end();
  }
}

function median(samples: number[]): number {
  return percentile(samples, 50);
}

/** What the triggers add to a generation's two writes (recorded, then settled), against the same with them off. */
async function writeCost(client: pg.Client, triggers: boolean): Promise<number[]> {
  await client.query(`alter table generations ${triggers ? 'enable' : 'disable'} trigger user`);
  const { rows } = await client.query<{ id: string }>('select id from users limit 1');
  const user = rows[0]!.id;
  const { samples } = await timeEach(300, async (i) => {
    await client.query('begin');
    const { rows: made } = await client.query<{ id: string }>(
      `insert into generations (user_id, tool, service_type, service_variant, provider, prompt, status, credits)
       values ($1, $3, $4, $5, 'bench', $2, 'processing', $6) returning id`,
      [user, PROMPTS[i % PROMPTS.length], ...LIVE_TOOL.slice(0, 4)],
    );
    await client.query('commit');
    await client.query(
      `update generations set status = 'completed', processing_time_ms = 1200, output_file_ids = array[gen_random_uuid()], completed_at = now() where id = $1`,
      [made[0]!.id],
    );
  });
  await client.query('alter table generations enable trigger user');
  return samples;
}

try {
  console.log(`Seeding ${N.toLocaleString('en')} generations into ${name}…`);
  await seed();
  const { db } = database;
  // One fixed now for both paths, so their answers can be compared whole.
  const clock = manualClock(new Date());
  const fromRollups = createStatisticsService({ db, clock });
  const fromRaw = createStatisticsService({ db, clock, source: rawSource });
  const rows: Array<Record<string, string>> = [];
  const results: BenchResult[] = [];
  let mismatches = 0;
  for (const days of STATISTICS_DAYS) {
    const query = { action: 'overview' as const, days };
    const answer = await fromRollups.overview(query); // warm-up: caches and plans
    const rollup = (await timeEach(RUNS, () => fromRollups.overview(query))).samples;
    const rawAnswer = await fromRaw.overview(query);
    const raw = (await timeEach(RAW_RUNS, () => fromRaw.overview(query))).samples;
    const equal = isDeepStrictEqual(answer, rawAnswer);
    if (!equal) {
      mismatches++;
      console.error(`${days} days: the rollups' answer differs from the raw rows'`, JSON.stringify({ rollups: answer, raw: rawAnswer }));
    }
    const p95 = percentile(rollup, 95);
    rows.push({
      days: String(days),
      'rollups p50 ms': fmt(median(rollup)),
      'rollups p95 ms': fmt(p95),
      'raw rows median ms': fmt(median(raw)),
      'x faster': fmt(median(raw) / median(rollup), 1),
      'same answer': equal ? 'yes' : 'NO',
    });
    results.push({
      benchmark: 'admin-statistics',
      measure: `GET /api/admin/statistics ${days} days, ${N.toLocaleString('en')} generations (PostgreSQL) p95`,
      value: Number(p95.toFixed(2)),
      unit: 'ms',
      anchor: 'the same answer from the raw rows (median)',
      anchorValue: Number(median(raw).toFixed(2)),
      ratio: Number((median(raw) / p95).toFixed(2)),
      better: 'lower',
      goal: `p95 < ${GOAL_MS} ms`,
      met: equal && p95 < GOAL_MS,
    });
  }
  const referrers = fmt(median((await timeEach(RAW_RUNS, () => fromRollups.referrers(undefined))).samples));

  // Each query of the longest range's answer alone, one after another: where its time goes.
  const longest = new Date(clock.now().getTime() - Math.max(...STATISTICS_DAYS) * 86_400_000);
  const parts: Record<string, () => Promise<unknown>> = {
    tools: () => rollupSource.tools(db, longest),
    toolUsers: () => rollupSource.toolUsers(db, longest),
    outputSizes: () => rollupSource.outputSizes(db, longest),
    popularPrompts: () => rollupSource.popularPrompts(db, longest),
    activeUsers: () => rollupSource.activeUsers(db, longest),
    sessionTotals: () => rollupSource.sessionTotals(db, longest),
    newUsers: () => newUsers(db, longest),
  };
  const partRows: Array<Record<string, string>> = [];
  for (const [part, run] of Object.entries(parts)) {
    await run();
    const { samples } = await timeEach(RUNS, run);
    partRows.push({ query: part, 'p50 ms': fmt(median(samples)), 'p95 ms': fmt(percentile(samples, 95)) });
  }

  const writer = new pg.Client({ connectionString: url.toString() });
  await writer.connect();
  let off: number[];
  let on: number[];
  try {
    off = await writeCost(writer, false);
    on = await writeCost(writer, true);
  } finally {
    await writer.end();
  }
  results.push({
    benchmark: 'admin-statistics',
    measure: 'record + settle a generation with the statistics triggers (PostgreSQL) p50',
    value: Number(median(on).toFixed(3)),
    unit: 'ms',
    anchor: 'the same two writes without them',
    anchorValue: Number(median(off).toFixed(3)),
    ratio: Number((median(off) / median(on)).toFixed(2)),
    better: 'lower',
  });

  console.log(`\nAdmin statistics (whole overview answer), ${N.toLocaleString('en')} generations over 365 days, PostgreSQL; ${RUNS} runs from the rollups, ${RAW_RUNS} from the raw rows, after a warm-up\n`);
  console.log(table(rows));
  console.log(`\nEach query of the ${Math.max(...STATISTICS_DAYS)}-day answer alone (the answer runs them side by side)\n`);
  console.log(table(partRows));
  console.log(`\nreferrer stats, every visit: ${referrers} ms (median)`);
  console.log(`record + settle a generation: ${fmt(median(on), 3)} ms with the triggers, ${fmt(median(off), 3)} ms without (p50)`);
  report(results);
  if (mismatches > 0) process.exitCode = 1;
} finally {
  await database.close();
  if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
}
