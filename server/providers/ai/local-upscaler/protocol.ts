/** Messages between the local engine's main-thread client and its worker thread. */
import type { ModelFamily, ModelScale } from './models.ts';

export interface WorkerStartData {
  threads?: number;
}

export type WorkerRequest =
  | {
      id: number;
      kind: 'upscale';
      family: ModelFamily;
      scale: ModelScale;
      width: number;
      height: number;
      /** width × height × 3 bytes, RGB. */
      rgb: Uint8Array;
      patchSize: number;
      padding: number;
    }
  | { id: number; kind: 'info' }
  /** Throws an uncaught error inside the worker: lets tests prove a crashed worker is replaced. */
  | { id: number; kind: 'crash' }
  | { kind: 'abort'; id: number };

export interface UpscaleReply {
  id: number;
  ok: true;
  kind: 'upscale';
  width: number;
  height: number;
  /** (width × height × 3) bytes, RGB. */
  rgb: Uint8Array;
  label: string;
  modelPath: string;
  loadMs: number;
  inferMs: number;
}

export interface WorkerInfo {
  backend: string;
  threads: number;
  /** The worker thread's nice value (Linux), or null where it could not be set. */
  nice: number | null;
  /** model.json paths of the models loaded so far. */
  modelPaths: string[];
  /** Calls to fetch() the worker refused (it never goes to the network). */
  blockedFetches: string[];
}

export type WorkerReply =
  | UpscaleReply
  /** Not an answer: how far a running upscale is (patches done of all); more messages follow. */
  | { id: number; ok: true; kind: 'progress'; done: number; total: number }
  | { id: number; ok: true; kind: 'info'; info: WorkerInfo }
  | { id: number; ok: false; message: string; aborted?: boolean };
