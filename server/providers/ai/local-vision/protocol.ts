/** Messages between local vision's main-thread client and its worker thread. */

/** An 8-bit RGB image, row-major, 3 bytes a pixel (already decoded and resized on the main thread). */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export type VisionRequest =
  | ({ id: number; kind: 'faces' } & RgbImage)
  | ({ id: number; kind: 'mask' } & RgbImage)
  | ({ id: number; kind: 'objects'; minScore: number } & RgbImage)
  | { id: number; kind: 'info' };

/** A box in the pixels of the image sent to the worker. */
export interface RawBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
  label?: string;
}

export interface VisionInfo {
  backend: string;
  /** @vladmandic/human's version and the tfjs-core version it runs on. */
  human: string;
  tfjs: string;
  /** How many times this worker loaded the models (1 once loaded: they are kept). */
  modelLoads: number;
  loadMs: number | null;
  /** model.json URLs the worker loaded (file:// in node_modules). */
  modelUrls: string[];
  /** The worker thread's nice value (Linux), or null where it could not be set. */
  nice: number | null;
  /** Calls to the network the worker refused. */
  blockedFetches: string[];
}

export type VisionReply =
  | { id: number; ok: true; kind: 'boxes'; boxes: RawBox[]; inferMs: number }
  /** width × height bytes, 0–255, white = person, at the size of the image sent. */
  | { id: number; ok: true; kind: 'mask'; mask: Uint8Array; inferMs: number }
  | { id: number; ok: true; kind: 'info'; info: VisionInfo }
  | { id: number; ok: false; message: string };
