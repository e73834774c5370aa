import type { Point, Quad } from './mockup-homography.ts';

/**
 * A tiny 3D scene for the mockup templates: products are modelled as flat faces in 3D (y up, z toward the viewer),
 * turned by a yaw and a pitch, and projected with a real perspective, so every face, the screen the artwork is
 * warped onto and the floor shadow share one camera and agree with each other.
 */

export type V3 = readonly [number, number, number];

export interface Camera {
  /** Turn around the vertical axis, degrees (negative shows the right side). */
  yaw: number;
  /** Look down from above, degrees (positive shows the top). */
  pitch: number;
  /** Camera distance in the model's units: smaller is a stronger perspective. */
  distance: number;
}

export interface Projector {
  /** The point on the image, before fitting. */
  (p: V3): Point;
  /** The point in camera space (after the turn), for lighting. */
  rotate(p: V3): V3;
}

export function projector(cam: Camera): Projector {
  const a = (cam.yaw * Math.PI) / 180;
  const p = (cam.pitch * Math.PI) / 180;
  const [ca, sa, cp, sp] = [Math.cos(a), Math.sin(a), Math.cos(p), Math.sin(p)];
  const rotate = ([x, y, z]: V3): V3 => {
    const x1 = x * ca + z * sa;
    const z1 = -x * sa + z * ca;
    return [x1, y * cp - z1 * sp, y * sp + z1 * cp];
  };
  const project = ((point: V3): Point => {
    const [x, y, z] = rotate(point);
    const k = cam.distance / (cam.distance - z);
    return [x * k, -y * k];
  }) as Projector;
  project.rotate = rotate;
  return project;
}

/** Light from the upper left, in front: the direction faces are shaded by (camera space). */
const LIGHT: V3 = normalize([-0.45, 0.75, 0.6]);

function normalize([x, y, z]: V3): V3 {
  const l = Math.hypot(x, y, z) || 1;
  return [x / l, y / l, z / l];
}

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Brightness of a face (0.45..1.15) from its corners' turned positions: Lambert with an ambient floor. */
export function faceLight(project: Projector, pts: readonly V3[]): number {
  const [a, b, c] = pts.map((q) => project.rotate(q));
  let n = normalize(cross(sub(b!, a!), sub(c!, a!)));
  if (n[2] < 0) n = [-n[0], -n[1], -n[2]];
  const d = Math.max(0, n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]);
  return 0.45 + 0.7 * d;
}

/** A hex colour scaled by a brightness factor. */
export function shade(hex: string, k: number): string {
  const h = hex.replace('#', '');
  const ch = (i: number) => Math.max(0, Math.min(255, Math.round(parseInt(h.slice(i, i + 2), 16) * k)));
  return `#${[ch(0), ch(2), ch(4)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The corners of a rounded rectangle lying in a 3D plane: centre c, unit axes u (right) and v (up), size w x h,
 * corner radius r; arcs become short polylines, so the outline stays exact under perspective.
 */
export function roundedRect(c: V3, u: V3, v: V3, w: number, h: number, r: number, steps = 6): V3[] {
  const at = (x: number, y: number): V3 => [c[0] + u[0] * x + v[0] * y, c[1] + u[1] * x + v[1] * y, c[2] + u[2] * x + v[2] * y];
  if (r <= 0) return [at(-w / 2, h / 2), at(w / 2, h / 2), at(w / 2, -h / 2), at(-w / 2, -h / 2)];
  const out: V3[] = [];
  const corners: Array<[number, number, number]> = [
    [-w / 2 + r, h / 2 - r, Math.PI / 2],
    [w / 2 - r, h / 2 - r, 0],
    [w / 2 - r, -h / 2 + r, -Math.PI / 2],
    [-w / 2 + r, -h / 2 + r, -Math.PI],
  ];
  for (const [cx, cy, start] of corners) {
    for (let s = 0; s <= steps; s++) {
      const t = start + Math.PI / 2 - (s / steps) * (Math.PI / 2);
      out.push(at(cx + r * Math.cos(t), cy + r * Math.sin(t)));
    }
  }
  return out;
}

/** The four corners of a rectangle in a 3D plane, top-left first, clockwise as seen from its front. */
export const rect3 = (c: V3, u: V3, v: V3, w: number, h: number): [V3, V3, V3, V3] => {
  const at = (x: number, y: number): V3 => [c[0] + u[0] * x + v[0] * y, c[1] + u[1] * x + v[1] * y, c[2] + u[2] * x + v[2] * y];
  return [at(-w / 2, h / 2), at(w / 2, h / 2), at(w / 2, -h / 2), at(-w / 2, -h / 2)];
};

/** A projected, fitted drawing: 2D points on the final canvas. */
export interface Fit {
  (p: V3): Point;
  scale: number;
}

/** Fits the projected points into a box (centred, uniform scale) and returns the final projection. */
export function fitTo(project: Projector, all: readonly V3[], box: { x: number; y: number; w: number; h: number }): Fit {
  const pts = all.map(project);
  const minX = Math.min(...pts.map((p) => p[0]));
  const maxX = Math.max(...pts.map((p) => p[0]));
  const minY = Math.min(...pts.map((p) => p[1]));
  const maxY = Math.max(...pts.map((p) => p[1]));
  const scale = Math.min(box.w / (maxX - minX), box.h / (maxY - minY));
  const ox = box.x + (box.w - (maxX - minX) * scale) / 2 - minX * scale;
  const oy = box.y + (box.h - (maxY - minY) * scale) / 2 - minY * scale;
  const fit = ((p: V3): Point => {
    const [x, y] = project(p);
    return [ox + x * scale, oy + y * scale];
  }) as Fit;
  fit.scale = scale;
  return fit;
}

const n2 = (v: number) => Math.round(v * 100) / 100;
export const pointsAttr = (pts: readonly Point[]) => pts.map(([x, y]) => `${n2(x)},${n2(y)}`).join(' ');
export const quadOf = (fit: Fit, corners: readonly [V3, V3, V3, V3]): Quad => [fit(corners[0]), fit(corners[1]), fit(corners[2]), fit(corners[3])];

/** An SVG polygon of 3D points through the fitted projection. */
export function poly(fit: Fit, pts: readonly V3[], fill: string, extra = ''): string {
  return `<polygon points="${pointsAttr(pts.map(fit))}" fill="${fill}" ${extra}/>`;
}

/** A linear gradient between two image points (userSpaceOnUse), for shading a face along a direction. */
export function gradient(id: string, from: Point, to: Point, stops: ReadonlyArray<readonly [number, string, number?]>): string {
  const s = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n2(from[0])}" y1="${n2(from[1])}" x2="${n2(to[0])}" y2="${n2(to[1])}">${s}</linearGradient>`;
}
