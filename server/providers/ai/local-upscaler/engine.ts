/**
 * ESRGAN inference on @tensorflow/tfjs with the WebAssembly backend. This module does the heavy,
 * synchronous work: import it only in the upscale worker (worker.ts) or in a benchmark script, never
 * on the server's main thread.
 *
 * `upscaler`'s node entry requires @tensorflow/tfjs-node, which cannot install here (it downloads
 * libtensorflow), and its browser entry fetches models from a CDN. So we load the model packages'
 * model.json and weight shards from node_modules with fs, run them through tfjs directly, and reuse
 * upscaler's own patch geometry (getPatchesFromImage) for tiling. `createLibraryUpscaler` builds
 * upscaler's Upscaler class on plain tfjs for the benchmark's "direct" comparison.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { getThreadsCount, setThreadsCount } from '@tensorflow/tfjs-backend-wasm';
import { type ModelFamily, type ModelScale, type ResolvedModel, resolveModel } from './models.ts';

const require = createRequire(import.meta.url);

export { tf };

// ---- upscaler's shared (tfjs-agnostic) code, loaded from its CJS build without its node entry ----

export interface PatchCoordinates {
  origin: [number, number];
  size: [number, number];
}
export interface Patch {
  pre: PatchCoordinates;
  post: PatchCoordinates;
}
interface UpscalerShared {
  getPatchesFromImage(size: [number, number], patchSize: number, padding: number): Patch[][];
  getUpscaler(internals: Record<string, unknown>): new (opts: { model: unknown }) => LibraryUpscaler;
}
export interface LibraryUpscaler {
  ready: Promise<void>;
  upscale(
    input: tf.Tensor3D | tf.Tensor4D,
    options: { output: 'tensor'; patchSize?: number; padding?: number; awaitNextFrame?: boolean },
  ): Promise<tf.Tensor3D>;
  dispose(): Promise<void>;
}

let shared: UpscalerShared | undefined;
function upscalerShared(): UpscalerShared {
  if (!shared) {
    // 'upscaler/node' is exported for require; resolving it does not load it (loading needs tfjs-node).
    const nodeEntry = require.resolve('upscaler/node');
    shared = require(path.resolve(path.dirname(nodeEntry), '../../shared/index.js')) as UpscalerShared;
  }
  return shared;
}

export function getPatchesFromImage(width: number, height: number, patchSize: number, padding: number): Patch[][] {
  return upscalerShared().getPatchesFromImage([width, height], patchSize, padding);
}

// ---- backend ----

let backend: Promise<string> | undefined;

/**
 * Starts tfjs on the WebAssembly backend (SIMD build). `threads` goes to XNNPACK's thread pool, but
 * tfjs-backend-wasm turns multithreading off under Node (WASM_HAS_MULTITHREAD_SUPPORT is false there:
 * its pthread workers are started from blob: URLs, which Node's Worker rejects), so inference runs
 * on one core: the worker's.
 */
export function initBackend(options: { threads?: number; backend?: 'wasm' | 'cpu' } = {}): Promise<string> {
  backend ??= (async () => {
    if (options.threads && options.threads > 0) setThreadsCount(options.threads);
    const name = options.backend ?? 'wasm';
    if (!(await tf.setBackend(name))) throw new Error(`tfjs backend ${name} could not start`);
    await tf.ready();
    return tf.getBackend();
  })();
  return backend;
}

export function backendInfo(): { backend: string; threads: number } {
  const name = tf.getBackend();
  return { backend: name, threads: name === 'wasm' ? getThreadsCount() : 1 };
}

// ---- model loading from files ----

/** A tfjs IOHandler that reads a layers model (model.json + weight shards) from the file system. */
export function fileModelHandler(modelJsonPath: string): tf.io.IOHandler {
  return {
    async load() {
      const dir = path.dirname(modelJsonPath);
      const json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as {
        modelTopology: object;
        weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
        format?: string;
        generatedBy?: string;
        convertedBy?: string;
      };
      const weightSpecs: tf.io.WeightsManifestEntry[] = [];
      const shards: Buffer[] = [];
      for (const group of json.weightsManifest) {
        weightSpecs.push(...group.weights);
        for (const shard of group.paths) {
          const file = path.resolve(dir, shard);
          if (path.dirname(file) !== dir) throw new Error(`Weight shard outside the model folder: ${shard}`);
          shards.push(await readFile(file));
        }
      }
      const all = Buffer.concat(shards);
      return {
        modelTopology: json.modelTopology,
        weightSpecs,
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
      };
    },
  };
}

export interface LoadedModel {
  resolved: ResolvedModel;
  model: tf.LayersModel;
  loadMs: number;
}

/** Loads each (family, scale) model once and keeps it. */
export class ModelCache {
  private readonly models = new Map<string, Promise<LoadedModel>>();

  get(family: ModelFamily, scale: ModelScale): Promise<LoadedModel> {
    const key = `${family}-x${scale}`;
    let entry = this.models.get(key);
    if (!entry) {
      entry = (async () => {
        const resolved = resolveModel(family, scale);
        const started = performance.now();
        const model = await tf.loadLayersModel(fileModelHandler(resolved.modelJsonPath));
        return { resolved, model, loadMs: performance.now() - started };
      })();
      entry.catch(() => this.models.delete(key));
      this.models.set(key, entry);
    }
    return entry;
  }

  /** Paths of the models loaded so far. */
  async loadedPaths(): Promise<string[]> {
    const settled = await Promise.allSettled(this.models.values());
    return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.resolved.modelJsonPath] : []));
  }
}

// ---- tiled inference ----

export interface TileOptions {
  /** Side of the square patch fed to the model (input pixels), padding included. */
  patchSize: number;
  /** Context pixels on each inner side of a patch, cropped away after inference. */
  padding: number;
  /** Awaited between patches with how many are done of how many: lets the worker see an abort message and report progress; throw from it to stop. */
  betweenPatches?: (done: number, total: number) => Promise<void>;
}

/**
 * Upscales an 8-bit RGB image (row-major, 3 bytes a pixel) by the model's scale. The image goes
 * through the model in patches with upscaler's patch geometry, and each patch's centre is written
 * straight into the output bytes, so memory holds the input, the 8-bit output and one patch.
 */
export async function upscaleRgb(
  model: tf.LayersModel,
  scale: number,
  rgb: Uint8Array,
  width: number,
  height: number,
  options: TileOptions,
): Promise<Uint8ClampedArray> {
  if (rgb.length !== width * height * 3) throw new Error(`Expected ${width * height * 3} RGB bytes, got ${rgb.length}`);
  const outWidth = width * scale;
  const output = new Uint8ClampedArray(outWidth * height * scale * 3);
  const input = tf.tensor4d(rgb, [1, height, width, 3], 'float32');
  try {
    const rows = getPatchesFromImage(width, height, options.patchSize, options.padding);
    const total = rows.reduce((sum, row) => sum + row.length, 0);
    let done = 0;
    for (const row of rows) {
      for (const { pre, post } of row) {
        const patch = tf.tidy(() => {
          const slice = input.slice([0, pre.origin[0], pre.origin[1], 0], [1, pre.size[0], pre.size[1], 3]);
          const predicted = model.predict(slice) as tf.Tensor4D;
          return predicted.slice(
            [0, post.origin[0] * scale, post.origin[1] * scale, 0],
            [1, post.size[0] * scale, post.size[1] * scale, 3],
          );
        });
        const values = await patch.data<'float32'>();
        patch.dispose();
        // Uint8ClampedArray rounds and clamps the model's 0–255 floats.
        const patchWidth = post.size[1] * scale;
        const patchHeight = post.size[0] * scale;
        const top = (pre.origin[0] + post.origin[0]) * scale;
        const left = (pre.origin[1] + post.origin[1]) * scale;
        for (let y = 0; y < patchHeight; y++) {
          const src = y * patchWidth * 3;
          output.set(values.subarray(src, src + patchWidth * 3), ((top + y) * outWidth + left) * 3);
        }
        done++;
        if (options.betweenPatches) await options.betweenPatches(done, total);
      }
    }
  } finally {
    input.dispose();
  }
  return output;
}

/** The whole image through the model at once (no patches): for tests of the tiling. */
export async function upscaleRgbWhole(model: tf.LayersModel, rgb: Uint8Array, width: number, height: number): Promise<Uint8ClampedArray> {
  const out = tf.tidy(() => model.predict(tf.tensor4d(rgb, [1, height, width, 3], 'float32')) as tf.Tensor4D);
  const values = await out.data<'float32'>();
  out.dispose();
  return Uint8ClampedArray.from(values);
}

// ---- upscaler's own Upscaler class on plain tfjs (benchmark baseline) ----

/**
 * upscaler's Upscaler, built with its getUpscaler factory on @tensorflow/tfjs instead of tfjs-node,
 * with the model read from node_modules. Input: a [h, w, 3] tensor; output: a tensor.
 */
export function createLibraryUpscaler(resolved: ResolvedModel): LibraryUpscaler {
  const nodeEntry = require.resolve('upscaler/node');
  const { getUpscaleOptions } = require(path.resolve(path.dirname(nodeEntry), '../args.node.js')) as {
    getUpscaleOptions: (args: unknown) => unknown;
  };
  const Upscaler = upscalerShared().getUpscaler({
    tf,
    getUpscaleOptions,
    loadModel: async (_tf: unknown, definition: Promise<unknown>) => ({
      model: await tf.loadLayersModel(fileModelHandler(resolved.modelJsonPath)),
      modelDefinition: await definition,
    }),
    getImageAsTensor: async (_tf: unknown, input: tf.Tensor) => {
      if (input.rank === 3) {
        const expanded = input.expandDims(0);
        input.dispose();
        return expanded;
      }
      if (input.rank === 4) return input;
      throw new Error('Only rank 3 or 4 tensors are supported');
    },
    tensorAsBase64: () => {
      throw new Error('base64 output is not supported here');
    },
    checkValidEnvironment: () => {},
  });
  return new Upscaler({ model: resolved.definition });
}
