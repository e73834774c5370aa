/**
 * The local engine's worker thread: tfjs + ESRGAN models, loaded once and kept. One job at a time,
 * in arrival order; an 'abort' message stops the running job between patches.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { blockedRequests, installNetworkGuard } from './network-guard.ts';
import type { WorkerReply, WorkerRequest, WorkerStartData } from './protocol.ts';
import { lowerThreadPriority } from '../../../lib/thread-priority.ts';
import { nextTurn } from '../../../lib/concurrency.ts';

/** The worker thread's nice value (0 normal … 19 lowest). */
const WORKER_NICE = 10;

installNetworkGuard();
const threadNice = lowerThreadPriority(WORKER_NICE);
// The engine (and tfjs) load after the guard is in place.
const engine = await import('./engine.ts');

const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');
const start = (workerData ?? {}) as WorkerStartData;
const cache = new engine.ModelCache();
const aborted = new Set<number>();

class JobAborted extends Error {}

async function handle(request: Exclude<WorkerRequest, { kind: 'abort' } | { kind: 'crash' }>): Promise<void> {
  const { id } = request;
  try {
    await engine.initBackend({ threads: start.threads });
    if (request.kind === 'info') {
      const { backend, threads } = engine.backendInfo();
      reply({ id, ok: true, kind: 'info', info: { backend, threads, nice: threadNice ?? null, modelPaths: await cache.loadedPaths(), blockedFetches: [...blockedRequests] } });
      return;
    }
    await nextTurn(); // an abort sent right after the job is seen before any work
    if (aborted.has(id)) throw new JobAborted();
    const loaded = await cache.get(request.family, request.scale);
    const started = performance.now();
    const out = await engine.upscaleRgb(loaded.model, request.scale, request.rgb, request.width, request.height, {
      patchSize: request.patchSize,
      padding: request.padding,
      betweenPatches: async (done, total) => {
        reply({ id, ok: true, kind: 'progress', done, total });
        await nextTurn();
        if (aborted.has(id)) throw new JobAborted();
      },
    });
    const rgb = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    reply(
      {
        id,
        ok: true,
        kind: 'upscale',
        width: request.width * request.scale,
        height: request.height * request.scale,
        rgb,
        label: loaded.resolved.label,
        modelPath: loaded.resolved.modelJsonPath,
        loadMs: loaded.loadMs,
        inferMs: performance.now() - started,
      },
      [rgb.buffer as ArrayBuffer],
    );
  } catch (err) {
    if (err instanceof JobAborted) reply({ id, ok: false, message: 'The upscale was cancelled', aborted: true });
    else reply({ id, ok: false, message: err instanceof Error ? err.message : String(err) });
  } finally {
    aborted.delete(id);
  }
}

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

let queue: Promise<void> = Promise.resolve();
port.on('message', (request: WorkerRequest) => {
  if (request.kind === 'abort') {
    aborted.add(request.id);
    return;
  }
  if (request.kind === 'crash') {
    setTimeout(() => {
      throw new Error('Crash requested');
    });
    return;
  }
  queue = queue.then(() => handle(request));
});
