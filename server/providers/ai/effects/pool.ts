/**
 * The effect pool: a few worker threads that run the effect library's pixel passes (render.ts), so a local render
 * never blocks the event loop that answers HTTP (a thumbnail's grade took up to 120 ms of it). Threads start on the
 * first request and stay; each runs one request at a time and the rest wait in arrival order. A thread that dies
 * fails its request and is replaced by the next one. Idle threads do not keep the process alive.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EffectOptions } from './render.ts';

export interface EffectRequest {
  image: Uint8Array;
  effectIds: string[];
  options: EffectOptions;
}

export type EffectReply = { ok: true; png: Uint8Array } | { ok: false; message: string };

interface Job {
  request: EffectRequest;
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | undefined;
  lastError?: Error;
}

/** One thread per core, at most 4: the renders of a user's batch (BATCH_CONCURRENCY_PER_USER) run side by side. */
export const EFFECT_THREADS = Math.max(1, Math.min(4, os.availableParallelism()));

export class EffectPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  /** How many threads were started so far (tests check that a dead one is replaced). */
  startedThreads = 0;

  constructor(
    private readonly size = EFFECT_THREADS,
    private readonly workerUrl = new URL('./worker-bootstrap.mjs', import.meta.url),
  ) {}

  run(request: EffectRequest): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.next();
    });
  }

  /** Stops every thread; waiting requests fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('The effect pool was shut down'));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private next(): void {
    while (this.queue.length > 0) {
      const thread = this.threads.find((t) => !t.job) ?? (this.threads.length < this.size ? this.start() : undefined);
      if (!thread) return;
      const job = this.queue.shift()!;
      thread.job = job;
      thread.worker.ref();
      thread.worker.postMessage(job.request);
    }
  }

  private start(): Thread {
    // execArgv empty: the thread must not inherit the parent's flags (vitest's, or a second tsx loader).
    const worker = new Worker(this.workerUrl, { execArgv: [] });
    const thread: Thread = { worker, job: undefined };
    this.startedThreads++;
    worker.unref();
    worker.on('message', (reply: EffectReply) => {
      const job = thread.job;
      thread.job = undefined;
      worker.unref();
      if (job) {
        if (reply.ok) job.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
        else job.reject(new Error(`The effect failed: ${reply.message}`));
      }
      this.next();
    });
    worker.on('error', (err) => {
      thread.lastError = err;
    });
    worker.on('exit', (code) => {
      const at = this.threads.indexOf(thread);
      if (at >= 0) this.threads.splice(at, 1);
      const why = thread.lastError?.message ?? `exit code ${code}`;
      thread.job?.reject(new Error(`The effect thread stopped while working (${why})`));
      thread.job = undefined;
      this.next();
    });
    this.threads.push(thread);
    return thread;
  }
}

let shared: EffectPool | undefined;

/** The process's effect pool, started on first use. */
export function sharedEffectPool(): EffectPool {
  shared ??= new EffectPool();
  return shared;
}
