/**
 * Batch benchmark (issue 28, "Speed"), on the app as `npm start` runs it: `node --import tsx server/main.ts` with
 * ROLE=all (HTTP, job queue and worker in one process) on a real port, a fresh install's settings, no provider keys
 * (the local engine), signed in through the real magic link:
 *
 * 1. A batch of BENCH_ITEMS (50) local thumbnails, from `POST /api/batches` sent to the batch's `finished_at`, against
 *    the same renders by direct library calls in this process (findFaces + renderThumbnail, the vision worker warm, as
 *    scripts/bench/thumbnail.ts calls them), on the same images with the same options. The worker runs at most
 *    BATCH_CONCURRENCY_PER_USER of one user's items at once (default 2, this machine's 2 cores: GENERATION_CONCURRENCY
 *    is 4, the user's group keeps it to 2), so the direct calls run that many at once too: "one after another on the
 *    worker's cores". Goal: the batch takes at most 1.25x the direct calls (the queue, holds and storage add ≤ 25%).
 * 2. `GET /api/auth/profile` p99, one call at a time (PROBE_PAUSE_MS between calls), idle and then while the batch
 *    runs, by the same client. Goal: at most 2x idle. The client also calls through the direct calls, so the batch and
 *    its anchor share the machine with the same light load (and the table shows the app's p99 while the same renders
 *    run outside it: what the busy cores alone cost).
 *
 * The images: the four photos of server/test-support/photos, each framed BENCH_ITEMS / 4 ways (cropped, mirrored,
 * lighter or darker) and scaled to 1024 px on the long side (JPEG q92). The app is warmed by a small batch first (its
 * vision worker's cold start, the JIT; that batch's time is printed), as the direct path is by one render. Then,
 * BENCH_ROUNDS times (default 3), the direct calls and a batch take turns, their order swapped each round so that a
 * busy moment of a shared machine falls on either; the profile client runs through the direct calls, IDLE_SECONDS idle
 * just before each batch, and then through it. The round with the median ratio is reported (its batch and direct times side by side), every round
 * is printed; the profile's p99 pools every round's calls.
 *
 * The log also tells where a batch's time goes, from the database once the app has stopped (each item's `ai.generate`
 * job in pg-boss): the accept (POST: every image checked, held, queued), the wait for the first item, an item's time in
 * the worker against a direct call's, worker slots left idle while items waited (the queue's polling, items sent back
 * as "busy"), and the tail from the last item to the batch's end; the CPU time the app spent on the batch against the
 * CPU time of the direct calls (less moved by other work on the machine than wall time); and, measured here, the image
 * steps a direct call skips (the tool's input check, and the stored result's check and thumbnail).
 *
 * On PGlite (in DATA_DIR, as `npm start` without DATABASE_URL), and on PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (a scratch database). Run: `node --import tsx scripts/bench/batch.ts` (BENCH_ITEMS=50,
 * BENCH_ROUNDS=3, BENCH_BATCH_CONCURRENCY=2 passed to the app as BATCH_CONCURRENCY_PER_USER, BENCH_ONLY=PGlite or
 * PostgreSQL for one database; BENCH_CPU_PROF=<folder> for a CPU profile of the app, with each batch's window on the
 * profile's clock printed).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import type { BatchAccepted, BatchDetail } from '../../contract/batches.ts';
import { CSRF_HEADER } from '../../contract/constants.ts';
import type { ThumbnailStyleId } from '../../contract/thumbnail.ts';
import { openDatabase } from '../../server/db/client.ts';
import { processImage } from '../../server/modules/files/media.ts';
import { findFaces, renderThumbnail } from '../../server/providers/ai/local/thumbnail.ts';
import { sharedLocalVision, type LocalVision } from '../../server/providers/ai/local-vision/index.ts';
import { signIn, startAppProcess, type AppProcess } from './app-process.ts';
import { onScratchPostgres } from './scratch-postgres.ts';
import { fmt, percentile, ratioOf, report, table, timeConcurrent, type BenchResult } from './stats.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** BATCH_CONCURRENCY_PER_USER given to the app, and the direct calls' parallelism. */
const PER_USER = Number(process.env.BENCH_BATCH_CONCURRENCY ?? 2);
/** Items of the warm-up batch. */
const WARM_ITEMS = 2 * PER_USER;
/** Seconds the profile client runs idle before each batch. */
const IDLE_SECONDS = 10;
/** The profile client's pause between calls: ~20 calls a second, a light load beside the batch it measures. */
const PROBE_PAUSE_MS = 50;
/** How often the batch page asks for the batch while it runs (web/features/ai-shared/batch/api.ts BATCH_POLL.detailMs). */
const POLL_MS = 2000;
const BATCH_TIMEOUT_MS = 15 * 60_000;
/** The largest image the app takes (MAX_IMAGE_PIXELS' default), for processImage here. */
const MAX_PIXELS = 40_000_000;
const CPU_PROF = process.env.BENCH_CPU_PROF;
const PROFILE = '/api/auth/profile';
const PHOTOS = ['astronaut.jpg', 'camera.jpg', 'chelsea.jpg', 'coffee.jpg'];

/** The batch's options, and the same for the direct calls (the text as the tool letters it: trimmed). */
const OPTIONS = { style: 'viral-bold' as ThumbnailStyleId, realism: 4, addText: true, thumbnailText: 'New gear day' };
const DIRECT = { style: OPTIONS.style, realism: OPTIONS.realism, prompt: '', text: OPTIONS.thumbnailText.trim() };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const load = () => fmt(os.loadavg()[0]!);
const sec = (seconds: number) => `${fmt(seconds)} s`;
/** Microseconds on CLOCK_MONOTONIC: the clock of a V8 CPU profile's timestamps. */
const monoUs = () => Number(process.hrtime.bigint() / 1000n);

/** CPU seconds (user + system, every thread) a process has used, from /proc; null where there is none. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
/** A /proc `stat` file (a process's or a thread's): its name and the CPU seconds it used (user + system). */
function readStat(file: string): { name: string; cpuS: number } {
  const stat = fs.readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), cpuS: (Number(fields[11]) + Number(fields[12])) / TICKS };
}
function cpuOf(pid: number): number | null {
  try {
    return readStat(`/proc/${pid}/stat`).cpuS;
  } catch {
    return null;
  }
}
/**
 * CPU seconds by thread kind (the thread's name with its digits dropped: `ampkit-render`, `libvips worker`, `node`…)
 * a process has used, from /proc; empty where there is none. Threads that ended meanwhile are not in it.
 */
function threadCpuOf(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        const { name, cpuS } = readStat(`/proc/${pid}/task/${tid}/stat`);
        const kind = name.replace(/[0-9]+/g, '#').trim();
        out.set(kind, (out.get(kind) ?? 0) + cpuS);
      } catch {
        // The thread ended while it was read.
      }
    }
  } catch {
    // No /proc.
  }
  return out;
}
/** What each thread kind used between two `threadCpuOf` readings. */
const threadCpuSince = (before: Map<string, number>, after: Map<string, number>) =>
  new Map([...after].map(([name, s]) => [name, s - (before.get(name) ?? 0)] as const).filter(([, s]) => s >= 0.05));
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

interface Photo {
  name: string;
  data: Buffer;
}

/** ITEMS photos, 1024 px on the long side: each source framed differently on each pass (crop, mirror, exposure). */
async function photos(): Promise<Photo[]> {
  const sources = await Promise.all(PHOTOS.map((p) => readFile(new URL(`../../server/test-support/photos/${p}`, import.meta.url))));
  return Promise.all(
    Array.from({ length: ITEMS }, async (_, i) => {
      const source = sources[i % sources.length]!;
      const pass = Math.floor(i / sources.length);
      const { width, height } = await sharp(source).metadata();
      const keep = 1 - (pass % 4) * 0.04;
      const w = Math.round(width * keep);
      const h = Math.round(height * keep);
      const mirrored = pass % 2 === 1;
      let image = sharp(source).extract({ left: mirrored ? width - w : 0, top: pass % 3 === 1 ? height - h : 0, width: w, height: h });
      if (mirrored) image = image.flop();
      const data = await image
        .modulate({ brightness: 0.94 + (pass % 5) * 0.03 })
        .resize(1024, 1024, { fit: 'inside' })
        .jpeg({ quality: 92 })
        .toBuffer();
      return { name: `${PHOTOS[i % sources.length]!.replace('.jpg', '')}-${i + 1}.jpg`, data };
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Direct library calls

interface DirectRun {
  seconds: number;
  /** Each call's own time (PER_USER of them ran at once). */
  callMs: number[];
  /** CPU seconds this process used for them (every thread: libvips, the vision worker). */
  cpuS: number;
  /** The same by thread kind. */
  threads: Map<string, number>;
  /** This process's event-loop delay while the calls ran (p99 and max, ms): the renders' synchronous pixel passes. */
  loopP99: number;
  loopMax: number;
}

/** findFaces + renderThumbnail on every photo, PER_USER at once (the worker's parallelism for one user's batch). */
async function direct(vision: LocalVision, images: Photo[]): Promise<DirectRun> {
  const callMs: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const cpu = ownCpu();
  const threads = threadCpuOf(process.pid);
  loop.enable();
  const ms = await timeConcurrent(images.length, PER_USER, async (i) => {
    const t0 = performance.now();
    const image = images[i]!.data;
    await renderThumbnail({ image, faces: await findFaces(vision, image), ...DIRECT });
    callMs.push(performance.now() - t0);
  });
  loop.disable();
  return { seconds: ms / 1000, callMs, cpuS: ownCpu() - cpu, threads: threadCpuSince(threads, threadCpuOf(process.pid)), loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
}

/**
 * The image steps a batch item takes that a direct call does not (each once per photo, one at a time, in this
 * process): the tool's input check (decode and re-encode: `checkedImage`, run when the batch is accepted and again in
 * the worker) and the stored result's (`files.store` checks the 1280x720 PNG the render encoded and makes its thumbnail).
 */
async function imageSteps(vision: LocalVision, images: Photo[]) {
  const wall = { input: 0, render: 0, output: 0 };
  const cpu = { input: 0, render: 0, output: 0 };
  const step = async <T>(what: keyof typeof wall, work: () => Promise<T>): Promise<T> => {
    const [t0, c0] = [performance.now(), ownCpu()];
    const result = await work();
    wall[what] += performance.now() - t0;
    cpu[what] += ownCpu() - c0;
    return result;
  };
  for (const { data } of images) {
    const checked = await step('input', () => processImage(data, MAX_PIXELS, { thumbnail: false }));
    const rendered = await step('render', async () => renderThumbnail({ image: checked.buffer, faces: await findFaces(vision, checked.buffer), ...DIRECT }));
    await step('output', () => processImage(rendered.data, MAX_PIXELS, { reencode: false }));
  }
  /** Per photo: wall ms and CPU ms of each step. */
  const per = (what: keyof typeof wall) => ({ ms: wall[what] / images.length, cpuMs: (cpu[what] * 1000) / images.length });
  return { input: per('input'), render: per('render'), output: per('output'), renderTotalS: wall.render / 1000 };
}

// ---------------------------------------------------------------------------------------------------------------
// The app

interface App extends AppProcess {
  cookie: string;
  csrf: string;
}

/** The app as `npm start` runs it (app-process.ts), ROLE=all, one user's batch items 2 at once, signed in. */
async function startApp(database: string, url?: string): Promise<App> {
  const app = await startAppProcess({
    name: `batch-app-${database}`,
    url,
    env: { ROLE: 'all', BATCH_CONCURRENCY_PER_USER: String(PER_USER) },
    cpuProfDir: CPU_PROF,
    // The breakdown reads the database (PGlite in DATA_DIR) once the app has stopped.
    keepData: true,
  });
  try {
    return { ...app, ...(await signIn(app, `bench-${randomUUID()}@example.com`)) };
  } catch (err) {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
    throw err;
  }
}

interface BatchRun {
  id: string;
  /** Date.now() when the POST was sent (the app stamps finished_at with the same clock). */
  sentAt: number;
  /** The same moment on CLOCK_MONOTONIC (µs), the clock of the app's CPU profile. */
  sentMonoUs: number;
  /** POST /api/batches answered (every image checked, held and queued). */
  acceptMs: number;
  /** From the POST sent to the batch's finished_at. */
  seconds: number;
  finishedAt: number;
  /** CPU seconds the app used from the POST to the moment its end was seen (null without /proc). */
  cpuS: number | null;
  /** The same by thread kind. */
  threads: Map<string, number>;
}

/** The body of a batch of these photos (built once: 50 photos in base64 are ~15 MB of JSON). */
const batchBody = (images: Photo[]) =>
  JSON.stringify({ tool: 'thumbnail-generator', options: OPTIONS, items: images.map((p) => ({ imageData: p.data.toString('base64'), mimeType: 'image/jpeg', name: p.name })) });

/** Sends a batch and follows it as its page does (every POLL_MS) until its finished_at; every item must be done. */
async function runBatch(app: App, body: string, items: number): Promise<BatchRun> {
  const cpu = cpuOf(app.pid);
  const threads = threadCpuOf(app.pid);
  const sentAt = Date.now();
  const sentMonoUs = monoUs();
  const t0 = performance.now();
  const res = await fetch(`${app.base}/api/batches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: app.cookie, [CSRF_HEADER]: app.csrf, 'idempotency-key': randomUUID() },
    body,
  });
  const acceptMs = performance.now() - t0;
  const answer = (await res.json()) as { data: BatchAccepted };
  if (res.status !== 202) throw new Error(`POST /api/batches: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
  const id = answer.data.batch_id;
  const deadline = Date.now() + BATCH_TIMEOUT_MS;
  for (;;) {
    await sleep(POLL_MS);
    const got = await fetch(`${app.base}/api/batches/${id}`, { headers: { cookie: app.cookie } });
    const { data: batch } = (await got.json()) as { data: BatchDetail };
    if (!got.ok) throw new Error(`GET /api/batches/${id}: ${got.status}`);
    if (batch.finished_at) {
      const used = cpuOf(app.pid);
      const threadsUsed = threadCpuSince(threads, threadCpuOf(app.pid));
      if (batch.counts.done !== items) throw new Error(`batch ${id} ended with ${JSON.stringify(batch.counts)}, not ${items} done`);
      const finishedAt = Date.parse(batch.finished_at);
      return { id, sentAt, sentMonoUs, acceptMs, seconds: (finishedAt - sentAt) / 1000, finishedAt, cpuS: cpu === null || used === null ? null : used - cpu, threads: threadsUsed };
    }
    if (Date.now() > deadline) throw new Error(`batch ${id} still running after ${BATCH_TIMEOUT_MS / 60_000} minutes: ${JSON.stringify(batch.counts)}`);
  }
}

/** GET /api/auth/profile one call at a time until `stop()` answers true; each sample with the time it was sent. */
async function probe(app: App, stop: () => boolean): Promise<Array<{ at: number; ms: number }>> {
  const samples: Array<{ at: number; ms: number }> = [];
  while (!stop()) {
    const at = Date.now();
    const t0 = performance.now();
    const res = await fetch(`${app.base}${PROFILE}`, { headers: { cookie: app.cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${PROFILE}: ${res.status}`);
    samples.push({ at, ms: performance.now() - t0 });
    await sleep(PROBE_PAUSE_MS);
  }
  return samples;
}

// ---------------------------------------------------------------------------------------------------------------
// Where a batch's time went: its items' jobs, read from the database once the app has stopped

interface Breakdown {
  /** POST sent → the first item's job started. */
  firstStartS: number;
  /** Mean time of an item's job in the worker (claim to done, the item's render included). */
  itemMs: number;
  /** Worker slots left idle while items still waited, in seconds of the batch's wall time (slot-seconds / PER_USER). */
  idleS: number;
  /** The most items running at once. */
  most: number;
  /** Jobs that found the user's limit taken and sent their item back (BATCH_ITEM_BUSY_MS later). */
  busy: number;
  /** The last item's job done → the batch's finished_at. */
  tailS: number;
}

async function breakdown(database: { url?: string; dataDir?: string }, runs: BatchRun[]): Promise<Map<string, Breakdown>> {
  const db = await openDatabase(database);
  const out = new Map<string, Breakdown>();
  try {
    for (const run of runs) {
      const jobs = await db.query<{ generation_id: string; started: number; completed: number }>(
        {
          name: 'bench_batch_jobs',
          text: `select j.data->>'generationId' as generation_id,
                        (extract(epoch from j.started_on) * 1000)::float8 as started,
                        (extract(epoch from j.completed_on) * 1000)::float8 as completed
                   from pgboss.job j
                   join generations g on g.id::text = j.data->>'generationId'
                  where j.name = 'ai.generate' and g.params->>'batch_id' = $1 and j.started_on is not null and j.completed_on is not null
                  order by j.started_on`,
        },
        [run.id],
      );
      if (jobs.length === 0) continue;
      // An item's own job is its longest one; shorter ones for the same item found the limit taken.
      const byItem = new Map<string, { started: number; completed: number }>();
      for (const j of jobs) {
        const known = byItem.get(j.generation_id);
        if (!known || j.completed - j.started > known.completed - known.started) byItem.set(j.generation_id, j);
      }
      const items = [...byItem.values()];
      const firstStart = Math.min(...items.map((j) => j.started));
      const lastStart = Math.max(...items.map((j) => j.started));
      // Slots idle between the first start and the last (after it nothing waits): integrate PER_USER − running.
      const events = items.flatMap((j) => [{ t: j.started, d: 1 }, { t: j.completed, d: -1 }]).sort((a, b) => a.t - b.t || a.d - b.d);
      let running = 0;
      let most = 0;
      let idle = 0;
      let last = firstStart;
      for (const e of events) {
        const t = Math.min(e.t, lastStart);
        if (t > last) idle += Math.max(0, PER_USER - running) * (t - last);
        last = Math.max(last, t);
        running += e.d;
        most = Math.max(most, running);
      }
      out.set(run.id, {
        firstStartS: (firstStart - run.sentAt) / 1000,
        itemMs: mean(items.map((j) => j.completed - j.started)),
        idleS: idle / PER_USER / 1000,
        most,
        busy: jobs.length - items.length,
        tailS: (run.finishedAt - Math.max(...items.map((j) => j.completed))) / 1000,
      });
    }
  } finally {
    await db.close();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// One database

interface Round {
  direct: DirectRun;
  batch: BatchRun;
  /** The profile client's calls (ms): idle just before the batch, and while it ran. */
  idle: number[];
  during: number[];
  /** The calls made while the direct calls ran (the app idle, the machine's cores busy with the same renders). */
  duringDirect: number[];
  /** The calls of `during` sent while the POST was being answered (every image checked, held, queued), and after. */
  duringAccept: number[];
  duringItems: number[];
  /** The app's CPU use while only the profile client called it (CPU seconds per second). */
  idleCpu: number | null;
  load: string;
}

interface Measured {
  database: string;
  warm: BatchRun;
  rounds: Round[];
  breakdown: Map<string, Breakdown>;
}

async function measure(database: 'PGlite' | 'PostgreSQL', vision: LocalVision, images: Photo[], url?: string): Promise<Measured> {
  const body = batchBody(images);
  const app = await startApp(database, url);
  const rounds: Round[] = [];
  let warm: BatchRun;
  try {
    // The app's first batch starts its vision worker and loads the models (what the direct path's warm-up paid).
    warm = await runBatch(app, batchBody(images.slice(0, WARM_ITEMS)), WARM_ITEMS);
    console.log(`${database}: warm-up batch of ${WARM_ITEMS} (vision worker cold) ${sec(warm.seconds)}, load ${load()}`);
    let warmCalls = 0;
    await probe(app, () => warmCalls++ >= 200);

    for (let round = 1; round <= ROUNDS; round++) {
      let directRun: DirectRun | undefined;
      let duringDirect: number[] = [];
      let measured: Omit<Round, 'direct' | 'duringDirect' | 'load'> | undefined;
      const turns = [
        async () => {
          // The profile client calls the app through the direct calls as it does through the batch, so both share the
          // machine with the same light load (it costs the app a tenth of a core) and only the batch's own work differs.
          let running = true;
          const calls = probe(app, () => !running);
          directRun = await direct(vision, images).finally(() => {
            running = false;
          });
          duringDirect = (await calls).map((c) => c.ms);
        },
        async () => {
          // The profile client: idle, then through the batch (the calls sent after its finished_at dropped).
          const cpu = cpuOf(app.pid);
          const idleFrom = Date.now();
          const idle = await probe(app, () => Date.now() - idleFrom >= IDLE_SECONDS * 1000);
          const used = cpuOf(app.pid);
          const idleCpu = cpu === null || used === null ? null : (used - cpu) / ((Date.now() - idleFrom) / 1000);
          let running = true;
          const during = probe(app, () => !running);
          const batch = await runBatch(app, body, ITEMS).finally(() => {
            running = false;
          });
          const calls = (await during).filter((c) => c.at <= batch.finishedAt);
          const accepted = batch.sentAt + batch.acceptMs;
          measured = {
            batch,
            idle: idle.map((c) => c.ms),
            during: calls.map((c) => c.ms),
            duringAccept: calls.filter((c) => c.at < accepted).map((c) => c.ms),
            duringItems: calls.filter((c) => c.at >= accepted).map((c) => c.ms),
            idleCpu,
          };
        },
      ];
      if (round % 2 === 0) turns.reverse();
      for (const turn of turns) await turn();
      const r: Round = { direct: directRun!, duringDirect, ...measured!, load: load() };
      rounds.push(r);
      console.log(
        `${database} round ${round}: direct ${sec(r.direct.seconds)}, batch ${sec(r.batch.seconds)} (${fmt(r.batch.seconds / r.direct.seconds)}x; accepted in ` +
          `${sec(r.batch.acceptMs / 1000)}); profile p99 idle ${fmt(percentile(r.idle, 99))} ms, during ${fmt(percentile(r.during, 99))} ms; load ${r.load}`,
      );
      if (CPU_PROF) console.log(`  batch ${r.batch.id}: sent at ${r.batch.sentMonoUs} µs on the profile's clock, finished ${sec(r.batch.seconds)} later`);
    }
  } finally {
    await app.stop();
  }
  let found = new Map<string, Breakdown>();
  try {
    found = await breakdown(url ? { url } : { dataDir: path.join(app.dataDir, 'db') }, [warm, ...rounds.map((r) => r.batch)]);
  } catch (err) {
    console.log(`(no breakdown: ${(err as Error).message})`);
  } finally {
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  return { database, warm, rounds, breakdown: found };
}

// ---------------------------------------------------------------------------------------------------------------

console.log(`load average before: ${os.loadavg().map((n) => fmt(n)).join(', ')} (${os.cpus().length} CPUs)`);
const images = await photos();
const vision = sharedLocalVision();
// The direct path warm: the vision worker started and its models loaded, the font parsed, libvips' first pipelines.
await renderThumbnail({ image: images[0]!.data, faces: await findFaces(vision, images[0]!.data), ...DIRECT });
const steps = await imageSteps(vision, images);

// BENCH_ONLY=PGlite or PostgreSQL: one database only (a quicker look while working on one).
const only = process.env.BENCH_ONLY;
const measured: Measured[] = only === 'PostgreSQL' ? [] : [await measure('PGlite', vision, images)];
const onPostgres = only === 'PGlite' ? null : await onScratchPostgres((url) => measure('PostgreSQL', vision, images, url));
if (onPostgres) measured.push(onPostgres);
await vision.close();

const results: BenchResult[] = [];
for (const m of measured) {
  const ratioOfRound = (r: Round) => ratioOf(r.batch.seconds, r.direct.seconds, 'lower');
  // The round with the median ratio (of two, the worse): its batch and direct times were measured side by side.
  const reported = [...m.rounds].sort((a, b) => ratioOfRound(a) - ratioOfRound(b))[Math.floor((m.rounds.length - 1) / 2)]!;
  const idle = m.rounds.flatMap((r) => r.idle);
  const during = m.rounds.flatMap((r) => r.during);
  const idleP99 = percentile(idle, 99);
  const duringP99 = percentile(during, 99);
  const profileRatio = ratioOf(duringP99, idleP99, 'lower');

  console.log(`\n${m.database}: ${ITEMS} local thumbnails (${OPTIONS.style}, realism ${OPTIONS.realism}, with text), ${PER_USER} at once; the round with the median ratio is reported\n`);
  console.log(
    table(
      m.rounds.map((r, i) => ({
        round: `${i + 1}${r === reported ? ' (reported)' : ''}`,
        direct: sec(r.direct.seconds),
        batch: sec(r.batch.seconds),
        'batch / direct': `${fmt(r.batch.seconds / r.direct.seconds)}x`,
        accept: sec(r.batch.acceptMs / 1000),
        'a direct call (mean)': `${fmt(mean(r.direct.callMs), 0)} ms`,
        'an item in the worker (mean)': m.breakdown.has(r.batch.id) ? `${fmt(m.breakdown.get(r.batch.id)!.itemMs, 0)} ms` : '-',
        'CPU: app / direct': r.batch.cpuS === null ? '-' : `${sec(r.batch.cpuS)} / ${sec(r.direct.cpuS)} (${fmt(r.batch.cpuS / r.direct.cpuS)}x)`,
        'direct: event loop blocked, max (p99)': `${fmt(r.direct.loopMax, 0)} (${fmt(r.direct.loopP99, 0)}) ms`,
        'load after': r.load,
      })),
    ),
  );
  console.log(`warm-up batch of ${WARM_ITEMS} right after the start (vision worker cold): ${sec(m.warm.seconds)}`);
  const kinds = [...new Set([...reported.direct.threads.keys(), ...reported.batch.threads.keys()])];
  if (kinds.length > 0) {
    const byKind = kinds
      .map((kind) => ({ kind, direct: reported.direct.threads.get(kind) ?? 0, app: reported.batch.threads.get(kind) ?? 0 }))
      .sort((a, b) => b.app + b.direct - (a.app + a.direct));
    console.log(`\nCPU by thread, the reported round (this process for the direct calls, its probe client included; the app for the batch):\n`);
    console.log(table(byKind.map(({ kind, direct: d, app: a }) => ({ thread: kind, 'direct calls': sec(d), batch: sec(a), 'batch - direct': sec(a - d) }))));
  }

  const rows = m.rounds.flatMap((r, i) => {
    const b = m.breakdown.get(r.batch.id);
    if (!b) return [];
    const extraMs = b.itemMs - mean(r.direct.callMs);
    return [
      {
        round: String(i + 1),
        'batch - direct': sec(r.batch.seconds - r.direct.seconds),
        'to first item (accept)': `${sec(b.firstStartS)} (${sec(r.batch.acceptMs / 1000)})`,
        'an item over a direct call, x items / per user': `${fmt(extraMs, 0)} ms -> ${sec((extraMs * ITEMS) / PER_USER / 1000)}`,
        'slots idle': sec(b.idleS),
        'most at once': String(b.most),
        'busy re-sends': String(b.busy),
        tail: sec(b.tailS),
        'app CPU idle + probe': r.idleCpu === null ? '-' : `${fmt(r.idleCpu * 100, 0)}% of a core`,
      },
    ];
  });
  if (rows.length) {
    console.log(`\nWhere a batch's time goes (its items' jobs in pg-boss; "to first item" counts from the POST sent):\n`);
    console.log(table(rows));
  }
  console.log(`\nGET ${PROFILE}, one call at a time (${PROBE_PAUSE_MS} ms apart), every round pooled\n`);
  console.log(
    table([
      { when: `idle, ${IDLE_SECONDS} s before each batch (anchor)`, calls: String(idle.length), 'p50 ms': fmt(percentile(idle, 50)), 'p99 ms': fmt(idleP99), 'max ms': fmt(Math.max(...idle)) },
      ...(['duringDirect', 'during', 'duringAccept', 'duringItems'] as const).map((part) => {
        const calls = m.rounds.flatMap((r) => r[part]);
        const when = {
          duringDirect: 'while the direct calls run (the app idle, the cores busy)',
          during: 'while the batch runs',
          duringAccept: '  of which while the POST is answered',
          duringItems: '  of which while its items run',
        }[part];
        return { when, calls: String(calls.length), 'p50 ms': fmt(percentile(calls, 50)), 'p99 ms': fmt(percentile(calls, 99)), 'max ms': fmt(Math.max(...calls)) };
      }),
    ]),
  );
  const batchRatio = ratioOfRound(reported);
  results.push(
    {
      benchmark: 'batch',
      measure: `${ITEMS}-image batch of local thumbnails, POST to finished (${m.database})`,
      value: reported.batch.seconds,
      unit: 's',
      anchor: `the same renders by direct calls (findFaces + renderThumbnail), ${PER_USER} at once`,
      anchorValue: reported.direct.seconds,
      ratio: batchRatio,
      better: 'lower',
      goal: 'ratio ≥ 0.80 (batch ≤ 1.25x direct)',
      met: batchRatio >= 0.8,
    },
    ...(reported.batch.cpuS === null
      ? []
      : [
          {
            benchmark: 'batch',
            measure: `CPU seconds of the app for that batch (${m.database}; the profile client's calls included)`,
            value: reported.batch.cpuS,
            unit: 's',
            anchor: 'CPU seconds of the direct calls',
            anchorValue: reported.direct.cpuS,
            ratio: ratioOf(reported.batch.cpuS, reported.direct.cpuS, 'lower'),
            better: 'lower' as const,
          },
        ]),
    {
      benchmark: 'batch',
      measure: `GET ${PROFILE} p99 while a batch runs (${m.database})`,
      value: duringP99,
      unit: 'ms',
      anchor: 'idle p99, same client',
      anchorValue: idleP99,
      ratio: profileRatio,
      better: 'lower',
      goal: 'ratio ≥ 0.50 (p99 at most doubles)',
      met: profileRatio >= 0.5,
    },
  );
}
const { input, render, output } = steps;
console.log(
  `\nImage steps an item takes that a direct call does not, one at a time in this process (mean of ${ITEMS} photos, wall / CPU): ` +
    `the tool's input check (decode, re-encode) ${fmt(input.ms, 0)} / ${fmt(input.cpuMs, 0)} ms, at the accept and again in the worker; ` +
    `the result's check and thumbnail when stored ${fmt(output.ms, 0)} / ${fmt(output.cpuMs, 0)} ms; ` +
    `together ${fmt(((2 * input.cpuMs + output.cpuMs) / render.cpuMs) * 100, 0)}% of the CPU of findFaces + renderThumbnail (${fmt(render.ms, 0)} / ${fmt(render.cpuMs, 0)} ms). ` +
    `All ${ITEMS} renders one at a time: ${sec(steps.renderTotalS)}, against ${PER_USER} at once in the tables above.`,
);
report(results);
process.exit(0);
