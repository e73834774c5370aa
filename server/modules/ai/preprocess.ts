import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { EXTEND_FILL_COLOR, MAX_SOURCE_SIDE, MOCKUP_ASPECT_TOLERANCE, type AspectRatio } from '../../../contract/ai.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { processImage, type ProcessedImage } from '../files/media.ts';

/**
 * Decodes base64 image data, bare or as a data URL: the one way a base64 image field enters the system.
 * Refuses what is not base64, and (413, as an upload of the same file is) what decodes to more than
 * `maxBytes` (UPLOAD_MAX_IMAGE_BYTES); callers decode before any credit hold. The JSON body limit bounds the decode.
 */
export function decodeImageData(value: string, field: string, maxBytes: number): Buffer {
  const base64 = value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) throw badRequest(`${field}: must be base64 image data`);
  const buffer = Buffer.from(base64, 'base64');
  if (buffer.length > maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${field}: the image is too large. The limit is ${Math.floor(maxBytes / 1024 / 1024)} MB.`);
  }
  if (buffer.length < 8) throw badRequest(`${field}: the image is empty`);
  return buffer;
}

/** The limits every AI input image is held to (UPLOAD_MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS), as an upload is. */
export interface ImageLimits {
  maxImageBytes: number;
  maxImagePixels: number;
}

export type CheckedImage = Omit<ProcessedImage, 'thumbnail'>;

/**
 * Checks answered by content for a while: a batch checks each image at its accept, and the worker that runs the item
 * checks the same bytes again (in the same process when one process runs both, as `npm start` does): 22 ms of CPU an
 * item. A check is a pure function of the text and the limits, so the second is answered from here. An entry is kept
 * `ttlMs`; past `maxBytes` of checked images nothing more is kept (the earlier items are the next to run) and a check
 * simply runs again. A refusal is never kept. The answer is shared: its buffer is read, never written.
 */
export function createCheckCache(options: { maxBytes: number; ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; bytes: number; result: Promise<CheckedImage> }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    async get(key: string, check: () => Promise<CheckedImage>): Promise<CheckedImage> {
      // Entries are in the order they were made: the expired ones are at the front.
      for (const [oldest, entry] of entries) {
        if (now() - entry.at < options.ttlMs) break;
        drop(oldest);
      }
      const kept = entries.get(key);
      if (kept) return kept.result;
      const result = check();
      const entry = { at: now(), bytes: 0, result };
      entries.set(key, entry);
      try {
        const checked = await result;
        if (entries.get(key) === entry) {
          if (bytes + checked.buffer.length > options.maxBytes) entries.delete(key);
          else {
            entry.bytes = checked.buffer.length;
            bytes += entry.bytes;
          }
        }
        return checked;
      } catch (err) {
        if (entries.get(key) === entry) entries.delete(key);
        throw err;
      }
    },
    /** Checked images kept, and their bytes. */
    size: () => ({ entries: entries.size, bytes }),
  };
}

const recentChecks = createCheckCache({ maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60_000 });

/**
 * Decodes a base64 image field and re-encodes it (type by content, pixel limit): how every AI input image enters.
 * No thumbnail: an input is never shown as a file. The same text under the same limits is checked once a while
 * (createCheckCache).
 */
export async function checkedImage(value: string, field: string, limits: ImageLimits): Promise<CheckedImage> {
  const key = createHash('sha256').update(`${field}\n${limits.maxImageBytes}\n${limits.maxImagePixels}\n`).update(value).digest('hex');
  return recentChecks.get(key, () => processImage(decodeImageData(value, field, limits.maxImageBytes), limits.maxImagePixels, { thumbnail: false }));
}

const hex = EXTEND_FILL_COLOR.replace('#', '');
const GREEN = { r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16), alpha: 1 };

export const ratioValue = (ratio: Exclude<AspectRatio, 'original'>) => {
  const [w, h] = ratio.split(':').map(Number);
  return w! / h!;
};

export interface Prepared {
  image: Buffer;
  width: number;
  height: number;
  /** What was done, for the prompt and debug mode. */
  steps: string[];
}

/**
 * Applies the morpher's edit mode and aspect ratio to the source, in this order: crop; extend (the new area
 * is filled with green #00FF00 for the model to paint); aspect ratio (cropped when within 15%, else padded with
 * green, so the model fills it: aspectFit); the longest side of the result is kept within 1536 px (the source is scaled before padding, never the
 * padded canvas after).
 */
export async function prepareSource(
  input: Buffer,
  options: {
    crop?: { x: number; y: number; width: number; height: number } | null;
    extend?: { direction: 'top' | 'bottom' | 'left' | 'right'; amount: 50 | 100 | 150 } | null;
    aspectRatio: AspectRatio;
  },
): Promise<Prepared> {
  let image = sharp(input);
  let { width, height } = await sharp(input).metadata().then((m) => ({ width: m.width!, height: m.height! }));
  const steps: string[] = [];

  if (options.crop) {
    const c = options.crop;
    if (c.x + c.width > width || c.y + c.height > height) {
      throw badRequest(`cropData: the crop must stay within the image (${width}x${height})`);
    }
    image = sharp(await image.extract({ left: c.x, top: c.y, width: c.width, height: c.height }).png().toBuffer());
    ({ width, height } = { width: c.width, height: c.height });
    steps.push(`cropped to ${width}x${height}`);
  }

  // The canvas after extending and padding is known from the numbers alone. When it will be scaled down to
  // MAX_SOURCE_SIDE anyway, scale the source first: padding a wide 40 MP image to 9:16 at full size would
  // build gigapixel intermediates (seconds of work, then sharp's input limit).
  const canvas = plannedCanvas(width, height, options);
  const scale = MAX_SOURCE_SIDE / Math.max(canvas.width, canvas.height);
  let resized = false;
  if (scale < 1) {
    width = Math.max(1, Math.round(width * scale));
    height = Math.max(1, Math.round(height * scale));
    image = sharp(await image.resize(width, height, { fit: 'fill' }).png().toBuffer());
    resized = true;
  }

  if (options.extend) {
    const { direction, amount } = options.extend;
    const horizontal = direction === 'left' || direction === 'right';
    const add = Math.round(((horizontal ? width : height) * amount) / 100);
    image = sharp(await image.extend({ [direction]: add, background: GREEN }).png().toBuffer());
    if (horizontal) width += add;
    else height += add;
    steps.push(`extended ${direction} by ${amount}% (green area to fill)`);
  }

  const fit = aspectFit(width, height, options.aspectRatio);
  if (fit.mode === 'crop') {
    image = sharp(
      await image
        .extract({ left: Math.floor((width - fit.width) / 2), top: Math.floor((height - fit.height) / 2), width: fit.width, height: fit.height })
        .png()
        .toBuffer(),
    );
    ({ width, height } = fit);
    steps.push(`cropped to ${options.aspectRatio}`);
  } else if (fit.mode === 'pad') {
    const padX = fit.width - width;
    const padY = fit.height - height;
    image = sharp(
      await image
        .extend({
          left: Math.floor(padX / 2),
          right: Math.ceil(padX / 2),
          top: Math.floor(padY / 2),
          bottom: Math.ceil(padY / 2),
          background: GREEN,
        })
        .png()
        .toBuffer(),
    );
    width += padX;
    height += padY;
    steps.push(`padded to ${options.aspectRatio} (green area to fill)`);
  }

  if (Math.max(width, height) > MAX_SOURCE_SIDE) {
    image = image.resize(MAX_SOURCE_SIDE, MAX_SOURCE_SIDE, { fit: 'inside' });
    const rest = MAX_SOURCE_SIDE / Math.max(width, height);
    width = Math.round(width * rest);
    height = Math.round(height * rest);
    resized = true;
  }
  if (resized) steps.push(`resized to ${width}x${height}`);
  return { image: await image.png().toBuffer(), width, height, steps };
}

/** The size after the extension and the aspect-ratio padding, computed as prepareSource does them. */
function plannedCanvas(
  width: number,
  height: number,
  options: { extend?: { direction: 'top' | 'bottom' | 'left' | 'right'; amount: 50 | 100 | 150 } | null; aspectRatio: AspectRatio },
): { width: number; height: number } {
  if (options.extend) {
    const horizontal = options.extend.direction === 'left' || options.extend.direction === 'right';
    const add = Math.round(((horizontal ? width : height) * options.extend.amount) / 100);
    if (horizontal) width += add;
    else height += add;
  }
  const fit = aspectFit(width, height, options.aspectRatio);
  return { width: fit.width, height: fit.height };
}

/**
 * How an image of width x height reaches an aspect ratio (spec 2 §9, as mockups do): when the shapes are within
 * MOCKUP_ASPECT_TOLERANCE (15%) the middle is cropped to the ratio, further apart the image is padded (green, for the
 * model to paint); nothing when already within 1%.
 */
export function aspectFit(width: number, height: number, ratio: AspectRatio): { mode: 'none' | 'crop' | 'pad'; width: number; height: number } {
  if (ratio === 'original') return { mode: 'none', width, height };
  const target = ratioValue(ratio);
  const current = width / height;
  const apart = Math.abs(current - target) / target;
  if (apart <= 0.01) return { mode: 'none', width, height };
  // Rounded to a thousandth so a shape exactly 15% away (1150x1000 against 1:1) is not lost to floating point.
  if (Math.round(apart * 1000) / 1000 <= MOCKUP_ASPECT_TOLERANCE) {
    return current > target
      ? { mode: 'crop', width: Math.min(width, Math.max(1, Math.round(height * target))), height }
      : { mode: 'crop', width, height: Math.min(height, Math.max(1, Math.round(width / target))) };
  }
  return current < target ? { mode: 'pad', width: Math.round(height * target), height } : { mode: 'pad', width, height: Math.round(width / target) };
}

/** The instruction sent to the model, from the user's words and the variability. */
export function morphPrompt(userPrompt: string, variability: number, steps: string[]): string {
  const closeness =
    variability <= 3 ? 'Stay very close to the original composition, subject and colours.'
    : variability <= 7 ? 'Keep the subject recognisable; composition, lighting and details may change.'
    : 'Reimagine the image freely; only the core idea needs to remain.';
  const fill = steps.some((s) => s.includes('green'))
    ? ' Paint every pure green (#00FF00) area as a seamless, natural continuation of the image; no green may remain.'
    : '';
  const wish = userPrompt.trim() ? ` The user asks: ${userPrompt.trim()}` : ' Create a fresh variation of this image.';
  return `Create a variation of the provided image. ${closeness}${fill}${wish}`;
}
