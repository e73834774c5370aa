import { SOURCE_JPEG_QUALITY } from '../../../contract/ai.ts';
import { HEADSHOT_MESSAGES } from '../../../contract/headshot.ts';
import { drawToCanvas, UPLOAD_READ_ERROR } from '../../lib/image-resize.ts';

/** Longest side sent: the result is 1024 px and the face check looks at 640 px, so more would only add upload time. */
export const HEADSHOT_UPLOAD_SIDE = 1536;

/** The centred square of a width x height image (spec 3 §5: the photo is centre-cropped square). */
export function centreSquare(width: number, height: number): { x: number; y: number; side: number } {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

export interface SquarePhoto {
  /** data:image/jpeg;base64,… */
  dataUrl: string;
  side: number;
  name: string;
}

/** Crops a photo to its centred square, at most HEADSHOT_UPLOAD_SIDE px, as JPEG: what is shown is what is sent. */
export async function cropToSquare(blob: Blob, name = 'photo'): Promise<SquarePhoto> {
  const canvas = await drawToCanvas(
    blob,
    (width, height) => {
      const square = centreSquare(width, height);
      const side = Math.min(square.side, HEADSHOT_UPLOAD_SIDE);
      return { region: { x: square.x, y: square.y, width: square.side, height: square.side }, width: side, height: side };
    },
    { read: UPLOAD_READ_ERROR, context: HEADSHOT_MESSAGES.noContext },
  );
  return { dataUrl: canvas.toDataURL('image/jpeg', SOURCE_JPEG_QUALITY), side: canvas.width, name };
}
