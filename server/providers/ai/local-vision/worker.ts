/**
 * Local vision's worker thread: human + its models, loaded once on the first job and kept. Jobs run
 * one at a time in arrival order. The network is cut off before tfjs or human load (a model or wasm
 * binary that tried a CDN fails loudly instead).
 */
import { parentPort } from 'node:worker_threads';
import { blockedRequests, installNetworkGuard } from '../local-upscaler/network-guard.ts';
import { lowerThreadPriority } from '../../../lib/thread-priority.ts';
import type { VisionReply, VisionRequest } from './protocol.ts';

/** The worker thread's nice value (0 normal … 19 lowest), as the upscale worker's. */
const WORKER_NICE = 10;

installNetworkGuard();
const threadNice = lowerThreadPriority(WORKER_NICE);
const { createVisionEngine } = await import('./human.ts');

const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');

let engine: ReturnType<typeof createVisionEngine> | undefined;
let modelLoads = 0;

function loadEngine(): ReturnType<typeof createVisionEngine> {
  if (!engine) {
    modelLoads++;
    engine = createVisionEngine();
    // A failed load is retried by the next job rather than cached.
    engine.catch(() => {
      engine = undefined;
    });
  }
  return engine;
}

async function handle(request: VisionRequest): Promise<void> {
  const { id } = request;
  try {
    const vision = await loadEngine();
    const started = performance.now();
    switch (request.kind) {
      case 'info':
        reply({
          id,
          ok: true,
          kind: 'info',
          info: {
            backend: vision.tf.getBackend(),
            human: vision.human.version,
            tfjs: vision.tf.version_core,
            modelLoads,
            loadMs: vision.loadMs,
            modelUrls: [...vision.modelUrls],
            nice: threadNice ?? null,
            blockedFetches: [...blockedRequests],
          },
        });
        return;
      case 'faces':
        reply({ id, ok: true, kind: 'boxes', boxes: await vision.faces(request), inferMs: performance.now() - started });
        return;
      case 'objects':
        reply({ id, ok: true, kind: 'boxes', boxes: await vision.objects(request, request.minScore), inferMs: performance.now() - started });
        return;
      case 'mask': {
        const mask = await vision.mask(request);
        reply({ id, ok: true, kind: 'mask', mask, inferMs: performance.now() - started }, [mask.buffer as ArrayBuffer]);
        return;
      }
    }
  } catch (err) {
    reply({ id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
}

function reply(message: VisionReply, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

let queue: Promise<void> = Promise.resolve();
port.on('message', (request: VisionRequest) => {
  queue = queue.then(() => handle(request));
});
