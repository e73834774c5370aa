import { THUMBNAIL_MESSAGES, THUMBNAIL_SIZE } from '../../../contract/thumbnail.ts';
import { blobToDataUrl, drawToCanvas } from '../../lib/image-resize.ts';

/** The centred 16:9 region of a width x height image (spec 3 §5: the image is centre-cropped to 16:9). */
export function centre16x9(width: number, height: number): { x: number; y: number; width: number; height: number } {
  const ratio = THUMBNAIL_SIZE.width / THUMBNAIL_SIZE.height;
  if (width / height > ratio) {
    const w = Math.round(height * ratio);
    return { x: Math.floor((width - w) / 2), y: 0, width: w, height };
  }
  const h = Math.round(width / ratio);
  return { x: 0, y: Math.floor((height - h) / 2), width, height: h };
}

export interface ThumbnailFrame {
  /** data:image/png;base64,… of the 1280x720 frame: what is shown is what is sent. */
  dataUrl: string;
  /** A 256x144 JPEG of it for the history: a few KB in localStorage instead of the PNG's megabytes ('' if unavailable). */
  preview: string;
  name: string;
}

const PREVIEW_WIDTH = 256;

function smallCopy(canvas: HTMLCanvasElement): string {
  const small = document.createElement('canvas');
  small.width = PREVIEW_WIDTH;
  small.height = Math.round((PREVIEW_WIDTH * THUMBNAIL_SIZE.height) / THUMBNAIL_SIZE.width);
  const ctx = small.getContext('2d');
  if (!ctx) return '';
  ctx.drawImage(canvas, 0, 0, small.width, small.height);
  return small.toDataURL('image/jpeg', 0.7);
}

/** Crops an image to its centred 16:9 region and resizes it to 1280x720 PNG in the browser (spec 3 §5, §8 messages). */
export async function cropToFrame(blob: Blob, name = 'image'): Promise<ThumbnailFrame> {
  const canvas = await drawToCanvas(
    blob,
    (width, height) => ({ region: centre16x9(width, height), ...THUMBNAIL_SIZE }),
    { read: THUMBNAIL_MESSAGES.loadFailed, context: THUMBNAIL_MESSAGES.noContext },
    null,
  );
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!png) throw new Error(THUMBNAIL_MESSAGES.noBlob);
  return { dataUrl: await blobToDataUrl(png, THUMBNAIL_MESSAGES.noBlob), preview: smallCopy(canvas), name };
}
