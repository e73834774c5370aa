/**
 * Projective warps for the mockup templates: the artwork is mapped onto a device's screen or label by inverse
 * mapping every output pixel of the target area back into the artwork and sampling it bilinearly, on raw RGBA
 * buffers (no per-pixel sharp calls; a 1600x900 mockup's screen is a few hundred thousand pixels).
 */

export type Point = readonly [number, number];
/** Corners in order: top-left, top-right, bottom-right, bottom-left (of the artwork). */
export type Quad = readonly [Point, Point, Point, Point];
/** Row-major 3x3 matrix. */
export type Mat3 = readonly [number, number, number, number, number, number, number, number, number];

/** A raw RGBA image, 4 bytes per pixel, rows without padding. */
export interface Raster {
  data: Buffer | Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** Solves A x = b (n x n, Gaussian elimination with partial pivoting); throws on a singular system. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) throw new Error('degenerate quad: no projective transform maps these points');
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** The projective transform H (h33 = 1) with H·src[i] ~ dst[i] for the four point pairs. */
export function homography(src: Quad, dst: Quad): Mat3 {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i]!;
    const [u, v] = dst[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
}

export function applyHomography(h: Mat3, [x, y]: Point): [number, number] {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

export function invert3(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-15) throw new Error('singular transform');
  const k = 1 / det;
  return [A * k, -(b * i - c * h) * k, (b * f - c * e) * k, B * k, (a * i - c * g) * k, -(a * f - c * d) * k, C * k, -(a * h - b * g) * k, (a * e - b * d) * k];
}

/** Samples the source at (u, v) (pixel centres at +0.5) bilinearly into out[0..3], edges clamped. */
function sample(src: Raster, u: number, v: number, out: Float64Array): void {
  const { data, width, height } = src;
  const x = Math.min(Math.max(u - 0.5, 0), width - 1);
  const y = Math.min(Math.max(v - 0.5, 0), height - 1);
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const fx = x - x0;
  const fy = y - y0;
  const i00 = (y0 * width + x0) * 4;
  const i10 = (y0 * width + x1) * 4;
  const i01 = (y1 * width + x0) * 4;
  const i11 = (y1 * width + x1) * 4;
  for (let c = 0; c < 4; c++) {
    const top = data[i00 + c]! + (data[i10 + c]! - data[i00 + c]!) * fx;
    const bottom = data[i01 + c]! + (data[i11 + c]! - data[i01 + c]!) * fx;
    out[c] = top + (bottom - top) * fy;
  }
}

/** Composites a sampled colour over the target pixel with the given coverage (0..1) and brightness factor. */
function blend(dst: Raster, index: number, rgba: Float64Array, coverage: number, light: number): void {
  const a = (rgba[3]! / 255) * coverage;
  if (a <= 0) return;
  const d = dst.data;
  for (let c = 0; c < 3; c++) {
    const value = Math.min(255, rgba[c]! * light);
    d[index + c] = Math.round(d[index + c]! * (1 - a) + value * a);
  }
  d[index + 3] = Math.max(d[index + 3]!, Math.round(a * 255));
}

const bounds = (points: readonly Point[], width: number, height: number) => ({
  x0: Math.max(0, Math.floor(Math.min(...points.map((p) => p[0])))),
  x1: Math.min(width - 1, Math.ceil(Math.max(...points.map((p) => p[0])))),
  y0: Math.max(0, Math.floor(Math.min(...points.map((p) => p[1])))),
  y1: Math.min(height - 1, Math.ceil(Math.max(...points.map((p) => p[1])))),
});

/**
 * Draws `src` onto `dst` (in place) so its corners land on `quad`: every pixel of the quad's bounding box is mapped
 * back through the inverse homography and sampled bilinearly; edges are antialiased by their distance in source
 * pixels scaled to the quad's size. `light(u, v)` (0..1 of the artwork) may darken or brighten the print.
 */
export function warpQuad(dst: Raster, src: Raster, quad: Quad, light?: (u: number, v: number) => number): void {
  const sw = src.width;
  const sh = src.height;
  const toSrc = invert3(homography(quad, [[0, 0], [sw, 0], [sw, sh], [0, sh]]));
  const inv = invert3(toSrc);
  // Source pixels per target pixel, roughly: turns a distance to the artwork's edge into target-pixel coverage.
  const area = Math.abs(shoelace(quad));
  const scale = Math.sqrt(area / (sw * sh));
  const { x0, x1, y0, y1 } = bounds(quad, dst.width, dst.height);
  const rgba = new Float64Array(4);
  const [a, b, c, d, e, f, g, h, i] = inv;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const w = g * px + h * py + i;
      const u = (a * px + b * py + c) / w;
      const v = (d * px + e * py + f) / w;
      const edge = Math.min(u, sw - u, v, sh - v) * scale + 0.5;
      if (edge <= 0) continue;
      sample(src, u, v, rgba);
      blend(dst, (y * dst.width + x) * 4, rgba, Math.min(1, edge), light ? light(u / sw, v / sh) : 1);
    }
  }
}

/** Twice the signed area of a polygon. */
export function shoelace(points: readonly Point[]): number {
  let s = 0;
  for (let k = 0; k < points.length; k++) {
    const [x1, y1] = points[k]!;
    const [x2, y2] = points[(k + 1) % points.length]!;
    s += x1 * y2 - x2 * y1;
  }
  return s / 2;
}

/** A label wrapped on an upright cylinder seen from slightly above (a mug), in target pixels. */
export interface Cylinder {
  /** Centre x of the cylinder's axis and its radius on the image. */
  cx: number;
  radius: number;
  /** Where the label's top and bottom edges cross the axis at the front (their lowest points). */
  top: number;
  bottom: number;
  /** Half height of the ellipse a horizontal circle projects to (0 = seen exactly side-on). */
  ellipse: number;
  /** Half the label's angle around the axis, radians (front = 0). */
  halfAngle: number;
}

/**
 * Wraps `src` around a cylinder: a target pixel at x sits at angle θ = asin((x - cx) / r); the artwork's u is the
 * arc length along θ, its v runs between the label edges, which are ellipses (lowest at the front). Shaded by the
 * surface's angle to the light, so the print darkens as it turns away and takes the mug's highlight.
 */
export function warpCylinder(dst: Raster, src: Raster, cyl: Cylinder, light: (theta: number) => number): void {
  const sw = src.width;
  const sh = src.height;
  const rgba = new Float64Array(4);
  const xMin = cyl.cx - cyl.radius * Math.sin(cyl.halfAngle);
  const xMax = cyl.cx + cyl.radius * Math.sin(cyl.halfAngle);
  const x0 = Math.max(0, Math.floor(xMin));
  const x1 = Math.min(dst.width - 1, Math.ceil(xMax));
  const y0 = Math.max(0, Math.floor(cyl.top - cyl.ellipse));
  const y1 = Math.min(dst.height - 1, Math.ceil(cyl.bottom));
  const pxPerV = (cyl.bottom - cyl.top) / sh;
  for (let x = x0; x <= x1; x++) {
    const s = (x + 0.5 - cyl.cx) / cyl.radius;
    if (s <= -1 || s >= 1) continue;
    const theta = Math.asin(s);
    const u = ((theta + cyl.halfAngle) / (2 * cyl.halfAngle)) * sw;
    // Coverage across the label's side edges, in target pixels (the edge is steep there: scale by cos θ).
    const edgeX = Math.min(x + 0.5 - xMin, xMax - x - 0.5) + 0.5;
    if (edgeX <= 0 || u < 0 || u > sw) continue;
    const drop = cyl.ellipse * Math.cos(theta);
    const top = cyl.top - cyl.ellipse + drop;
    const shade = light(theta);
    for (let y = y0; y <= y1; y++) {
      const v = (y + 0.5 - top) / pxPerV;
      const edge = Math.min(v, sh - v) * pxPerV + 0.5;
      if (edge <= 0) continue;
      sample(src, u, v, rgba);
      blend(dst, (y * dst.width + x) * 4, rgba, Math.min(1, edge, edgeX), shade);
    }
  }
}
