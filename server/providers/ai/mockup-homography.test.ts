import { describe, expect, it } from 'vitest';
import { applyHomography, homography, invert3, warpCylinder, warpQuad, type Quad, type Raster } from './mockup-homography.ts';

const raster = (width: number, height: number, rgba: [number, number, number, number]): Raster => {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { data, width, height };
};
const pixel = (r: Raster, x: number, y: number) => [...r.data.subarray((y * r.width + x) * 4, (y * r.width + x) * 4 + 4)];

describe('homography', () => {
  it('maps the four corners exactly, and its inverse maps them back', () => {
    const src: Quad = [[0, 0], [640, 0], [640, 400], [0, 400]];
    const dst: Quad = [[312.4, 80.2], [1080.9, 131.7], [1013.5, 590.1], [270.3, 512.8]];
    const h = homography(src, dst);
    const back = invert3(h);
    for (let i = 0; i < 4; i++) {
      const [x, y] = applyHomography(h, src[i]!);
      expect(x).toBeCloseTo(dst[i]![0], 9);
      expect(y).toBeCloseTo(dst[i]![1], 9);
      const [u, v] = applyHomography(back, dst[i]!);
      expect(u).toBeCloseTo(src[i]![0], 9);
      expect(v).toBeCloseTo(src[i]![1], 9);
    }
    // A projective map, not an affine one: the centre does not go to the average of the corners.
    const [cx] = applyHomography(h, [320, 200]);
    expect(Math.abs(cx - dst.reduce((s, p) => s + p[0], 0) / 4)).toBeGreaterThan(1);
  });

  it('refuses a degenerate quad', () => {
    expect(() => homography([[0, 0], [1, 0], [1, 1], [0, 1]], [[5, 5], [5, 5], [5, 5], [5, 5]])).toThrow(/degenerate/);
  });
});

describe('warpQuad', () => {
  it('puts a known pixel of the artwork where the homography sends it, inside the quad, and nothing outside', () => {
    const art = raster(100, 60, [0, 0, 255, 255]);
    art.data.set([255, 0, 0, 255], (20 * 100 + 70) * 4);
    const dst = raster(400, 300, [255, 255, 255, 255]);
    const quad: Quad = [[60, 40], [330, 70], [310, 250], [80, 220]];
    warpQuad(dst, art, quad);
    const [x, y] = applyHomography(homography([[0, 0], [100, 0], [100, 60], [0, 60]], quad), [70.5, 20.5]);
    const [r, g, b] = pixel(dst, Math.floor(x), Math.floor(y));
    expect(r).toBeGreaterThan(100);
    expect(b).toBeLessThan(200);
    expect(g).toBe(0);
    // Blue inside, untouched white outside the quad.
    expect(pixel(dst, 200, 150)).toEqual([0, 0, 255, 255]);
    expect(pixel(dst, 20, 20)).toEqual([255, 255, 255, 255]);
    expect(pixel(dst, 390, 290)).toEqual([255, 255, 255, 255]);
  });

  it('wraps a label round a cylinder: the front is lit, the label ends at its edges and dips at the front', () => {
    const dst = raster(300, 300, [255, 255, 255, 255]);
    const art = raster(200, 100, [200, 0, 0, 255]);
    warpCylinder(dst, art, { cx: 150, radius: 100, top: 100, bottom: 200, ellipse: 20, halfAngle: Math.PI / 3 }, (theta) => Math.cos(theta));
    expect(pixel(dst, 150, 150)[0]).toBe(200);
    // Near the side the surface turns away: darker.
    expect(pixel(dst, 150 + 80, 150)[0]!).toBeLessThan(150);
    // Beyond ±60° (x > cx + r·sin 60° ≈ 237) the label has ended.
    expect(pixel(dst, 245, 150)).toEqual([255, 255, 255, 255]);
    // The top edge is an ellipse: at the front it sits at y = 100, at the side higher up.
    expect(pixel(dst, 150, 95)).toEqual([255, 255, 255, 255]);
    expect(pixel(dst, 230, 95)[1]).toBe(0);
  });
});
