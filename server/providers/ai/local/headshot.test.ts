import { describe, expect, it } from 'vitest';
import { HEADSHOT_MESSAGES } from '../../../../contract/headshot.ts';
import { oneUsableFace } from '../../../modules/ai/headshot.ts';
import { customColours, NEUTRAL_GRADIENT } from './headshot-backgrounds.ts';
import { headshotCrop } from './headshot.ts';

const face = (x: number, y: number, width: number) => ({ x, y, width, height: width, score: 0.99 });

describe('headshot framing', () => {
  it('frames head and shoulders: 2.8 face widths, the face a little above the middle, inside the photo', () => {
    expect(headshotCrop(face(900, 300, 200), 2000, 1500)).toEqual({ x: 720, y: 160, width: 560, height: 560 });
    // Near the edge: shifted inside; too big for the photo: as big as the photo allows.
    expect(headshotCrop(face(0, 0, 200), 2000, 1500)).toEqual({ x: 0, y: 0, width: 560, height: 560 });
    expect(headshotCrop(face(152, 49, 144), 512, 512)).toMatchObject({ width: 403, height: 403, y: 0 });
  });
});

describe('the face check', () => {
  it('wants one face of usable size; a much smaller second face is a bystander', () => {
    expect(() => oneUsableFace([], 1000, 800)).toThrow(HEADSHOT_MESSAGES.noFace);
    expect(() => oneUsableFace([face(0, 0, 200), face(500, 0, 150)], 1000, 800)).toThrow(HEADSHOT_MESSAGES.manyFaces);
    // 8% of the shorter side (800) is 64 px; 48 px is the floor for small photos.
    expect(() => oneUsableFace([face(0, 0, 63)], 1000, 800)).toThrow(HEADSHOT_MESSAGES.faceTooSmall);
    expect(oneUsableFace([face(0, 0, 64)], 1000, 800).width).toBe(64);
    expect(() => oneUsableFace([face(0, 0, 47)], 300, 300)).toThrow(HEADSHOT_MESSAGES.faceTooSmall);
    expect(oneUsableFace([face(0, 0, 200), face(700, 0, 110)], 1000, 800).width).toBe(200);
  });
});

describe('custom background colours', () => {
  it('takes colours from the words, compound colour names as one, and falls back to a neutral gradient', () => {
    expect(customColours('').colours).toBe(NEUTRAL_GRADIENT);
    expect(customColours('something nice').named).toEqual([]);
    expect(customColours('Navy blue, please').named).toEqual(['navy']);
    expect(customColours('light blue').named).toEqual(['light blue']);
    expect(customColours('from teal to sunset').named).toEqual(['teal', 'sunset']);
  });
});
