/**
 * Main-thread side of the local engine's worker: one long-lived worker thread, started on the first
 * job, running jobs one at a time in arrival order. A worker that dies is dropped, its job fails
 * with a ProviderError, and the next job starts a new one. The worker does not keep the process
 * alive while idle.
 */
import { Worker } from 'node:worker_threads';
import { ProviderError } from '../types.ts';
import type { UpscaleReply, WorkerInfo, WorkerReply, WorkerRequest, WorkerStartData } from './protocol.ts';
import { BACKGROUND_THREAD_PREFIX } from '../../../lib/thread-priority.ts';

const PROVIDER = 'Local engine';

type UpscaleJob = Omit<Extract<WorkerRequest, { kind: 'upscale' }>, 'id' | 'kind'>;
type JobRequest = Exclude<WorkerRequest, { kind: 'abort' }>;
/** A request without its id (distributes over the union, unlike a plain Omit). */
type NewRequest = JobRequest extends infer R ? (R extends JobRequest ? Omit<R, 'id'> : never) : never;

interface Job {
  id: number;
  message: JobRequest;
  transfer: ArrayBuffer[];
  resolve: (reply: WorkerReply) => void;
  reject: (err: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  onProgress?: (fraction: number) => void;
}

export interface EngineWorkerOptions {
  /** XNNPACK threads for the wasm backend (tfjs ignores it under Node: see engine.ts). */
  threads?: number;
  /** The worker module; defaults to worker-bootstrap.mjs beside this file (tsx, then worker.ts). */
  workerUrl?: URL;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

export class EngineWorker {
  private worker: Worker | undefined;
  private lastError: Error | undefined;
  private current: Job | undefined;
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** How many worker threads were started so far (tests check that a crashed one is replaced). */
  startedWorkers = 0;

  constructor(private readonly options: EngineWorkerOptions = {}) {}

  /** Runs an upscale in the worker. `job.rgb`'s buffer is transferred (copied first if it is a view of a larger one). */
  upscale(job: UpscaleJob, signal?: AbortSignal, onProgress?: (fraction: number) => void): Promise<UpscaleReply> {
    const whole = job.rgb.byteOffset === 0 && job.rgb.byteLength === job.rgb.buffer.byteLength && job.rgb.buffer instanceof ArrayBuffer;
    const rgb = whole ? job.rgb : new Uint8Array(job.rgb);
    return this.submit({ kind: 'upscale', ...job, rgb }, [rgb.buffer as ArrayBuffer], signal, onProgress) as Promise<UpscaleReply>;
  }

  async info(): Promise<WorkerInfo> {
    const reply = await this.submit({ kind: 'info' }, []);
    if (reply.ok && reply.kind === 'info') return reply.info;
    throw new ProviderError(PROVIDER, 'Unexpected reply from the local engine', undefined, 'server');
  }

  /** Test hook: makes the worker throw an uncaught error while the queue keeps going. */
  crashForTest(): void {
    this.worker?.postMessage({ id: 0, kind: 'crash' } satisfies WorkerRequest);
  }

  get threadId(): number | undefined {
    return this.worker?.threadId;
  }

  /** Stops the worker; queued jobs fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const job of this.queue.splice(0)) this.settle(job, () => job.reject(new ProviderError(PROVIDER, 'The local engine was shut down', undefined, 'server')));
    if (worker) await worker.terminate();
  }

  private submit(message: NewRequest, transfer: ArrayBuffer[], signal?: AbortSignal, onProgress?: (fraction: number) => void): Promise<WorkerReply> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<WorkerReply>((resolve, reject) => {
      const id = this.nextId++;
      const job: Job = { id, message: { ...message, id } as Job['message'], transfer, resolve, reject, signal, onProgress };
      if (signal) {
        job.onAbort = () => {
          const queued = this.queue.indexOf(job);
          if (queued >= 0) {
            this.queue.splice(queued, 1);
            this.settle(job, () => reject(abortReason(signal)));
          } else if (this.current === job) {
            this.worker?.postMessage({ kind: 'abort', id } satisfies WorkerRequest);
          }
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  private settle(job: Job, fn: () => void): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    fn();
  }

  private pump(): void {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      return;
    }
    let worker: Worker;
    try {
      worker = this.ensureWorker();
    } catch (err) {
      this.settle(job, () => job.reject(new ProviderError(PROVIDER, `The local engine could not start: ${(err as Error).message}`, undefined, 'server')));
      this.pump();
      return;
    }
    this.current = job;
    worker.ref();
    worker.postMessage(job.message, job.transfer);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // A plain .mjs entry that registers tsx and imports worker.ts: on Node 20, `execArgv: ['--import',
    // 'tsx']` does not reach a worker's own entry file ("Unknown file extension .ts"). execArgv is
    // empty so the worker does not inherit the parent's flags (vitest's, or a second tsx loader).
    const url = this.options.workerUrl ?? new URL('./worker-bootstrap.mjs', import.meta.url);
    const worker = new Worker(url, { name: `${BACKGROUND_THREAD_PREFIX}upscale`, execArgv: [], workerData: { threads: this.options.threads } satisfies WorkerStartData });
    this.startedWorkers++;
    this.lastError = undefined;
    worker.on('message', (reply: WorkerReply) => this.onReply(reply));
    worker.on('error', (err) => {
      this.lastError = err;
    });
    worker.on('exit', (code) => this.onExit(worker, code));
    this.worker = worker;
    return worker;
  }

  private onReply(reply: WorkerReply): void {
    const job = this.current;
    if (!job || job.id !== reply.id) return;
    if (reply.ok && reply.kind === 'progress') {
      // A hint for the status route: a listener's failure is not the upscale's.
      try {
        job.onProgress?.(reply.total > 0 ? reply.done / reply.total : 0);
      } catch {
        /* ignored */
      }
      return;
    }
    this.current = undefined;
    if (reply.ok) this.settle(job, () => job.resolve(reply));
    else if (reply.aborted && job.signal) this.settle(job, () => job.reject(abortReason(job.signal!)));
    else this.settle(job, () => job.reject(new ProviderError(PROVIDER, `The local engine failed: ${reply.message}`, undefined, 'server')));
    this.pump();
  }

  private onExit(worker: Worker, code: number): void {
    if (this.worker === worker) this.worker = undefined;
    const job = this.current;
    if (job) {
      this.current = undefined;
      const why = this.lastError?.message ?? `exit code ${code}`;
      this.settle(job, () =>
        job.reject(new ProviderError(PROVIDER, `The local engine stopped while working (${why}). Please try again.`, undefined, 'server')),
      );
    }
    this.pump();
  }
}
