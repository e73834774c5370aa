/**
 * The images of a batch as the panel keeps them: a picked file, prepared the way the single tools prepare a photo
 * (at most 1536 px, JPEG), or a gallery image sent by its id. A file the browser cannot decode is still sent as it is,
 * under its own name: the server checks every item and refuses such a one by name, before anything is held.
 */
import { BATCH_ITEM_NAME_MAX, BATCH_MAX_ITEMS, type BatchItemInput } from '../../../../contract/batches.ts';
import type { GalleryItem } from '../../../../contract/files.ts';
import { blobToDataUrl, prepareSourceImage, stripDataUrl, UPLOAD_READ_ERROR } from '../../../lib/image-resize.ts';

type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

export type BatchPick =
  | { key: string; source: 'file'; name: string; preview: string | null; imageData: string; mimeType: ImageMime }
  | { key: string; source: 'gallery'; name: string; preview: string; uuid: string };

export const BATCH_PICK_MESSAGES = {
  tooMany: `A batch takes at most ${BATCH_MAX_ITEMS} images.`,
  noPreview: 'No preview · checked at start',
} as const;

let nextKey = 1;
const newKey = () => `pick-${nextKey++}`;

function mimeOf(file: File): ImageMime {
  const type = file.type.toLowerCase();
  if (type === 'image/png' || type === 'image/webp' || type === 'image/jpeg') return type;
  if (/\.png$/i.test(file.name)) return 'image/png';
  if (/\.webp$/i.test(file.name)) return 'image/webp';
  return 'image/jpeg';
}

/** A picked file as a batch item: resized like a single tool's photo, or as it is when it cannot be decoded here. */
export async function prepareBatchFile(file: File): Promise<BatchPick> {
  try {
    const image = await prepareSourceImage(file, file.name);
    return { key: newKey(), source: 'file', name: file.name, preview: image.dataUrl, imageData: stripDataUrl(image.dataUrl), mimeType: image.mimeType };
  } catch {
    const dataUrl = await blobToDataUrl(file, UPLOAD_READ_ERROR);
    return { key: newKey(), source: 'file', name: file.name, preview: null, imageData: stripDataUrl(dataUrl), mimeType: mimeOf(file) };
  }
}

export function galleryPick(item: GalleryItem): BatchPick {
  return { key: `gallery-${item.id}`, source: 'gallery', name: item.prompt || item.title, preview: item.image, uuid: item.id };
}

/** What POST /api/batches sends for each image. */
export function itemInput(pick: BatchPick): BatchItemInput {
  return pick.source === 'gallery' ? { image_uuid: pick.uuid } : { imageData: pick.imageData, mimeType: pick.mimeType, name: pick.name.slice(0, BATCH_ITEM_NAME_MAX) };
}
