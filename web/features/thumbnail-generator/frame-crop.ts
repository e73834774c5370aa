import { SOURCE_JPEG_QUALITY } from '../../../contract/ai.ts';
import { THUMBNAIL_MESSAGES } from '../../../contract/thumbnail.ts';
import { blobToDataUrl, drawToCanvas, fitWithin, type CanvasPlan } from '../../lib/image-resize.ts';

/**
 * Longest side of the photo sent for a thumbnail. The whole photo goes: the engine frames it at 16:9 around the face
 * (a centred 16:9 band of a portrait cut through the eyes and the top of the head); at this size a 9:16 phone
 * portrait still gives a 16:9 frame wider than the 1280 px thumbnail.
 */
export const FRAME_SOURCE_SIDE = 2560;

/** The whole photo, at most FRAME_SOURCE_SIDE on its longest side (a drawToCanvas plan). */
export const wholePhoto = (width: number, height: number): CanvasPlan => ({ region: { x: 0, y: 0, width, height }, ...fitWithin(width, height, FRAME_SOURCE_SIDE) });

export interface ThumbnailFrame {
  /** data:image/jpeg;base64,… of the whole photo: what is shown is what is sent, and the engine frames it. */
  dataUrl: string;
  /** A copy at most 256 px on its longest side for the history: a few KB in localStorage ('' if unavailable). */
  preview: string;
  name: string;
}

const PREVIEW_SIDE = 256;

function smallCopy(canvas: HTMLCanvasElement): string {
  const small = document.createElement('canvas');
  const size = fitWithin(canvas.width, canvas.height, PREVIEW_SIDE);
  small.width = size.width;
  small.height = size.height;
  const ctx = small.getContext('2d');
  if (!ctx) return '';
  ctx.drawImage(canvas, 0, 0, small.width, small.height);
  return small.toDataURL('image/jpeg', 0.7);
}

/** Draws the whole photo (upright, at most FRAME_SOURCE_SIDE) on white as a JPEG in the browser (spec 3 §8 messages). */
export async function photoForFrame(blob: Blob, name = 'image'): Promise<ThumbnailFrame> {
  const canvas = await drawToCanvas(blob, wholePhoto, { read: THUMBNAIL_MESSAGES.loadFailed, context: THUMBNAIL_MESSAGES.noContext });
  const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', SOURCE_JPEG_QUALITY));
  if (!jpeg) throw new Error(THUMBNAIL_MESSAGES.noBlob);
  return { dataUrl: await blobToDataUrl(jpeg, THUMBNAIL_MESSAGES.noBlob), preview: smallCopy(canvas), name };
}
