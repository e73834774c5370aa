/**
 * A thread of the effect pool (pool.ts): renders one request at a time with render.ts and answers the PNG, or the
 * error's message. Runs at a lower CPU priority, so on a busy machine the server's main thread wins the CPU.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../../../lib/thread-priority.ts';
import type { EffectReply, EffectRequest } from './pool.ts';
import { renderEffects } from './render.ts';

/** As the upscale and vision workers' (0 normal … 19 lowest). */
const WORKER_NICE = 10;

lowerThreadPriority(WORKER_NICE);
const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');

port.on('message', async (request: EffectRequest) => {
  let reply: EffectReply;
  try {
    const png = await renderEffects(Buffer.from(request.image), request.effectIds, {
      ...request.options,
      subjectMask: request.options.subjectMask ? Buffer.from(request.options.subjectMask) : undefined,
    });
    reply = { ok: true, png };
  } catch (err) {
    reply = { ok: false, message: (err as Error).message ?? String(err) };
  }
  port.postMessage(reply);
});
