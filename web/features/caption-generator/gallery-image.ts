/** Turns a gallery image into the caption's input (spec 3 §2, §8, §9): fetched, drawn on a canvas, JPEG at 0.9. */
import { blobToDataUrl, drawToCanvas, fitWhole, type SourceImage } from '../../lib/image-resize.ts';
import { CAPTION_GALLERY_MESSAGES } from './api.ts';

export const GALLERY_JPEG_QUALITY = 0.9;

/** Each step fails with its own message, so the user (and a bug report) says where it broke. */
export async function loadGalleryImage(url: string, name: string): Promise<SourceImage> {
  let blob: Blob;
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await response.blob();
  } catch (error) {
    throw new Error(CAPTION_GALLERY_MESSAGES.selectLoad, { cause: error });
  }
  const canvas = await drawToCanvas(
    blob,
    fitWhole,
    { read: CAPTION_GALLERY_MESSAGES.selectProcess, context: CAPTION_GALLERY_MESSAGES.selectCanvas },
  );
  const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', GALLERY_JPEG_QUALITY));
  if (!jpeg) throw new Error(CAPTION_GALLERY_MESSAGES.selectConvert);
  return { dataUrl: await blobToDataUrl(jpeg, CAPTION_GALLERY_MESSAGES.selectConvert), mimeType: 'image/jpeg', width: canvas.width, height: canvas.height, name };
}
