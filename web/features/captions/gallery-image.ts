/** Turns a gallery image into the caption's input (spec 3 §2, §8, §9): fetched, drawn on a canvas, JPEG at 0.9. */
import { fitWithin, type SourceImage } from '../../lib/image-resize.ts';
import { CAPTION_GALLERY_MESSAGES } from './api.ts';

export const GALLERY_JPEG_QUALITY = 0.9;

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(CAPTION_GALLERY_MESSAGES.selectConvert));
    reader.readAsDataURL(blob);
  });
}

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
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch (error) {
    throw new Error(CAPTION_GALLERY_MESSAGES.selectProcess, { cause: error });
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error(CAPTION_GALLERY_MESSAGES.selectCanvas);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', GALLERY_JPEG_QUALITY));
    if (!jpeg) throw new Error(CAPTION_GALLERY_MESSAGES.selectConvert);
    return { dataUrl: await blobToDataUrl(jpeg), mimeType: 'image/jpeg', width: size.width, height: size.height, name };
  } finally {
    bitmap.close();
  }
}
