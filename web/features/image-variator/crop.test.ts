// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { CROP_MIN } from '../../../contract/ai.ts';
import { clampCrop, defaultCrop, dragCrop, nudgeCrop } from './crop.ts';

const bounds = { width: 800, height: 600 };

describe('crop rectangle (spec 2 §5: at least 50 x 50, kept within the image)', () => {
  it('enforces the 50 px minimum', () => {
    expect(clampCrop({ x: 10, y: 10, width: 5, height: 20 }, bounds)).toEqual({ x: 10, y: 10, width: CROP_MIN, height: CROP_MIN });
  });

  it('keeps the rectangle inside the image', () => {
    expect(clampCrop({ x: -20, y: 590, width: 100, height: 100 }, bounds)).toEqual({ x: 0, y: 500, width: 100, height: 100 });
    expect(clampCrop({ x: 0, y: 0, width: 5000, height: 5000 }, bounds)).toEqual({ x: 0, y: 0, width: 800, height: 600 });
  });

  it('uses whole pixels', () => {
    expect(clampCrop({ x: 10.4, y: 10.6, width: 100.5, height: 99.4 }, bounds)).toEqual({ x: 10, y: 11, width: 101, height: 99 });
  });

  it('an image smaller than 50 px on a side is cropped to at most that side', () => {
    expect(clampCrop({ x: 0, y: 0, width: 10, height: 10 }, { width: 40, height: 300 })).toEqual({ x: 0, y: 0, width: 40, height: 50 });
  });

  it('starts with the middle 80%', () => {
    expect(defaultCrop(bounds)).toEqual({ x: 80, y: 60, width: 640, height: 480 });
  });

  it('moving stops at the edges and keeps the size', () => {
    const start = { x: 100, y: 100, width: 200, height: 100 };
    expect(dragCrop(start, 'move', 1000, -1000, bounds)).toEqual({ x: 600, y: 0, width: 200, height: 100 });
  });

  it('resizing moves only the held edges and stops at the minimum', () => {
    const start = { x: 100, y: 100, width: 200, height: 100 };
    expect(dragCrop(start, 'se', 50, 20, bounds)).toEqual({ x: 100, y: 100, width: 250, height: 120 });
    expect(dragCrop(start, 'nw', 500, 500, bounds)).toEqual({ x: 250, y: 150, width: CROP_MIN, height: CROP_MIN });
    expect(dragCrop(start, 'w', -500, 0, bounds)).toEqual({ x: 0, y: 100, width: 300, height: 100 });
    expect(dragCrop(start, 'e', 5000, 0, bounds)).toEqual({ x: 100, y: 100, width: 700, height: 100 });
    expect(dragCrop(start, 'n', 0, -30, bounds)).toEqual({ x: 100, y: 70, width: 200, height: 130 });
  });

  it('arrow keys move by 1 (10 with Shift); Alt resizes', () => {
    const start = { x: 100, y: 100, width: 200, height: 100 };
    expect(nudgeCrop(start, 'ArrowRight', false, false, bounds)).toEqual({ ...start, x: 101 });
    expect(nudgeCrop(start, 'ArrowUp', true, false, bounds)).toEqual({ ...start, y: 90 });
    expect(nudgeCrop(start, 'ArrowLeft', true, true, bounds)).toEqual({ ...start, width: 190 });
    expect(nudgeCrop(start, 'Enter', false, false, bounds)).toBeNull();
  });
});
