/**
 * Files benchmark.
 * 1. Thumbnail of a 12 MP JPEG: our pipeline (checks, re-encode, thumbnail) vs a direct sharp resize, and vs
 *    ImageMagick (`magick`, or a `convert` that is the real one, not a stand-in) when installed.
 * 2. GET /api/files/list p95 with 100,000 files for one user, on PGlite and on PostgreSQL (BENCH_DATABASE_URL or
 *    TEST_DATABASE_URL; the test app makes and drops its own database there): first page, one tool's first page, a
 *    deep page by OFFSET, and the same depth by keyset cursor. Goal: first page and cursor page p95 < 20 ms.
 * Run: `node --import tsx scripts/bench/files.ts` (BENCH_FILES=… to change the row count).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { makeThumbnail, processImage } from '../../server/modules/files/media.ts';
import { createTestApp } from '../../server/test-support/app.ts';
import { benchPostgresUrl } from './scratch-postgres.ts';
import { fmt, percentile, ratioOf, report, table, timeEach, type BenchResult } from './stats.ts';

const ROWS = Number(process.env.BENCH_FILES ?? 100_000);
const RUNS = 8;
const LIST_GOAL_MS = 20;
const results: BenchResult[] = [];

// --- 1. thumbnails ---------------------------------------------------------------------------------------
const width = 4000;
const height = 3000;
const noise = Buffer.alloc(width * height * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-bench-'));
const jpegPath = path.join(tmp, 'in.jpg');
fs.writeFileSync(jpegPath, jpeg);

const median = (samples: number[]) => percentile(samples, 50);
const direct = await timeEach(RUNS, () => sharp(jpeg).resize(512, 512, { fit: 'inside' }).webp({ quality: 80 }).toBuffer());
const ours = await timeEach(RUNS, () => processImage(jpeg, 40_000_000));
const thumbOnly = await timeEach(RUNS, () => makeThumbnail(jpeg));
const rows: Array<Record<string, string>> = [
  { what: 'direct sharp resize to 512 px WebP (baseline)', 'median ms': fmt(median(direct.samples), 0), ratio: '1.00' },
  { what: 'our thumbnail step alone', 'median ms': fmt(median(thumbOnly.samples), 0), ratio: fmt(median(thumbOnly.samples) / median(direct.samples)) },
  { what: 'our whole pipeline (check, re-encode, thumbnail)', 'median ms': fmt(median(ours.samples), 0), ratio: fmt(median(ours.samples) / median(direct.samples)) },
];
results.push(
  {
    benchmark: 'files',
    measure: 'thumbnail of a 12 MP JPEG, our step, median ms',
    value: Number(fmt(median(thumbOnly.samples), 1)),
    unit: 'ms',
    anchor: 'direct sharp resize to 512 px WebP',
    anchorValue: Number(fmt(median(direct.samples), 1)),
    ratio: Number(ratioOf(median(thumbOnly.samples), median(direct.samples), 'lower').toFixed(2)),
    better: 'lower',
  },
  {
    benchmark: 'files',
    measure: 'upload pipeline of a 12 MP JPEG (check, re-encode, thumbnail), median ms',
    value: Number(fmt(median(ours.samples), 1)),
    unit: 'ms',
    anchor: 'direct sharp resize to 512 px WebP',
    anchorValue: Number(fmt(median(direct.samples), 1)),
    ratio: Number(ratioOf(median(ours.samples), median(direct.samples), 'lower').toFixed(2)),
    better: 'lower',
  },
);
/** ImageMagick 7's `magick`, else a `convert` that says it is ImageMagick (a stand-in on PATH does not). */
function imageMagick(): string[] | null {
  for (const command of [['magick'], ['convert'], ['/usr/bin/convert']]) {
    try {
      if (/ImageMagick/.test(execFileSync(command[0]!, ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))) return command;
    } catch {
      /* not this one */
    }
  }
  return null;
}
const magick = imageMagick();
if (magick) {
  const out = path.join(tmp, 'out.webp');
  const im = await timeEach(RUNS, async () => execFileSync(magick[0]!, [jpegPath, '-resize', '512x512', '-quality', '80', out]));
  rows.push({ what: `ImageMagick '${path.basename(magick[0]!)} -resize 512x512'`, 'median ms': fmt(median(im.samples), 0), ratio: fmt(median(im.samples) / median(direct.samples)) });
  results.push({
    benchmark: 'files',
    measure: 'thumbnail of a 12 MP JPEG, our step, median ms (vs ImageMagick)',
    value: Number(fmt(median(thumbOnly.samples), 1)),
    unit: 'ms',
    anchor: 'ImageMagick -resize 512x512 to WebP',
    anchorValue: Number(fmt(median(im.samples), 1)),
    ratio: Number(ratioOf(median(thumbOnly.samples), median(im.samples), 'lower').toFixed(2)),
    better: 'lower',
  });
} else {
  rows.push({ what: 'ImageMagick (not installed: apt-get install imagemagick)', 'median ms': '-', ratio: '-' });
}
console.log(`Thumbnail of a ${width}x${height} (12 MP) JPEG of ${(jpeg.length / 1e6).toFixed(1)} MB, median of ${RUNS}\n`);
console.log(table(rows));
fs.rmSync(tmp, { recursive: true, force: true });

// --- 2. listing 100,000 files ----------------------------------------------------------------------------
async function listBench(name: string) {
  const t = await createTestApp();
  try {
    const user = await t.signIn('bench@example.com');
    const start = Date.now();
    // Times to the millisecond, as the app writes them (a JavaScript Date).
    await t.database.db.execute(sql`
      insert into files (user_id, entity_type, category, file_type, size_bytes, storage_key, tool_name, prompt, created_at, expires_at)
      select ${user.userId}::uuid, 'generated_image', 'image', 'image/png', 1000,
             'files/' || ${user.userId} || '/' || g || '.png', case when g % 2 = 0 then 'image-variator' else 'mockup-generator' end,
             'prompt ' || g, date_trunc('milliseconds', now()) - (g || ' seconds')::interval, now() + interval '30 days'
      from generate_series(1, ${ROWS}) g`);
    await t.database.db.execute(sql`analyze files`);
    console.log(`\nInserted ${ROWS} files in ${((Date.now() - start) / 1000).toFixed(1)} s (${name})`);

    const list = (query: string) => t.call('GET', `/api/files/list?${query}`, { session: user });
    const deep = Math.floor(ROWS / 2);
    // The keyset cursor for the deep page: what the page before it answers as nextCursor.
    const before = await list(`limit=24&offset=${deep - 24}`);
    const cursor = (JSON.parse(before.body) as { data: { pagination: { nextCursor: string } } }).data.pagination.nextCursor;
    const N = 100;
    const cases: Array<[string, string]> = [
      ['first page (24)', 'limit=24'],
      ['first page, one tool', 'limit=24&tool=mockup-generator'],
      [`page at offset ${deep}`, `limit=24&offset=${deep}`],
      ['same depth by cursor', `limit=24&cursor=${cursor}`],
    ];
    const p95: Record<string, number> = {};
    const listRows = [];
    for (const [request, query] of cases) {
      for (let i = 0; i < 5; i++) {
        const res = await list(query);
        if (res.statusCode !== 200) throw new Error(`${request}: ${res.statusCode} ${res.body}`);
      }
      const timing = await timeEach(N, () => list(query));
      p95[request] = percentile(timing.samples, 95);
      listRows.push({ database: name, request, 'p50 ms': fmt(percentile(timing.samples, 50)), 'p95 ms': fmt(p95[request]!) });
    }
    // The deep page by cursor must be the rows the same depth by offset answers.
    const byOffset = JSON.parse((await list(`limit=24&offset=${deep}`)).body) as { data: { files: Array<{ id: string }> } };
    const byCursor = JSON.parse((await list(`limit=24&cursor=${cursor}`)).body) as { data: { files: Array<{ id: string }> } };
    if (JSON.stringify(byOffset.data.files.map((f) => f.id)) !== JSON.stringify(byCursor.data.files.map((f) => f.id))) {
      throw new Error('the cursor page differs from the offset page at the same depth');
    }
    const figure = (request: string, measure: string, goal: boolean): BenchResult => ({
      benchmark: 'files',
      measure: `GET /api/files/list, ${ROWS} files, ${measure} (${name}) p95`,
      value: Number(fmt(p95[request]!)),
      unit: 'ms',
      better: 'lower',
      ...(goal ? { goal: `p95 < ${LIST_GOAL_MS} ms`, met: p95[request]! < LIST_GOAL_MS } : {}),
    });
    results.push(
      figure('first page (24)', 'first page', true),
      figure('same depth by cursor', `page at depth ${deep} by cursor`, true),
      figure('first page, one tool', "one tool's first page", false),
      figure(`page at offset ${deep}`, `page at offset ${deep}`, false),
    );
    return listRows;
  } finally {
    await t.close();
  }
}

const listRows = await listBench('PGlite');
const postgresUrl = benchPostgresUrl();
if (postgresUrl) {
  // createTestApp makes its own database on that server (TEST_DB=postgres) and drops it when closed.
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = postgresUrl;
  listRows.push(...(await listBench('PostgreSQL')));
} else {
  console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too)');
}
console.log(`\nGET /api/files/list with ${ROWS} files for one user (through inject, session and CSRF checks included); goal: first and cursor page p95 < ${LIST_GOAL_MS} ms\n`);
console.log(table(listRows));
report(results);
