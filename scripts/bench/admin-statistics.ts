/**
 * Admin statistics benchmark: GET /api/admin/statistics's queries over 1,000,000 generations on PostgreSQL (the
 * issue's bar: under 200 ms). Seeds, in a fresh database, 10k users, BENCH_N generations (default 1M) spread over the
 * last 365 days in time order (as a live table grows), ~10 tool/price combinations, prompts from a pool of 300 with a
 * skewed popularity, the outputs of the last 30 days as files (older images are deleted), 300k visits in ~100k
 * sessions and 20k payments; then VACUUM ANALYZE (what autovacuum does to an append-mostly table), and times each
 * range a few times: the median of the whole answer, and of each query alone.
 *
 * Run: `BENCH_DATABASE_URL=postgres://user:pass@host/db node --import tsx scripts/bench/admin-statistics.ts`
 * (or TEST_DATABASE_URL; the role must be allowed to CREATE DATABASE). BENCH_KEEP=1 keeps the database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_PRICING } from '../../contract/credits.ts';
import { STATISTICS_DAYS } from '../../contract/admin-statistics.ts';
import { migrateDatabase, openDatabase } from '../../server/db/client.ts';
import { systemClock } from '../../server/lib/clock.ts';
import * as repo from '../../server/modules/statistics/repository.ts';
import { createStatisticsService } from '../../server/modules/statistics/service.ts';
import { fmt, table } from './stats.ts';

const N = Number(process.env.BENCH_N ?? 1_000_000);
const USERS = 10_000;
const VISITS = 300_000;
const PAYMENTS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DAY_MS = 86_400_000;

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL the role may CREATE DATABASE on.');
  process.exit(1);
}

// tool, service type, variant, credits charged, takes a prompt, makes an image.
const TOOLS: Array<[string, string, string, string, boolean, boolean]> = [
  ['ai-headshot', 'headshot', 'standard', '0.5', true, true],
  ['thumbnail-generator', 'thumbnail', 'standard', '0.3', true, true],
  ['thumbnail-generator', 'thumbnail', 'local', '0', true, true],
  ['caption-generator', 'caption', 'standard', '0.05', true, false],
  ['transcription', 'transcription', 'refined', '0.75', false, false],
  ['transcription', 'transcription', 'raw', '0.3', false, false],
  ['ai-photoshoot', 'photoshoot', 'standard', '0.3', true, true],
  ['image-variator', 'image_generation', 'standard', '0.25', true, true],
  ['image-variator', 'image_generation', 'local', '0', true, true],
  ['mockup-generator', 'mockup', 'standard', '0.5', false, true],
];
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
    await step('vacuum analyze', 'vacuum analyze');
  } finally {
    await client.end();
  }
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up: caches and plans
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

try {
  console.log(`Seeding ${N.toLocaleString('en')} generations into ${name}…`);
  await seed();
  const { db } = database;
  const statistics = createStatisticsService({ db, clock: systemClock });
  const rows: Array<Record<string, string>> = [];
  for (const days of STATISTICS_DAYS) {
    const since = new Date(Date.now() - days * DAY_MS);
    rows.push({
      days: String(days),
      'whole answer ms': fmt(await timed(() => statistics.overview({ action: 'overview', days }))),
      'tool usage': fmt(await timed(() => repo.toolUsage(db, since))),
      'tool users': fmt(await timed(() => repo.toolUsers(db, since))),
      costs: fmt(await timed(() => repo.toolCosts(db, since))),
      'active users': fmt(await timed(() => repo.activeUsers(db, since))),
      sizes: fmt(await timed(() => repo.outputSizes(db, since))),
      'top prompts': fmt(await timed(() => repo.popularPrompts(db, since))),
      'new users': fmt(await timed(() => repo.newUsers(db, since))),
      sessions: fmt(await timed(() => repo.sessionTotals(db, since))),
      'referrer stats': fmt(await timed(() => statistics.referrers(days))),
    });
  }
  rows.push({ days: 'all', 'whole answer ms': '-', 'tool usage': '-', 'tool users': '-', costs: '-', 'active users': '-', sizes: '-', 'top prompts': '-', 'new users': '-', sessions: '-', 'referrer stats': fmt(await timed(() => statistics.referrers(undefined))) });

  // The plan of the per-tool query over 30 days: an index-only scan of generations_stats_idx is what keeps it fast.
  const explain = new pg.Client({ connectionString: url.toString() });
  await explain.connect();
  const plan = await explain.query(
    `explain (analyze, buffers) select tool, count(*), count(distinct user_id) from generations where created_at >= now() - interval '30 days' group by tool`,
  );
  await explain.end();
  const scan = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).find((line) => line !== undefined && /Scan/.test(line));

  console.log(`\nAdmin statistics, ${N.toLocaleString('en')} generations over 365 days, PostgreSQL; median of ${RUNS} runs after a warm-up (ms)\n`);
  console.log(table(rows));
  console.log(`\n30-day per-tool scan: ${scan?.trim()}`);
} finally {
  await database.close();
  if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
}
