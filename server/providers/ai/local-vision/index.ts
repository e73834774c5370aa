/**
 * Offline faces, person cut-out and objects for the local engine's tools (headshot face check and
 * cut-out, thumbnail face-aware crop, caption object tags): @vladmandic/human on tfjs's WebAssembly
 * backend, its models read from node_modules (never the network). See README.md for models and timings.
 *
 * This side (main thread) decodes with sharp (libvips works on libuv's pool, off the event loop),
 * shrinks the image to a model-friendly size, sends the RGB pixels to one worker thread that runs the
 * models (worker-client.ts), and maps boxes and the mask back to the image's own pixels.
 *
 * Coordinates are those of the image as displayed: EXIF orientation applied, as `sharp(image).rotate()`
 * (or `autoOrient()`) gives it. For an image without an orientation tag that is simply its pixels.
 */
import sharp from 'sharp';
import { ProviderError } from '../types.ts';
import type { Box, LocalVision } from './port.ts';
import type { RawBox, RgbImage } from './protocol.ts';
import { VisionWorker } from './worker-client.ts';

// The interfaces live in port.ts (types.ts names LocalVision without importing this file); callers keep importing
// them from here.
export type { Box, Detection, Face, LocalVision } from './port.ts';

const PROVIDER = 'Local engine';

/** Longest side sent to the face detector and object detector (the models work at 128–512 px inside). */
const DETECT_MAX_SIDE = 640;
/** Longest side sent to the selfie segmentation model (256 px inside); the mask is scaled back up. */
const MASK_MAX_SIDE = 512;
/**
 * Default object floor. The issue suggested ~0.5, but centernet's scores run low: coffee.jpg's cup, an
 * obvious single object, scores 0.45 (and chelsea.jpg's cat is called a "dog" at 0.45): so 0.4, and
 * callers must treat labels as hints.
 */
export const DEFAULT_OBJECT_MIN_SCORE = 0.4;

interface Prepared {
  /** The image as displayed (orientation applied). */
  width: number;
  height: number;
  /** What the worker gets: the same image shrunk to fit maxSide (for faces, at the top left of a grey square). */
  small: RgbImage;
  /** The size of the image inside `small` (smaller than it when padded to a square). */
  content: { width: number; height: number };
}

/**
 * The face models look at a square: given a 16:9 or 9:16 picture they stretch it, and the box comes back inflated by
 * up to the aspect ratio (the astronaut's face, 362 px high in a 1280x720 thumbnail, got a 546 px box reaching the
 * frame's bottom; a 9:16 portrait's 204 px face a 274 px box) and a turned face in a wide frame is missed. So the
 * faces see the image on a grey square, its pixels unstretched.
 */
function padToSquare(image: RgbImage): RgbImage {
  const side = Math.max(image.width, image.height);
  if (image.width === image.height) return image;
  const rgb = new Uint8Array(side * side * 3).fill(128);
  for (let y = 0; y < image.height; y++) rgb.set(image.rgb.subarray(y * image.width * 3, (y + 1) * image.width * 3), y * side * 3);
  return { width: side, height: side, rgb };
}

/** Decodes any format sharp reads to 8-bit sRGB, orientation applied, shrunk to fit `maxSide`. */
async function prepare(image: Buffer, maxSide: number): Promise<Prepared> {
  let width: number;
  let height: number;
  try {
    const meta = await sharp(image).metadata();
    width = meta.autoOrient.width;
    height = meta.autoOrient.height;
  } catch (err) {
    throw new ProviderError(PROVIDER, `The image could not be read: ${(err as Error).message}`, undefined, 'server');
  }
  const { data, info } = await sharp(image)
    .autoOrient()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  // A copy: sharp's buffers live outside V8's heap and cannot be transferred to the worker.
  if (info.channels !== 3) throw new ProviderError(PROVIDER, `Unexpected ${info.channels}-channel image after decoding`, undefined, 'server');
  return { width, height, small: { width: info.width, height: info.height, rgb: new Uint8Array(data) }, content: { width: info.width, height: info.height } };
}

/** A box from the shrunk image back to the original's pixels (rounded, kept inside the image). */
function scaleBox(box: RawBox, prepared: Prepared): Box {
  const sx = prepared.width / prepared.content.width;
  const sy = prepared.height / prepared.content.height;
  const x = Math.max(0, Math.min(prepared.width, Math.round(box.x * sx)));
  const y = Math.max(0, Math.min(prepared.height, Math.round(box.y * sy)));
  const right = Math.max(x, Math.min(prepared.width, Math.round((box.x + box.width) * sx)));
  const bottom = Math.max(y, Math.min(prepared.height, Math.round((box.y + box.height) * sy)));
  return { x, y, width: right - x, height: bottom - y };
}

export interface LocalVisionService extends LocalVision {
  readonly worker: VisionWorker;
  /** Stops the worker thread (the next call starts a new one and loads the models again). */
  close(): Promise<void>;
}

export function createLocalVision(worker: VisionWorker = new VisionWorker()): LocalVisionService {
  return {
    worker,
    async faces(image) {
      const unpadded = await prepare(image, DETECT_MAX_SIDE);
      const prepared = { ...unpadded, small: padToSquare(unpadded.small) };
      const { boxes } = await worker.boxes('faces', prepared.small);
      return boxes.map((box) => ({ ...scaleBox(box, prepared), score: box.score })).filter((face) => face.width > 0 && face.height > 0);
    },
    async objects(image, minScore = DEFAULT_OBJECT_MIN_SCORE) {
      if (!(minScore >= 0 && minScore <= 1)) throw new RangeError(`minScore must be between 0 and 1, got ${minScore}`);
      const prepared = await prepare(image, DETECT_MAX_SIDE);
      const { boxes } = await worker.boxes('objects', prepared.small, minScore);
      return boxes
        .map((box) => ({ ...scaleBox(box, prepared), label: box.label ?? 'object', score: box.score }))
        .filter((detection) => detection.width > 0 && detection.height > 0);
    },
    async personMask(image) {
      const prepared = await prepare(image, MASK_MAX_SIDE);
      const { mask } = await worker.mask(prepared.small);
      return sharp(Buffer.from(mask.buffer, mask.byteOffset, mask.byteLength), { raw: { width: prepared.small.width, height: prepared.small.height, channels: 1 } })
        .resize(prepared.width, prepared.height, { fit: 'fill', kernel: 'linear' })
        .toColourspace('b-w')
        .png()
        .toBuffer();
    },
    close: () => worker.close(),
  };
}

let shared: LocalVisionService | undefined;

/** Process-wide: one worker thread, started on the first call; the models load once, on that call. */
export function getLocalVision(): LocalVision {
  return sharedLocalVision();
}

/** The same process-wide instance, with its worker (tests and benchmarks: info, close). */
export function sharedLocalVision(): LocalVisionService {
  shared ??= createLocalVision();
  return shared;
}
