/**
 * 'Download all' of a mockup result (issue 12): each image in turn, fetched and saved under its own `ampkit-` name.
 * The server names a download after the tool and the time, which every style of one job shares (the browser would add
 * ' (1)', ' (2)'); a zip built in the browser would add a library for a handful of files. Fetching first also lets
 * a failure be reported instead of saving an error page as a picture.
 */
import { downloadFilename } from '../../../contract/files.ts';
import { fileDownloadUrl } from '../../lib/file-urls.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { styleLabel } from './mockup-options.ts';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** `ampkit-mockup-t-shirt-1-20260304-100000.png`: the style and the place in the result keep every name apart. */
export function mockupFilename(style: string, index: number, at: Date, type: string): string {
  return downloadFilename(`mockup ${styleLabel(style)} ${index + 1}`, at, EXTENSIONS[type.split(';')[0]!.trim()] ?? 'png');
}

/**
 * Downloads the images one after another (browsers refuse bursts of parallel downloads), telling `onProgress` how
 * many are done. Answers how many failed; a failure does not stop the rest.
 */
export async function downloadAll(
  images: ReadonlyArray<{ uuid: string; style: string }>,
  onProgress: (done: number) => void = () => {},
  at: Date = new Date(),
): Promise<number> {
  let failed = 0;
  for (const [index, image] of images.entries()) {
    try {
      const response = await fetch(fileDownloadUrl(image.uuid), { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`download ${image.uuid}: ${response.status}`);
      const blob = await response.blob();
      saveBlob(blob, mockupFilename(image.style, index, at, blob.type || response.headers.get('content-type') || ''));
    } catch (error) {
      console.warn('Mockup download failed', error);
      failed += 1;
    }
    onProgress(index + 1);
  }
  return failed;
}
