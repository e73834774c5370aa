import { SOURCE_JPEG_QUALITY } from '../../../contract/ai.ts';
import { HEADSHOT_MESSAGES } from '../../../contract/headshot.ts';
import { decodeImage, UPLOAD_READ_ERROR } from '../../lib/image-resize.ts';

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
  let decoded;
  try {
    decoded = await decodeImage(blob);
  } catch (error) {
    throw new Error(UPLOAD_READ_ERROR, { cause: error });
  }
  try {
    const square = centreSquare(decoded.width, decoded.height);
    const side = Math.min(square.side, HEADSHOT_UPLOAD_SIDE);
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error(HEADSHOT_MESSAGES.noContext);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, side, side);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(decoded.source, square.x, square.y, square.side, square.side, 0, 0, side, side);
    return { dataUrl: canvas.toDataURL('image/jpeg', SOURCE_JPEG_QUALITY), side, name };
  } finally {
    decoded.close();
  }
}
