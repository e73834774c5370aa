/**
 * Export memory benchmark: builds the account ZIP (the real job, `privacy.buildExport`, into local storage) for users
 * with a growing total of stored files, generated on the fly, and prints peak RSS against the total size. Bounded
 * memory shows as a peak that stays flat while the total grows, so the ratio (extra RSS / total bytes) falls.
 * Run: `node --expose-gc --import tsx scripts/bench/export-memory.ts` (BENCH_EXPORT_MB=64,320 for the totals,
 * BENCH_EXPORT_FILE_MB=4 for the size of each file).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { dataExports, files } from '../../server/db/schema/index.ts';
import { createTestApp } from '../../server/test-support/app.ts';
import { fmt, report, table, type BenchResult } from './stats.ts';

const TOTALS_MB = (process.env.BENCH_EXPORT_MB ?? '64,320').split(',').map(Number);
const FILE_MB = Number(process.env.BENCH_EXPORT_FILE_MB ?? 4);
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

/** Random bytes, 64 KB at a time: the benchmark itself never holds a file either. */
function randomStream(bytes: number): Readable {
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, 64 * 1024);
      left -= n;
      this.push(randomBytes(n));
    },
  });
}

const t = await createTestApp();
const rows: Array<Record<string, string>> = [];
const results: BenchResult[] = [];
try {
  for (const totalMb of TOTALS_MB) {
    const user = await t.make.user();
    const count = Math.max(1, Math.round(totalMb / FILE_MB));
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const storageKey = `files/${user.userId}/${id}.png`;
      // Typed as an image, as a gallery's files are: the ZIP stores media as it is (random bytes would not deflate).
      const size = await t.app.services.storage.putStream(storageKey, randomStream(FILE_MB * MB), 'image/png');
      await t.database.db.insert(files).values({ id, userId: user.userId, entityType: 'upload', category: 'image', fileType: 'image/png', sizeBytes: size, storageKey });
    }
    const totalBytes = count * FILE_MB * MB;

    const started = await t.app.services.privacy.startExport(user.userId);
    gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const began = performance.now();
    await t.app.services.privacy.buildExport(started.id, { retryCount: 0, retryLimit: 0 });
    const ms = performance.now() - began;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const [done] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, started.id));
    if (done?.status !== 'ready') throw new Error(`export ended ${done?.status}: ${done?.error}`);

    rows.push({
      'files total': `${fmt(totalBytes / MB, 0)} MB (${count} × ${FILE_MB} MB)`,
      'zip size': `${fmt(done.sizeBytes! / MB, 1)} MB`,
      'RSS before': `${fmt(baseline / MB, 0)} MB`,
      'peak RSS': `${fmt(peak / MB, 0)} MB`,
      'peak - before': `${fmt((peak - baseline) / MB, 1)} MB`,
      'peak RSS / total': fmt(peak / totalBytes, 3),
      '(peak - before) / total': fmt((peak - baseline) / totalBytes, 4),
      time: `${fmt(ms / 1000, 1)} s (${fmt(totalBytes / MB / (ms / 1000), 0)} MB/s)`,
    });
    const growth = (peak - baseline) / totalBytes;
    results.push({
      benchmark: 'export-memory',
      measure: `account ZIP of ${fmt(totalBytes / MB, 0)} MB: RSS growth while building it`,
      value: (peak - baseline) / MB,
      unit: 'MB',
      anchor: 'the files total',
      anchorValue: totalBytes / MB,
      ratio: growth,
      better: 'lower',
      goal: 'growth < 10% of the total (memory bounded, not proportional)',
      met: growth < 0.1,
    });
    await t.app.services.storage.delete(done.storageKey!);
  }
} finally {
  await t.close();
}
console.log(`Account export (ZIP streamed into local storage), ${gc ? 'after a GC' : 'no --expose-gc'}; RSS sampled every 5 ms\n`);
console.log(table(rows));
report(results);
