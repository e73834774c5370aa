/**
 * The render pool: a few worker threads that run the local engine's image work (renders.ts: the effect library's
 * pixel passes, a whole local thumbnail), so it never blocks the event loop that answers HTTP (a thumbnail's grade
 * took up to 120 ms of it) and its large intermediate buffers never weigh on that thread's garbage collector. Threads
 * start on the first request and stay; each runs one request at a time and the rest wait in arrival order. A thread
 * that dies fails its request and is replaced by the next one. Idle threads do not keep the process alive.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { BACKGROUND_THREAD_PREFIX } from '../../../lib/thread-priority.ts';

/** The renders a pool thread runs (renders.ts maps each to its function). */
export type RenderKind = 'effects' | 'thumbnail';

export interface RenderRequest {
  kind: RenderKind;
  input: unknown;
}

/** A result's Buffers arrive as plain Uint8Arrays (structured clone): the caller wraps what it reads as a Buffer. */
export type RenderReply = { ok: true; result: unknown } | { ok: false; message: string };

interface Job {
  request: RenderRequest;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | undefined;
  lastError?: Error;
}

/** One thread per core, at most 4: the renders of a user's batch (BATCH_CONCURRENCY_PER_USER) run side by side. */
export const RENDER_THREADS = Math.max(1, Math.min(4, os.availableParallelism()));

export class RenderPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  /** How many threads were started so far (tests check that a dead one is replaced). */
  startedThreads = 0;

  constructor(
    private readonly size = RENDER_THREADS,
    private readonly workerUrl = new URL('./worker-bootstrap.mjs', import.meta.url),
  ) {}

  /** Runs the render `kind` on a pool thread; its answer as the thread sent it (Buffers as plain Uint8Arrays). */
  run<T>(kind: RenderKind, input: unknown): Promise<T> {
    return new Promise<unknown>((resolve, reject) => {
      this.queue.push({ request: { kind, input }, resolve, reject });
      this.next();
    }) as Promise<T>;
  }

  /** Stops every thread; waiting requests fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('The render pool was shut down'));
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
    const worker = new Worker(this.workerUrl, { name: `${BACKGROUND_THREAD_PREFIX}render`, execArgv: [] });
    const thread: Thread = { worker, job: undefined };
    this.startedThreads++;
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      const job = thread.job;
      thread.job = undefined;
      worker.unref();
      if (job) {
        if (reply.ok) job.resolve(reply.result);
        else job.reject(new Error(`The render failed: ${reply.message}`));
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
      thread.job?.reject(new Error(`The render thread stopped while working (${why})`));
      thread.job = undefined;
      this.next();
    });
    this.threads.push(thread);
    return thread;
  }
}

let shared: RenderPool | undefined;

/** The process's render pool, started on first use. */
export function sharedRenderPool(): RenderPool {
  shared ??= new RenderPool();
  return shared;
}

/** A Buffer over bytes a render answered (they arrive as a plain Uint8Array): a view, no copy. */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
