/**
 * Files benchmark.
 * 1. Thumbnail of a 12 MP JPEG: our pipeline (checks, re-encode, thumbnail) vs a direct sharp resize, and vs
 *    ImageMagick's `convert` when installed (the real one, not a stand-in).
 * 2. GET /api/files/list p95 with 100,000 files for one user: first page, a deep page by OFFSET, and the same
 *    depth by keyset cursor.
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
import { fmt, percentile, table, timeEach } from './stats.ts';

const ROWS = Number(process.env.BENCH_FILES ?? 100_000);
const RUNS = 8;

// --- 1. thumbnails ---------------------------------------------------------------------------------------
const width = 4000;
const height = 3000;
const noise = Buffer.alloc(width * height * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-bench-'));
const jpegPath = path.join(tmp, 'in.jpg');
fs.writeFileSync(jpegPath, jpeg);

const direct = await timeEach(RUNS, () => sharp(jpeg).resize(512, 512, { fit: 'inside' }).webp({ quality: 80 }).toBuffer());
const ours = await timeEach(RUNS, () => processImage(jpeg, 40_000_000));
const thumbOnly = await timeEach(RUNS, () => makeThumbnail(jpeg));
const rows: Array<Record<string, string>> = [
  { what: 'direct sharp resize to 512 px WebP (baseline)', 'median ms': fmt(percentile(direct.samples, 50), 0), ratio: '1.00' },
  { what: 'our thumbnail step alone', 'median ms': fmt(percentile(thumbOnly.samples, 50), 0), ratio: fmt(percentile(thumbOnly.samples, 50) / percentile(direct.samples, 50)) },
  { what: 'our whole pipeline (check, re-encode, thumbnail)', 'median ms': fmt(percentile(ours.samples, 50), 0), ratio: fmt(percentile(ours.samples, 50) / percentile(direct.samples, 50)) },
];
let convertIsReal = false;
try {
  convertIsReal = /ImageMagick/.test(execFileSync('convert', ['-version'], { encoding: 'utf8' }));
} catch {
  /* not installed */
}
if (convertIsReal) {
  const out = path.join(tmp, 'out.webp');
  const im = await timeEach(RUNS, async () => execFileSync('convert', [jpegPath, '-resize', '512x512', '-quality', '80', out]));
  rows.push({ what: "ImageMagick 'convert -resize 512x512'", 'median ms': fmt(percentile(im.samples, 50), 0), ratio: fmt(percentile(im.samples, 50) / percentile(direct.samples, 50)) });
} else {
  rows.push({ what: "ImageMagick 'convert' (not installed: apt-get install imagemagick)", 'median ms': '-', ratio: '-' });
}
console.log(`Thumbnail of a ${width}x${height} (12 MP) JPEG of ${(jpeg.length / 1e6).toFixed(1)} MB, median of ${RUNS}\n`);
console.log(table(rows));
fs.rmSync(tmp, { recursive: true, force: true });

// --- 2. listing 100,000 files ----------------------------------------------------------------------------
const t = await createTestApp();
try {
  const user = await t.signIn('bench@example.com');
  const start = Date.now();
  await t.database.db.execute(sql`
    insert into files (user_id, entity_type, category, file_type, size_bytes, storage_key, tool_name, prompt, created_at, expires_at)
    select ${user.userId}::uuid, 'generated_image', 'image', 'image/png', 1000,
           'files/' || ${user.userId} || '/' || g || '.png', case when g % 2 = 0 then 'image-variator' else 'mockup-generator' end,
           'prompt ' || g, now() - (g || ' seconds')::interval, now() + interval '30 days'
    from generate_series(1, ${ROWS}) g`);
  await t.database.db.execute(sql`analyze files`);
  console.log(`\nInserted ${ROWS} files in ${((Date.now() - start) / 1000).toFixed(1)} s (${t.database.kind})`);

  const list = (query: string) => t.call('GET', `/api/files/list?${query}`, { session: user });
  const deep = Math.floor(ROWS / 2);
  // The keyset cursor for the deep page: the row just before that offset.
  const result = await t.database.db.execute(sql`
    select created_at, id from files where user_id = ${user.userId}::uuid and category = 'image'
    order by created_at desc, id desc offset ${deep - 1} limit 1`);
  const anchorRow = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]))[0] as { created_at: string | Date; id: string };
  const cursor = Buffer.from(`${new Date(anchorRow.created_at).toISOString()}|${anchorRow.id}`).toString('base64url');
  const N = 60;
  const cases: Array<[string, string]> = [
    ['first page (24)', 'limit=24'],
    ['first page, one tool', 'limit=24&tool=mockup-generator'],
    [`page at offset ${deep}`, `limit=24&offset=${deep}`],
    [`same depth by cursor`, `limit=24&cursor=${cursor}`],
  ];
  const listRows = [];
  for (const [name, query] of cases) {
    const res = await list(query);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    const timing = await timeEach(N, () => list(query));
    listRows.push({ request: name, 'p50 ms': fmt(percentile(timing.samples, 50)), 'p95 ms': fmt(percentile(timing.samples, 95)) });
  }
  console.log(`GET /api/files/list with ${ROWS} files for one user, ${N} requests each (through inject, session and CSRF checks included)\n`);
  console.log(table(listRows));
} finally {
  await t.close();
}
