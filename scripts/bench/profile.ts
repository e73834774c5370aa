/**
 * Profile benchmark (issue 14, P1; issue 24): `GET /api/auth/profile` under `autocannon -c 100 -d 10`, side by side in
 * one run with the bare routes it is held to (Fastify hello world, Fastify + pg with one and with three
 * `select … from users limit 1`, each in its own process: scripts/bench/profile-server.ts), then the app as `npm start`
 * runs it (`node --import tsx server/main.ts`, its job queue and start-up included) on PostgreSQL and on PGlite (on disk
 * in DATA_DIR, as without DATABASE_URL). The app is loaded with two sessions of one account, both made through the real
 * sign-up (a link requested, mailed to a local SMTP server, used): the session of the sign-in that created the account,
 * whose profile carries the welcome, and a returning one (the next sign-in). The one-query route and the app's two
 * sessions on PostgreSQL (and the two on PGlite) take turns, BENCH_ROUNDS times (default 3), each server staying up
 * between its turns, and the median of each one's runs is reported: a busy moment of a shared machine then falls on
 * the anchor and the app alike instead of on one of them. Run: `node --import tsx scripts/bench/profile.ts`
 * (BENCH_DURATION seconds a run, default 10; BENCH_CONNECTIONS, default 100; BENCH_CPU_PROF=<folder> for a CPU profile
 * of each server; the PostgreSQL rows need BENCH_DATABASE_URL or TEST_DATABASE_URL and a role allowed to CREATE
 * DATABASE). Every run is printed with the 1-minute load average after it: a busy machine shows there.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../server/db/client.ts';
import type { ServerMode, ServerReady } from './profile-server.ts';
import { signIn, startAppProcess } from './app-process.ts';
import { onScratchPostgres } from './scratch-postgres.ts';
import { fmt, ratioOf, report, table, type BenchResult } from './stats.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const SERVER = fileURLToPath(new URL('./profile-server.ts', import.meta.url));
const PROFILE = '/api/auth/profile';

/** The part of autocannon's answer used here (the package ships no types). */
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Measured {
  route: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  failed: number;
  /** The machine's 1-minute load average right after the run (the server and autocannon count in it). */
  load: number;
}

const cpuProfArgs = (name: string) => (CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=${name}.cpuprofile`] : []);

/** A short warm-up (JIT, pool connections, prepared statements), then the measured run. */
async function load(route: string, url: string, headers?: Record<string, string>): Promise<Measured> {
  await autocannon({ url, connections: CONNECTIONS, duration: Math.min(2, DURATION), headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { route, reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts, load: os.loadavg()[0]! };
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** A server the benchmark started, and how to load it. */
interface Target {
  route: string;
  url: string;
  headers?: Record<string, string>;
}

/** Starts one bare server in its own process; answers its address and how to stop it. */
async function startBare(mode: ServerMode, url?: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = fork(SERVER, [mode, ...(url ? [url] : [])], {
    // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    execArgv: ['--import', 'tsx', ...cpuProfArgs(mode)],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const stop = async () => {
    if (child.connected) child.disconnect();
    if (!exited(child)) await once(child, 'exit');
  };
  try {
    const [ready] = (await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code]) => Promise.reject(new Error(`${mode}: the server exited (${code}) before it listened`))),
    ])) as [ServerReady];
    return { url: `http://127.0.0.1:${ready.port}/`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Starts one bare server, loads it once, and stops it. */
async function measureBare(route: string, mode: ServerMode, url?: string): Promise<Measured> {
  const server = await startBare(mode, url);
  try {
    return await load(route, server.url);
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Loads the targets in turn, ROUNDS times, printing every run; answers, for each, the median of its runs (req/s, p50
 * and p99 each on its own; failures summed, the highest load).
 */
async function takeTurns(targets: Target[]): Promise<Measured[]> {
  const runs = new Map<string, Measured[]>(targets.map((t) => [t.route, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of targets) {
      const run = await load(t.route, t.url, t.headers);
      runs.get(t.route)!.push(run);
      console.log(`round ${round}: ${t.route}: ${fmt(run.reqPerSec, 0)} req/s, p99 ${run.p99} ms, load ${fmt(run.load)}`);
    }
  }
  return targets.map((t) => {
    const r = runs.get(t.route)!;
    return {
      route: t.route,
      reqPerSec: median(r.map((m) => m.reqPerSec)),
      p50: median(r.map((m) => m.p50)),
      p99: median(r.map((m) => m.p99)),
      failed: r.reduce((n, m) => n + m.failed, 0),
      load: Math.max(...r.map((m) => m.load)),
    };
  });
}

async function welcomeOf(base: string, cookie: string): Promise<unknown> {
  const res = await fetch(`${base}${PROFILE}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`profile: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { welcome: unknown } }).data.welcome;
}

/**
 * The app as `npm start` runs it (app-process.ts; the profile call serves no page). Answers the two sessions of one
 * account to load, and how to stop it.
 */
async function startApp(database: 'PostgreSQL' | 'PGlite', url?: string): Promise<{ targets: Target[]; stop: () => Promise<void> }> {
  const app = await startAppProcess({ name: `profile-app-${database}`, url, cpuProfDir: CPU_PROF });
  const { base, stop } = app;
  try {
    const email = `bench-${randomUUID()}@example.com`;
    const { cookie: first } = await signIn(app, email);
    const { cookie: returning } = await signIn(app, email);
    // Hold the benchmark to what it claims: the first session is greeted, the returning one is not.
    if ((await welcomeOf(base, first)) === null) throw new Error('the first session has no welcome');
    if ((await welcomeOf(base, returning)) !== null) throw new Error('the returning session has a welcome');
    // The process has just started (its job queue's start-up work, the JIT): both sessions' paths run a while before
    // either is measured, so the one measured first is not the one that pays for it.
    for (const cookie of [returning, first]) await autocannon({ url: `${base}${PROFILE}`, connections: CONNECTIONS, duration: Math.min(3, DURATION), headers: { cookie } });
    return {
      targets: [
        { route: `GET ${PROFILE}, returning session (${database})`, url: `${base}${PROFILE}`, headers: { cookie: returning } },
        { route: `GET ${PROFILE}, first session (${database})`, url: `${base}${PROFILE}`, headers: { cookie: first } },
      ],
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

console.log(`load average before: ${os.loadavg().map((n) => fmt(n)).join(', ')} (${os.cpus().length} CPUs)`);
const measured: Measured[] = [];
measured.push(await measureBare('bare Fastify hello world', 'hello'));

await onScratchPostgres(async (url) => {
  // The schema and one user for the bare routes' select; the app migrates again at start (a no-op).
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('insert into users (email, name) values ($1, $2)', [`bench-${randomUUID()}@example.com`, 'Bench']);
  await client.end();
  measured.push(await measureBare('bare Fastify + pg, three queries', 'pg3', url));
  const onePg = await startBare('pg1', url);
  try {
    const app = await startApp('PostgreSQL', url);
    try {
      measured.push(...(await takeTurns([{ route: 'bare Fastify + pg, one query', url: onePg.url }, ...app.targets])));
    } finally {
      await app.stop();
    }
  } finally {
    await onePg.stop();
  }
});
const lite = await startApp('PGlite');
try {
  measured.push(...(await takeTurns(lite.targets)));
} finally {
  await lite.stop();
}

console.log(
  `autocannon -c ${CONNECTIONS} -d ${DURATION}, each server in its own process; the app is server/main.ts; ` +
    `taking turns: the median of ${ROUNDS} runs, the highest load after any of them`,
);
console.log(
  table(
    measured.map((m) => ({
      route: m.route,
      'req/s': fmt(m.reqPerSec, 0),
      'p50 ms': m.p50,
      'p99 ms': m.p99,
      'non-2xx + errors': m.failed,
      'highest load after': fmt(m.load),
    })),
  ),
);
for (const m of measured) if (m.failed > 0) console.log(`warning: ${m.route} had ${m.failed} failed requests`);

const find = (route: string) => measured.find((m) => m.route === route);
const onePg = find('bare Fastify + pg, one query');
const results: BenchResult[] = [];
for (const kind of ['returning', 'first'] as const) {
  const profilePg = find(`GET ${PROFILE}, ${kind} session (PostgreSQL)`);
  if (onePg && profilePg) {
    const ratio = ratioOf(profilePg.reqPerSec, onePg.reqPerSec, 'higher');
    results.push(
      {
        benchmark: 'profile',
        measure: `GET ${PROFILE}, ${kind} session (PostgreSQL) req/s`,
        value: Math.round(profilePg.reqPerSec),
        unit: 'req/s',
        anchor: 'bare Fastify + pg, one query',
        anchorValue: Math.round(onePg.reqPerSec),
        ratio,
        better: 'higher',
        goal: 'ratio ≥ 0.50',
        met: ratio >= 0.5 && profilePg.failed === 0,
      },
      {
        benchmark: 'profile',
        measure: `GET ${PROFILE}, ${kind} session (PostgreSQL) p99`,
        value: profilePg.p99,
        unit: 'ms',
        better: 'lower',
        goal: 'p99 < 50 ms',
        met: profilePg.p99 < 50,
      },
    );
  }
}
for (const kind of ['returning', 'first'] as const) {
  const profileLite = find(`GET ${PROFILE}, ${kind} session (PGlite)`)!;
  results.push(
    {
      benchmark: 'profile',
      measure: `GET ${PROFILE}, ${kind} session (PGlite) req/s`,
      value: Math.round(profileLite.reqPerSec),
      unit: 'req/s',
      better: 'higher',
      goal: '≥ 2,000 req/s',
      met: profileLite.reqPerSec >= 2000 && profileLite.failed === 0,
    },
    {
      benchmark: 'profile',
      measure: `GET ${PROFILE}, ${kind} session (PGlite) p99`,
      value: profileLite.p99,
      unit: 'ms',
      better: 'lower',
      goal: 'p99 < 200 ms',
      met: profileLite.p99 < 200,
    },
  );
}
report(results);
