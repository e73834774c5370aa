/** The crop rectangle of the morpher's Crop mode (spec 2 §5): at least 50 by 50 pixels, always inside the image. */
import { CROP_MIN } from '../../../contract/ai.ts';

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Which part of the rectangle a drag holds: the body moves it, an edge or corner resizes it. */
export type CropHandle = 'move' | 'n' | 's' | 'e' | 'w' | 'nw' | 'ne' | 'sw' | 'se';

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The smallest side a crop may have in an image of this size (50 px, or the whole side of a smaller image). */
export const minCropSide = (side: number) => Math.min(CROP_MIN, Math.max(1, Math.floor(side)));

/** Whole pixels, at least 50 by 50, and entirely within the image. */
export function clampCrop(rect: CropRect, bounds: Size): CropRect {
  const maxW = Math.max(1, Math.floor(bounds.width));
  const maxH = Math.max(1, Math.floor(bounds.height));
  const width = clamp(Math.round(rect.width), minCropSide(maxW), maxW);
  const height = clamp(Math.round(rect.height), minCropSide(maxH), maxH);
  return { x: clamp(Math.round(rect.x), 0, maxW - width), y: clamp(Math.round(rect.y), 0, maxH - height), width, height };
}

/** The crop a fresh Crop mode starts with: the middle 80% of the image. */
export function defaultCrop(bounds: Size): CropRect {
  return clampCrop({ x: bounds.width * 0.1, y: bounds.height * 0.1, width: bounds.width * 0.8, height: bounds.height * 0.8 }, bounds);
}

/**
 * The rectangle after dragging `handle` by (dx, dy) image pixels from `start`. Moving keeps the size and stops at
 * the image's edges; resizing moves only the held edges, never past the image or below the minimum size.
 */
export function dragCrop(start: CropRect, handle: CropHandle, dx: number, dy: number, bounds: Size): CropRect {
  if (handle === 'move') return clampCrop({ ...start, x: start.x + dx, y: start.y + dy }, bounds);
  const minW = minCropSide(bounds.width);
  const minH = minCropSide(bounds.height);
  let left = start.x;
  let top = start.y;
  let right = start.x + start.width;
  let bottom = start.y + start.height;
  if (handle.includes('w')) left = clamp(left + dx, 0, right - minW);
  if (handle.includes('e')) right = clamp(right + dx, left + minW, bounds.width);
  if (handle.includes('n')) top = clamp(top + dy, 0, bottom - minH);
  if (handle.includes('s')) bottom = clamp(bottom + dy, top + minH, bounds.height);
  return clampCrop({ x: left, y: top, width: right - left, height: bottom - top }, bounds);
}

/** Arrow keys on a focused crop: move by 1 px, or 10 px with Shift; with Alt they grow or shrink it instead. */
export function nudgeCrop(rect: CropRect, key: string, shift: boolean, resize: boolean, bounds: Size): CropRect | null {
  const step = shift ? 10 : 1;
  const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const d = delta[key];
  if (!d) return null;
  return resize ? dragCrop(rect, 'se', d[0], d[1], bounds) : dragCrop(rect, 'move', d[0], d[1], bounds);
}
