import { describe, expect, it } from 'vitest';
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

describe('custom background colours', () => {
  it('takes colours from the words, compound colour names as one, and falls back to a neutral gradient', () => {
    expect(customColours('').colours).toBe(NEUTRAL_GRADIENT);
    expect(customColours('something nice').named).toEqual([]);
    expect(customColours('Navy blue, please').named).toEqual(['navy']);
    expect(customColours('light blue').named).toEqual(['light blue']);
    expect(customColours('from teal to sunset').named).toEqual(['teal', 'sunset']);
  });
});
