/**
 * Main-thread side of local vision's worker: one long-lived worker thread, started on the first job.
 * The worker runs jobs one at a time in arrival order; this side keeps the pending ones by id. While
 * nothing is pending the worker is unref'd, so an idle worker never holds the process (or vitest) open.
 * A worker that dies fails its pending jobs with a ProviderError and the next job starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { ProviderError } from '../types.ts';
import type { RawBox, RgbImage, VisionInfo, VisionReply, VisionRequest } from './protocol.ts';
import { BACKGROUND_THREAD_PREFIX } from '../../../lib/thread-priority.ts';

const PROVIDER = 'Local engine';

type NewRequest = VisionRequest extends infer R ? (R extends VisionRequest ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (reply: VisionReply) => void;
  reject: (err: unknown) => void;
}

export class VisionWorker {
  private worker: Worker | undefined;
  private lastError: Error | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Worker threads started so far (a crashed one is replaced on the next job). */
  startedWorkers = 0;

  constructor(private readonly workerUrl: URL = new URL('./worker-bootstrap.mjs', import.meta.url)) {}

  /** Faces or objects in `image` (its pixel buffer is transferred to the worker). */
  async boxes(kind: 'faces' | 'objects', image: RgbImage, minScore = 0): Promise<{ boxes: RawBox[]; inferMs: number }> {
    const own = transferable(image);
    const reply = await this.submit(kind === 'faces' ? { kind, ...own } : { kind, minScore, ...own }, [own.rgb.buffer as ArrayBuffer]);
    if (reply.ok && reply.kind === 'boxes') return reply;
    throw unexpected();
  }

  /** The person mask of `image` at its size (its pixel buffer is transferred to the worker). */
  async mask(image: RgbImage): Promise<{ mask: Uint8Array; inferMs: number }> {
    const own = transferable(image);
    const reply = await this.submit({ kind: 'mask', ...own }, [own.rgb.buffer as ArrayBuffer]);
    if (reply.ok && reply.kind === 'mask') return reply;
    throw unexpected();
  }

  /** Loads the models if they are not yet, and answers what the worker runs on. */
  async info(): Promise<VisionInfo> {
    const reply = await this.submit({ kind: 'info' }, []);
    if (reply.ok && reply.kind === 'info') return reply.info;
    throw unexpected();
  }

  get threadId(): number | undefined {
    return this.worker?.threadId;
  }

  /** Stops the worker; pending jobs fail. The next job would start a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failPending(new ProviderError(PROVIDER, 'The local engine was shut down', undefined, 'server'));
    if (worker) await worker.terminate();
  }

  private submit(message: NewRequest, transfer: ArrayBuffer[]): Promise<VisionReply> {
    return new Promise<VisionReply>((resolve, reject) => {
      let worker: Worker;
      try {
        worker = this.ensureWorker();
      } catch (err) {
        reject(new ProviderError(PROVIDER, `The local engine could not start: ${(err as Error).message}`, undefined, 'server'));
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      worker.ref();
      try {
        worker.postMessage({ ...message, id }, transfer);
      } catch (err) {
        this.pending.delete(id);
        if (this.pending.size === 0) worker.unref();
        reject(new ProviderError(PROVIDER, `The local engine could not take the job: ${(err as Error).message}`, undefined, 'server'));
      }
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // execArgv empty: the worker must not inherit the parent's flags (vitest's, or a second tsx loader).
    const worker = new Worker(this.workerUrl, { name: `${BACKGROUND_THREAD_PREFIX}vision`, execArgv: [] });
    this.startedWorkers++;
    this.lastError = undefined;
    worker.on('message', (reply: VisionReply) => this.onReply(reply));
    worker.on('error', (err) => {
      this.lastError = err;
    });
    worker.on('exit', (code) => this.onExit(worker, code));
    this.worker = worker;
    return worker;
  }

  private onReply(reply: VisionReply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.ok) job.resolve(reply);
    else job.reject(new ProviderError(PROVIDER, `The local engine failed: ${reply.message}`, undefined, 'server'));
  }

  private onExit(worker: Worker, code: number): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const why = this.lastError?.message ?? `exit code ${code}`;
    this.failPending(new ProviderError(PROVIDER, `The local engine stopped while working (${why}). Please try again.`, undefined, 'server'));
  }

  private failPending(err: Error): void {
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) job.reject(err);
  }
}

/** The image with its pixels in an ArrayBuffer of their own, so it can be transferred (not copied twice). */
function transferable(image: RgbImage): RgbImage {
  const { rgb } = image;
  const whole = rgb.byteOffset === 0 && rgb.byteLength === rgb.buffer.byteLength && rgb.buffer instanceof ArrayBuffer;
  return { width: image.width, height: image.height, rgb: whole ? rgb : new Uint8Array(rgb) };
}

function unexpected(): ProviderError {
  return new ProviderError(PROVIDER, 'Unexpected reply from the local engine', undefined, 'server');
}
