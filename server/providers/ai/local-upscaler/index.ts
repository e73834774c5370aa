/**
 * The local engine's upscaler (DESIGN "The local AI engine"): it runs offline with what ships in npm.
 *
 * - fast: sharp (libvips) lanczos3 resize + a mild sharpen; no model.
 * - standard: ESRGAN slim (@upscalerjs/esrgan-slim), the x2 or x4 model.
 * - high_quality: ESRGAN medium (@upscalerjs/esrgan-medium), the x2 or x4 model.
 *
 * Decoding, alpha and PNG encoding use sharp on this thread (libvips works on libuv's pool, off the
 * event loop); the model runs in one worker thread (worker-client.ts), so the event loop stays free.
 * Large images go through the model in patches, so memory is bounded by the output plus one patch.
 */
import sharp, { type SharpenOptions } from 'sharp';
import type { UpscaleTier } from '../../../../contract/ai.ts';
import { type ImageResult, type ImageUpscaler, ProviderError, type UpscaleRequest } from '../types.ts';
import type { ModelFamily, ModelScale } from './models.ts';
import { EngineWorker } from './worker-client.ts';

/** The local upscaler's name (the upscale call's `provider`): it runs on this machine, with the local engine's deadline. */
export const LOCAL_UPSCALER = 'local';

const PROVIDER = 'Local engine';

/** Largest source for ×2 (2048×2048); ×4 allows a quarter of it (1024×1024), so outputs stay ≤ 4096×4096. */
export const DEFAULT_MAX_INPUT_PIXELS = 2048 * 2048;
/** Patch side fed to the model and the context cropped from each inner edge (see README numbers). */
export const DEFAULT_PATCH_SIZE = 192;
export const DEFAULT_PATCH_PADDING = 8;
/** The fast tier's sharpen level when the request asks for none. */
const FAST_TIER_SHARPEN = 3;

const FAMILY_BY_TIER: Record<Exclude<UpscaleTier, 'fast'>, ModelFamily> = { standard: 'slim', high_quality: 'medium' };

export interface LocalUpscalerOptions {
  /** Largest source image in pixels for ×2; ×4 allows a quarter of it. Default 2048×2048. */
  maxInputPixels?: number;
  /** Passed to tfjs-backend-wasm's setThreadsCount; tfjs ignores it under Node (single-threaded wasm). */
  threads?: number;
  /** Model patch side in source pixels, padding included (default 192). */
  patchSize?: number;
  /** Context pixels per inner patch edge (default 8; 16 gives bit-identical output to a whole-image pass). */
  patchPadding?: number;
  /**
   * The worker to run models in. Default: one worker shared by every local upscaler in the process
   * (the models take a core each way, so two would only compete); with `threads`, a worker of its own.
   */
  worker?: EngineWorker;
}

export interface LocalUpscaler extends ImageUpscaler {
  readonly worker: EngineWorker;
  /** The pixel limit for a scale factor. */
  maxInputPixelsFor(scale: number): number;
  /** Stops the worker thread if this upscaler has its own; the shared one stays (idle, it holds nothing open). */
  close(): Promise<void>;
}

/** Sharpen level 0–10 → sharp's unsharp mask (level 3 is mild, 10 strong). */
export function sharpenOptions(level: number): SharpenOptions {
  const s = Math.min(10, Math.max(0, level));
  return { sigma: 0.6 + 0.09 * s, m1: 0.1 * s, m2: 0.5 + 0.3 * s };
}

let shared: EngineWorker | undefined;

/** The process-wide engine worker (started on its first job). */
export function sharedEngineWorker(): EngineWorker {
  shared ??= new EngineWorker();
  return shared;
}

function fail(message: string, errorClass: 'server' | 'file_too_large' = 'server'): ProviderError {
  return new ProviderError(PROVIDER, message, undefined, errorClass);
}

function megapixels(pixels: number): string {
  return `${(pixels / 1e6).toFixed(1)} MP`;
}

export function createLocalUpscaler(options: LocalUpscalerOptions = {}): LocalUpscaler {
  const maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const patchSize = options.patchSize ?? DEFAULT_PATCH_SIZE;
  const padding = options.patchPadding ?? DEFAULT_PATCH_PADDING;
  if (padding * 2 >= patchSize) throw new Error('patchPadding must be less than half of patchSize');
  const ownWorker = !options.worker && options.threads !== undefined;
  const worker = options.worker ?? (ownWorker ? new EngineWorker({ threads: options.threads }) : sharedEngineWorker());
  const maxInputPixelsFor = (scale: number) => Math.floor((maxInputPixels * 4) / (scale * scale));

  async function upscale(request: UpscaleRequest): Promise<ImageResult> {
    const { scale, tier, signal, onProgress } = request;
    if (scale !== 2 && scale !== 4) throw fail(`The local engine upscales ×2 or ×4, not ×${scale}`);
    if (tier !== 'fast' && tier !== 'standard' && tier !== 'high_quality') throw fail(`Unknown quality tier ${String(tier)}`);
    signal?.throwIfAborted();
    const limit = maxInputPixelsFor(scale);

    let width: number;
    let height: number;
    let hasAlpha: boolean;
    try {
      const meta = await sharp(request.image.data, { autoOrient: true }).metadata();
      if (!meta.width || !meta.height) throw new Error('no dimensions');
      width = meta.autoOrient?.width ?? meta.width;
      height = meta.autoOrient?.height ?? meta.height;
      hasAlpha = meta.hasAlpha === true;
    } catch {
      throw fail('The image could not be read: the file is corrupt or not a supported image format.');
    }
    if (width * height > limit) {
      const side = Math.floor(Math.sqrt(limit));
      throw fail(
        `The image is too large for the local engine at ×${scale}: ${width}×${height} px (${megapixels(width * height)}); ` +
          `the limit is ${megapixels(limit)} (for example ${side}×${side} px). Resize it and try again.`,
        'file_too_large',
      );
    }
    const outWidth = width * scale;
    const outHeight = height * scale;
    const sharpenLevel = request.sharpen ?? 0;

    if (tier === 'fast') {
      try {
        const data = await sharp(request.image.data, { autoOrient: true, failOn: 'error' })
          .resize(outWidth, outHeight, { kernel: 'lanczos3', fit: 'fill' })
          .sharpen(sharpenOptions(sharpenLevel > 0 ? sharpenLevel : FAST_TIER_SHARPEN))
          .png()
          .toBuffer();
        signal?.throwIfAborted();
        return { data, mime: 'image/png', provider: PROVIDER, model: 'lanczos3 + sharpen (sharp)' };
      } catch (err) {
        if (signal?.aborted) throw err;
        throw fail('The image could not be read: the file is corrupt or not a supported image format.');
      }
    }

    // Decode to 8-bit sRGB (+ alpha), upright.
    let rgb: Uint8Array;
    let alpha: Buffer | undefined;
    try {
      const decoded = await sharp(request.image.data, { autoOrient: true, failOn: 'error' })
        .toColourspace('srgb')
        .ensureAlpha()
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      const { data, info } = decoded;
      if (info.channels !== 4 || info.width !== width || info.height !== height) throw new Error('unexpected decode');
      const pixels = width * height;
      rgb = new Uint8Array(pixels * 3);
      if (hasAlpha) alpha = Buffer.allocUnsafe(pixels);
      for (let i = 0, j = 0; i < pixels; i++, j += 4) {
        rgb[i * 3] = data[j]!;
        rgb[i * 3 + 1] = data[j + 1]!;
        rgb[i * 3 + 2] = data[j + 2]!;
        if (alpha) alpha[i] = data[j + 3]!;
      }
    } catch {
      throw fail('The image could not be read: the file is corrupt or not a supported image format.');
    }

    const reply = await worker.upscale(
      { family: FAMILY_BY_TIER[tier], scale: scale as ModelScale, width, height, rgb, patchSize, padding },
      signal,
      onProgress,
    );
    if (reply.width !== outWidth || reply.height !== outHeight) throw fail('The local engine returned an image of the wrong size');

    try {
      const raw = { width: outWidth, height: outHeight, channels: 3 as const };
      let out = Buffer.from(reply.rgb.buffer, reply.rgb.byteOffset, reply.rgb.byteLength);
      if (sharpenLevel > 0) out = await sharp(out, { raw }).sharpen(sharpenOptions(sharpenLevel)).raw().toBuffer();
      let image = sharp(out, { raw });
      if (alpha) {
        // ESRGAN takes RGB only: the alpha channel is resized with lanczos3 and joined back.
        const bigAlpha = await sharp(alpha, { raw: { width, height, channels: 1 } })
          .resize(outWidth, outHeight, { kernel: 'lanczos3', fit: 'fill' })
          .raw()
          .toBuffer();
        image = image.joinChannel(bigAlpha, { raw: { width: outWidth, height: outHeight, channels: 1 } });
      }
      const data = await image.png().toBuffer();
      return { data, mime: 'image/png', provider: PROVIDER, model: reply.label };
    } catch {
      throw fail('The local engine could not encode the upscaled image.');
    }
  }

  return {
    name: LOCAL_UPSCALER,
    capabilities: {
      scale_factors: [2, 4],
      quality_tiers: ['fast', 'standard', 'high_quality'],
      supports_creativity: false,
      supports_sharpen: true,
    },
    worker,
    maxInputPixelsFor,
    upscale,
    close: async () => {
      if (ownWorker) await worker.close();
    },
  };
}

export { EngineWorker } from './worker-client.ts';
