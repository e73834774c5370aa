/**
 * Preparing an image before it is sent (spec 2 §9): at most 1536 px on the longest side, JPEG quality 0.92.
 * Only PNG, JPG and WEBP are accepted (spec 2 §5).
 */
import { MAX_SOURCE_SIDE, SOURCE_JPEG_QUALITY } from '../../contract/ai.ts';

export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** For `<input type="file" accept>`. */
export const ACCEPT_IMAGES = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';
export const UPLOAD_TYPE_ERROR = 'Only PNG, JPG and WEBP images are supported.';
export const UPLOAD_READ_ERROR = 'This image could not be read. Please try another file.';

const EXTENSIONS = /\.(png|jpe?g|webp)$/i;

/** PNG, JPG or WEBP by type, or by extension when the browser gives no type. */
export function isAcceptedImage(file: { type: string; name: string }): boolean {
  if (file.type) return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return EXTENSIONS.test(file.name);
}

/** The size that fits within `max` on the longest side, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, max: number = MAX_SOURCE_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width: Math.round(width), height: Math.round(height) };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 'data:image/jpeg;base64,AAAA' → 'AAAA' */
export const stripDataUrl = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1);

/** An image ready to send: what is shown is exactly what is sent, so crop and mask coordinates match. */
export interface SourceImage {
  /** data:image/jpeg;base64,… */
  dataUrl: string;
  mimeType: 'image/jpeg';
  width: number;
  height: number;
  name: string;
}

/** Decodes an image file upright (EXIF orientation applied); `close` frees it. Throws what the browser throws. */
export async function decodeImage(blob: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(blob);
  const img = new Image();
  img.src = url;
  await img.decode();
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

/** What `drawToCanvas` draws: a region of the decoded image, scaled to a canvas of width x height. */
export interface CanvasPlan {
  region: { x: number; y: number; width: number; height: number };
  width: number;
  height: number;
}

/**
 * Decodes an image and draws the region `plan` chooses (from the image's upright size) onto a new canvas of the plan's
 * size, on `fill` (white by default: JPEG has no transparency; null keeps transparency). Each tool gives its own
 * messages: `read` when the image cannot be decoded, `context` when the canvas has no 2D context.
 */
export async function drawToCanvas(
  blob: Blob,
  plan: (width: number, height: number) => CanvasPlan,
  messages: { read: string; context: string },
  fill: string | null = '#ffffff',
): Promise<HTMLCanvasElement> {
  let decoded;
  try {
    decoded = await decodeImage(blob);
  } catch (error) {
    throw new Error(messages.read, { cause: error });
  }
  try {
    const { region, width, height } = plan(decoded.width, decoded.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error(messages.context);
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fillRect(0, 0, width, height);
    }
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(decoded.source, region.x, region.y, region.width, region.height, 0, 0, width, height);
    return canvas;
  } finally {
    decoded.close();
  }
}

/** A blob as a data URL; `message` when it cannot be read. */
export function blobToDataUrl(blob: Blob, message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(message));
    reader.readAsDataURL(blob);
  });
}

/** The whole image, at most 1536 px on its longest side (a drawToCanvas plan). */
export const fitWhole = (width: number, height: number): CanvasPlan => ({ region: { x: 0, y: 0, width, height }, ...fitWithin(width, height) });

/** Draws the image at most 1536 px on its longest side on white (JPEG has no transparency) and encodes it as JPEG 0.92. */
export async function prepareSourceImage(blob: Blob, name = 'image'): Promise<SourceImage> {
  const canvas = await drawToCanvas(blob, fitWhole, { read: UPLOAD_READ_ERROR, context: UPLOAD_READ_ERROR });
  return { dataUrl: canvas.toDataURL('image/jpeg', SOURCE_JPEG_QUALITY), mimeType: 'image/jpeg', width: canvas.width, height: canvas.height, name };
}

/** Loads an image the app serves (a result or a gallery image) and prepares it as a source. */
export async function prepareSourceFromUrl(url: string, name = 'image'): Promise<SourceImage> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return prepareSourceImage(await response.blob(), name);
}
