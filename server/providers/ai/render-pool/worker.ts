/**
 * A thread of the render pool (pool.ts): runs one render at a time (renders.ts) and answers its result, or the error's
 * message. Runs at a lower CPU priority, so on a busy machine the server's main thread wins the CPU.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../../../lib/thread-priority.ts';
import type { RenderReply, RenderRequest } from './pool.ts';
import { RENDERS } from './renders.ts';

/** As the upscale and vision workers' (0 normal … 19 lowest). */
const WORKER_NICE = 10;

lowerThreadPriority(WORKER_NICE);
const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');

port.on('message', async (request: RenderRequest) => {
  let reply: RenderReply;
  try {
    const render = RENDERS[request.kind] as (input: unknown) => Promise<unknown>;
    reply = { ok: true, result: await render(request.input) };
  } catch (err) {
    reply = { ok: false, message: (err as Error).message ?? String(err) };
  }
  port.postMessage(reply);
});
