/**
 * Event-loop lag while the local upscaler works: a 10 ms timer's delay (what a request arriving meanwhile
 * waits) during a standard ×2 upscale in the worker thread, and during the same model on the main thread.
 * The absolute figures live here; worker.test.ts asserts only the ratio against its in-test control, so a
 * loaded machine cannot fail it. Times are printed, not asserted.
 * Run: `node --import tsx scripts/bench/event-loop-lag.ts` (BENCH_SIZE=256).
 */
import { initBackend, ModelCache, upscaleRgbWhole } from '../../server/providers/ai/local-upscaler/engine.ts';
import { createLocalUpscaler } from '../../server/providers/ai/local-upscaler/index.ts';
import { makeTestImage, rawRgb } from '../../server/providers/ai/local-upscaler/test-image.ts';
import { fmt, percentile, table } from './stats.ts';

const SIZE = Number(process.env.BENCH_SIZE ?? 256);
const INTERVAL_MS = 10;

async function lagsDuring(work: () => Promise<unknown>) {
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - last - INTERVAL_MS));
    last = now;
  }, INTERVAL_MS);
  const started = performance.now();
  await work();
  // The timer fires once the thread is free again: that sample is the wait the work caused.
  await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL_MS));
  clearInterval(timer);
  return { seconds: (performance.now() - started) / 1000, lags };
}

const png = await makeTestImage(SIZE, SIZE);
const rgb = await rawRgb(png);
const upscaler = createLocalUpscaler();
await upscaler.upscale({ image: { data: await makeTestImage(24, 16), mime: 'image/png' }, scale: 2, tier: 'standard' });
const inWorker = await lagsDuring(() => upscaler.upscale({ image: { data: png, mime: 'image/png' }, scale: 2, tier: 'standard' }));
await upscaler.close();

await initBackend();
const { model } = await new ModelCache().get('slim', 2);
const onMain = await lagsDuring(() => upscaleRgbWhole(model, new Uint8Array(rgb.data), rgb.width, rgb.height));

const row = (where: string, m: typeof inWorker) => ({
  where,
  seconds: fmt(m.seconds),
  samples: m.lags.length,
  'p50 ms': fmt(percentile(m.lags, 50), 1),
  'p99 ms': fmt(percentile(m.lags, 99), 1),
  'max ms': fmt(Math.max(...m.lags), 1),
});
console.log(`event-loop lag during ESRGAN slim ×2 of ${SIZE}×${SIZE}`);
console.log(table([row('worker thread', inWorker), row('main thread', onMain)]));
