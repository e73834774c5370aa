import { describe, expect, it } from 'vitest';
import { HEADSHOT_MESSAGES } from '../../../contract/headshot.ts';
import { oneUsableFace } from './headshot.ts';

const face = (x: number, y: number, width: number) => ({ x, y, width, height: width, score: 0.99 });

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
