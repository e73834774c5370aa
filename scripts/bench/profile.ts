/**
 * Profile benchmark (issue 14, P1): `GET /api/auth/profile` with a session, under `autocannon -c 100 -d 10`, side by
 * side in one run with the bare routes it is held to: Fastify hello world, Fastify + pg with one and with three
 * `select … from users limit 1`, then the real app on PostgreSQL and on in-memory PGlite. Each server runs in its own
 * child process (scripts/bench/profile-server.ts), the load generator here. Run:
 * `node --import tsx scripts/bench/profile.ts` (BENCH_DURATION seconds, default 10; BENCH_CONNECTIONS, default 100;
 * BENCH_CPU_PROF=<folder> for a CPU profile of each server; the PostgreSQL rows need BENCH_DATABASE_URL or TEST_DATABASE_URL and a role allowed to CREATE DATABASE).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../server/db/client.ts';
import type { ServerMode, ServerReady } from './profile-server.ts';
import { onScratchPostgres } from './scratch-postgres.ts';
import { fmt, ratioOf, report, table, type BenchResult } from './stats.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const SERVER = fileURLToPath(new URL('./profile-server.ts', import.meta.url));

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
}

/** Starts one server in its own process, loads it, and stops it. */
async function measure(route: string, mode: ServerMode, path: string, url?: string): Promise<Measured> {
  const child: ChildProcess = fork(SERVER, [mode, ...(url ? [url] : [])], {
    // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    execArgv: ['--import', 'tsx', ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=${mode}-${url ? 'pg' : 'local'}.cpuprofile`] : [])],
    // The app logs as in production; the log is not what is measured here.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const [ready] = (await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code]) => Promise.reject(new Error(`${route}: the server exited (${code}) before it listened`))),
    ])) as [ServerReady];
    const target = `http://127.0.0.1:${ready.port}${path}`;
    const headers = ready.cookie ? { cookie: ready.cookie } : undefined;
    // A short warm-up (JIT, pool connections, prepared statements), then the measured run.
    await autocannon({ url: target, connections: CONNECTIONS, duration: Math.min(2, DURATION), headers });
    const r = await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION, headers });
    return { route, reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts };
  } finally {
    child.disconnect();
    if (child.exitCode === null) await once(child, 'exit');
  }
}

const measured: Measured[] = [];
measured.push(await measure('bare Fastify hello world', 'hello', '/'));

await onScratchPostgres(async (url) => {
  // The schema and one user for the bare routes' select; the app's process migrates again (a no-op) and signs its own user in.
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('insert into users (email, name) values ($1, $2)', [`bench-${randomUUID()}@example.com`, 'Bench']);
  await client.end();
  measured.push(await measure('bare Fastify + pg, one query', 'pg1', '/', url));
  measured.push(await measure('bare Fastify + pg, three queries', 'pg3', '/', url));
  measured.push(await measure('GET /api/auth/profile (PostgreSQL)', 'app', '/api/auth/profile', url));
});
measured.push(await measure('GET /api/auth/profile (PGlite)', 'app', '/api/auth/profile'));

console.log(`autocannon -c ${CONNECTIONS} -d ${DURATION}, each server in its own process`);
console.log(
  table(measured.map((m) => ({ route: m.route, 'req/s': fmt(m.reqPerSec, 0), 'p50 ms': m.p50, 'p99 ms': m.p99, 'non-2xx + errors': m.failed }))),
);
for (const m of measured) if (m.failed > 0) console.log(`warning: ${m.route} had ${m.failed} failed requests`);

const find = (route: string) => measured.find((m) => m.route === route);
const onePg = find('bare Fastify + pg, one query');
const profilePg = find('GET /api/auth/profile (PostgreSQL)');
const profileLite = find('GET /api/auth/profile (PGlite)')!;
const results: BenchResult[] = [];
if (onePg && profilePg) {
  const ratio = ratioOf(profilePg.reqPerSec, onePg.reqPerSec, 'higher');
  results.push(
    {
      benchmark: 'profile',
      measure: 'GET /api/auth/profile (PostgreSQL) req/s',
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
      measure: 'GET /api/auth/profile (PostgreSQL) p99',
      value: profilePg.p99,
      unit: 'ms',
      better: 'lower',
      goal: 'p99 < 50 ms',
      met: profilePg.p99 < 50,
    },
  );
}
results.push(
  {
    benchmark: 'profile',
    measure: 'GET /api/auth/profile (PGlite) req/s',
    value: Math.round(profileLite.reqPerSec),
    unit: 'req/s',
    better: 'higher',
    goal: '≥ 2,000 req/s',
    met: profileLite.reqPerSec >= 2000 && profileLite.failed === 0,
  },
  {
    benchmark: 'profile',
    measure: 'GET /api/auth/profile (PGlite) p99',
    value: profileLite.p99,
    unit: 'ms',
    better: 'lower',
    goal: 'p99 < 200 ms',
    met: profileLite.p99 < 200,
  },
);
report(results);
