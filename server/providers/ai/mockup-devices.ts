import type { MockupStyle } from '../../../contract/ai.ts';
import type { Cylinder, Point, Quad } from './mockup-homography.ts';
import { faceLight, fitTo, gradient, poly, pointsAttr, projector, quadOf, rect3, roundedRect, shade, type Camera, type Fit, type V3 } from './mockup-scene.ts';

/**
 * The drawn products of the local mockup engine. Each is modelled in 3D (centimetres, y up, z toward the viewer),
 * seen by its own camera in a 3/4 or slight perspective; the artwork's places (screen, cover, label) come out as
 * image quads for the homography warp, or as a cylinder for the mug, so the print and the drawing agree.
 */

/** A template the renderer draws: every style but custom, plus the neutral canvas print custom falls back to. */
export type TemplateId = Exclude<MockupStyle, 'custom'> | 'canvas';

export const TEMPLATE_NAMES: Record<TemplateId, string> = {
  'software-box': 'software box',
  'laptop-screen': 'laptop screen',
  'phone-display': 'phone display',
  'tablet-screen': 'tablet screen',
  'modern-laptop': 'modern laptop',
  't-shirt': 't-shirt',
  'coffee-mug': 'coffee mug',
  poster: 'poster',
  billboard: 'billboard',
  'framed-art': 'framed art',
  'book-cover': 'book cover',
  canvas: 'canvas print',
};

/** Where the artwork goes. */
export type Print =
  | {
      kind: 'quad';
      quad: Quad;
      /** Width / height of the printed area in the model (the artwork is fitted to this shape). */
      aspect: number;
      /** Rounded corners, as a fraction of the print's width. */
      radius?: number;
      /** Brightness of the print (a face turned from the light is darker; a screen glows at 1). */
      light?: number;
      /** A gallery wrap's side: the main print's right edge strip, mirrored, of this width / height. */
      wrapOf?: number;
      /** Ink on fabric: a little of the surface shows through. */
      opacity?: number;
      /** Printed straight on a white product (shirt, mug): padding leaves the product showing, not a white card. */
      clearPadding?: boolean;
    }
  | { kind: 'cylinder'; cylinder: Cylinder; aspect: number; light: (theta: number) => number; clearPadding?: boolean };

/** A soft shadow: a polygon on the image, blurred by `blur` px, at `opacity`. */
export interface Shadow {
  points: Point[];
  blur: number;
  opacity: number;
}

export interface Scene {
  /** SVG drawn under the artwork (defs included). */
  body: string;
  prints: Print[];
  /** SVG drawn over the artwork: glare, bezels, notches, tape. */
  overlay: string;
  /** SVG multiplied over everything (fabric folds). */
  multiply?: string;
  /** Floor shadows for standing products, drop shadows on the wall for hung ones. */
  shadows: Shadow[];
}

export interface SceneInput {
  /** The whole image. */
  width: number;
  height: number;
  /** The artwork's average colour (#rrggbb): the software box's sides take it. */
  accent: string;
  /** The artwork's width / height: prints made to size (poster, frame, canvas) take its shape. */
  artAspect: number;
}

/** A print made to the artwork's shape, within reason, with the given area: [width, height]. */
const madeToSize = (s: SceneInput, area: number): [number, number] => {
  const a = Math.min(1.8, Math.max(0.55, s.artAspect));
  return [Math.sqrt(area * a), Math.sqrt(area / a)];
};

type Box = { x: number; y: number; w: number; h: number };

/** Where the product may go: centred, a margin around it, a little room below for its shadow. */
const stage = (s: SceneInput, k = 0.8): Box => ({ x: s.width * (1 - k) / 2, y: s.height * 0.08, w: s.width * k, h: s.height * 0.8 });

function camera(cam: Camera, all: readonly V3[], box: Box) {
  const project = projector(cam);
  const fit = fitTo(project, all, box);
  const lit = (pts: readonly V3[]) => faceLight(project, pts);
  const face = (pts: readonly V3[], color: string, extra = '') => poly(fit, pts, shade(color, lit(pts)), extra);
  return { project, fit, lit, face };
}

/** The box x0..x1, y0..y1, z0..z1 as named faces, corners top-left first as seen from outside. */
function cuboid(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number) {
  return {
    front: [[x0, y1, z1], [x1, y1, z1], [x1, y0, z1], [x0, y0, z1]] as [V3, V3, V3, V3],
    right: [[x1, y1, z1], [x1, y1, z0], [x1, y0, z0], [x1, y0, z1]] as [V3, V3, V3, V3],
    left: [[x0, y1, z0], [x0, y1, z1], [x0, y0, z1], [x0, y0, z0]] as [V3, V3, V3, V3],
    top: [[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]] as [V3, V3, V3, V3],
    bottom: [[x0, y0, z1], [x1, y0, z1], [x1, y0, z0], [x0, y0, z0]] as [V3, V3, V3, V3],
  };
}

/** Soft floor shadows under a footprint (points on the floor): a wide ambient one and a tight contact one. */
function floorShadows(fit: Fit, footprint: readonly V3[], grow: number): Shadow[] {
  const c = footprint.reduce<[number, number, number]>((a, p) => [a[0] + p[0] / footprint.length, a[1] + p[1] / footprint.length, a[2] + p[2] / footprint.length], [0, 0, 0]);
  const wide = footprint.map((p): V3 => [c[0] + (p[0] - c[0]) * grow + 1.5, p[1], c[2] + (p[2] - c[2]) * grow - 0.5]);
  return [
    { points: wide.map(fit), blur: fit.scale * 2.2, opacity: 0.28 },
    { points: footprint.map(fit), blur: fit.scale * 0.5, opacity: 0.45 },
  ];
}

/** A hung product's shadow on the wall: its outline shifted right and down, blurred. */
function dropShadow(outline: readonly Point[], width: number): Shadow[] {
  const d = width * 0.012;
  return [
    { points: outline.map(([x, y]) => [x + d * 1.6, y + d * 2.2] as Point), blur: width * 0.018, opacity: 0.32 },
    { points: outline.map(([x, y]) => [x + d * 0.4, y + d * 0.5] as Point), blur: width * 0.004, opacity: 0.25 },
  ];
}

/** A screen's reflection: a diagonal sheen that stops at a soft line, as on glass. */
function glare(id: string, quad: Quad, strength = 0.2): string {
  return `<defs>${gradient(id, quad[0], quad[2], [[0, '#ffffff', strength], [0.38, '#ffffff', strength * 0.35], [0.4, '#ffffff', 0.02], [1, '#ffffff', 0]])}</defs><polygon points="${pointsAttr(quad)}" fill="url(#${id})"/>`;
}

const convexHull = (points: readonly Point[]): Point[] => {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const crossZ = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const q of p) {
    while (lower.length >= 2 && crossZ(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Point[] = [];
  for (const q of p.reverse()) {
    while (upper.length >= 2 && crossZ(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
};

interface LaptopLook {
  body: string;
  deck: string;
  keys: string;
  bezel: string;
  cam: Camera;
  baseH: number;
  lidTilt: number;
  bezels: { side: number; top: number; chin: number };
  notch: boolean;
}

/** A laptop, open, seen from the front right and above: the lid leans back on its hinge, the base shows its keyboard. */
function laptop(s: SceneInput, look: LaptopLook): Scene {
  const W = 32;
  const D = 22;
  const lidH = 21;
  const t = (look.lidTilt * Math.PI) / 180;
  const up: V3 = [0, Math.cos(t), -Math.sin(t)];
  const normal: V3 = [0, Math.sin(t), Math.cos(t)];
  const hinge: V3 = [0, look.baseH, -D / 2 + 0.4];
  const along = (p: V3, k: number, dir: V3 = up): V3 => [p[0] + dir[0] * k, p[1] + dir[1] * k, p[2] + dir[2] * k];
  const lidCentre = along(hinge, lidH / 2);
  const lidFront = roundedRect(lidCentre, [1, 0, 0], up, W, lidH, 0.9, 4);
  const lidBack = roundedRect(along(lidCentre, -0.55, normal), [1, 0, 0], up, W, lidH, 0.9, 4);
  const b = look.bezels;
  const screenH = lidH - b.top - b.chin;
  const screenW = W - 2 * b.side;
  const screen = rect3(along(along(lidCentre, 0.02, normal), (b.chin - b.top) / 2), [1, 0, 0], up, screenW, screenH);
  const base = cuboid(-W / 2, W / 2, 0, look.baseH, -D / 2, D / 2);
  const all = [...lidFront, ...lidBack, ...base.front, ...base.right, ...base.top, ...base.bottom];
  const { fit, face, lit } = camera(look.cam, all, stage(s));

  const keys: string[] = [];
  const y = look.baseH + 0.01;
  const rows = 6;
  const cols = 14;
  const kx0 = -13.6;
  const kw = 27.2 / cols;
  const kz0 = -D / 2 + 1.6;
  const kd = 9 / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x0 = kx0 + c * kw + 0.18;
      const z0 = kz0 + r * kd + 0.18;
      keys.push(poly(fit, [[x0, y, z0], [x0 + kw - 0.36, y, z0], [x0 + kw - 0.36, y, z0 + kd - 0.36], [x0, y, z0 + kd - 0.36]], look.keys));
    }
  }
  const deckLight = lit(base.top);
  const pad: V3[] = [[-5.5, y, 1.2], [5.5, y, 1.2], [5.5, y, 8.6], [-5.5, y, 8.6]];
  const screenQuad = quadOf(fit, screen);
  const deckTop = base.top.map(fit);
  const body = [
    `<defs>${gradient('deck', deckTop[0]!, deckTop[3]!, [[0, shade(look.deck, deckLight * 0.92)], [1, shade(look.deck, deckLight * 1.04)]])}</defs>`,
    poly(fit, lidBack, shade(look.body, 0.55)),
    poly(fit, lidFront, look.bezel),
    face(base.right, look.deck),
    face(base.front, look.deck),
    poly(fit, base.top, 'url(#deck)'),
    // The hinge's shadow line where the lid meets the deck.
    `<polyline points="${pointsAttr([fit([-W / 2 + 0.6, y, -D / 2 + 0.5]), fit([W / 2 - 0.6, y, -D / 2 + 0.5])])}" stroke="#000" stroke-opacity="0.35" stroke-width="${fit.scale * 0.35}"/>`,
    ...keys,
    poly(fit, pad, shade(look.deck, deckLight * 0.9), `stroke="${shade(look.deck, 0.7)}" stroke-width="${fit.scale * 0.05}"`),
  ].join('');
  const notch = look.notch
    ? poly(fit, roundedRect(along(along(lidCentre, 0.03, normal), lidH / 2 - b.top - 0.35), [1, 0, 0], up, 3.2, 0.8, 0.3, 3), look.bezel)
    : '';
  const cam = fit(along(lidCentre, lidH / 2 - b.top / 2));
  return {
    body,
    prints: [{ kind: 'quad', quad: screenQuad, aspect: screenW / screenH, light: 1 }],
    overlay: `${glare('glare', screenQuad)}${notch}<circle cx="${cam[0]}" cy="${cam[1]}" r="${Math.max(1.5, fit.scale * 0.18)}" fill="#111" stroke="#444" stroke-width="1"/>`,
    shadows: floorShadows(fit, base.bottom, 1.12),
  };
}

/** A phone or tablet: a slab with rounded corners, its glass front, its metal edge showing on one side. */
function slab(s: SceneInput, o: { w: number; h: number; r: number; depth: number; bezel: number; cam: Camera; frame: string; island: boolean; stageK: number }): Scene {
  const front = roundedRect([0, 0, o.depth / 2], [1, 0, 0], [0, 1, 0], o.w, o.h, o.r, 8);
  const back = roundedRect([0, 0, -o.depth / 2], [1, 0, 0], [0, 1, 0], o.w, o.h, o.r, 8);
  const sw = o.w - 2 * o.bezel;
  const sh = o.h - 2 * o.bezel;
  const screen = rect3([0, 0, o.depth / 2 + 0.01], [1, 0, 0], [0, 1, 0], sw, sh);
  const foot = cuboid(-o.w / 2, o.w / 2, -o.h / 2, -o.h / 2 + 0.01, -o.depth / 2, o.depth / 2).bottom;
  const { fit } = camera(o.cam, [...front, ...back, ...foot], stage(s, o.stageK));
  const edge = convexHull([...front, ...back].map(fit));
  const quad = quadOf(fit, screen);
  const body = [
    `<defs>${gradient('edge', fit([o.w / 2, o.h / 2, 0]), fit([o.w / 2, -o.h / 2, 0]), [[0, shade(o.frame, 1.25)], [0.5, shade(o.frame, 0.85)], [1, shade(o.frame, 1.1)]])}</defs>`,
    `<polygon points="${pointsAttr(edge)}" fill="url(#edge)"/>`,
    poly(fit, front, '#0b0b0d', `stroke="${shade(o.frame, 1.3)}" stroke-width="${Math.max(1, fit.scale * 0.04)}"`),
  ].join('');
  const island = o.island
    ? poly(fit, roundedRect([0, sh / 2 - 0.55, o.depth / 2 + 0.02], [1, 0, 0], [0, 1, 0], o.w * 0.27, 0.62, 0.31, 4), '#050505')
    : `<circle cx="${fit([0, o.h / 2 - o.bezel / 2, o.depth / 2])[0]}" cy="${fit([0, o.h / 2 - o.bezel / 2, o.depth / 2])[1]}" r="${Math.max(1.5, fit.scale * 0.15)}" fill="#1f2937"/>`;
  return {
    body,
    prints: [{ kind: 'quad', quad, aspect: sw / sh, radius: (o.r - o.bezel * 0.6) / sw, light: 1 }],
    overlay: glare('glare', quad, 0.18) + island,
    shadows: floorShadows(fit, [[-o.w / 2 - 0.4, -o.h / 2, -o.depth * 2], [o.w / 2 + 0.4, -o.h / 2, -o.depth * 2], [o.w / 2 + 0.4, -o.h / 2, o.depth * 2], [-o.w / 2 - 0.4, -o.h / 2, o.depth * 2]], 1.4),
  };
}

function softwareBox(s: SceneInput): Scene {
  const b = cuboid(-9.5, 9.5, 0, 24, -3.2, 3.2);
  const { fit, face, lit } = camera({ yaw: -30, pitch: 14, distance: 90 }, [...b.front, ...b.right, ...b.top, ...b.bottom], stage(s, 0.7));
  const front = quadOf(fit, b.front);
  const band = (y0: number, y1: number): V3[] => [[9.51, y1, 3.2], [9.51, y1, -3.2], [9.51, y0, -3.2], [9.51, y0, 3.2]];
  const edges = [b.front[0], b.front[1], b.front[2]].map(fit);
  return {
    body: [face(b.right, s.accent), poly(fit, band(19, 21.5), '#ffffff', 'opacity="0.85"'), poly(fit, band(2, 2.6), '#ffffff', 'opacity="0.6"'), face(b.top, shade(s.accent, 1.15))].join(''),
    prints: [{ kind: 'quad', quad: front, aspect: 19 / 24, light: Math.min(1.05, Math.max(0.85, lit(b.front))) }],
    overlay: `${glare('glare', front, 0.14)}<polyline points="${pointsAttr([fit(b.front[3]), ...edges])}" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="${Math.max(1, fit.scale * 0.08)}"/>`,
    shadows: floorShadows(fit, b.bottom, 1.15),
  };
}

function bookCover(s: SceneInput): Scene {
  const [w, h, d] = [15, 22, 2.6];
  const cover = cuboid(-w / 2, w / 2, 0, h, d / 2 - 0.25, d / 2);
  const backBoard = cuboid(-w / 2, w / 2, 0, h, -d / 2, -d / 2 + 0.25);
  const pages = cuboid(-w / 2 + 0.3, w / 2 - 0.25, 0.3, h - 0.3, -d / 2 + 0.25, d / 2 - 0.25);
  const { fit, face, lit } = camera({ yaw: -32, pitch: 12, distance: 80 }, [...cover.front, ...backBoard.right, ...backBoard.top, ...backBoard.bottom], stage(s, 0.7));
  const lines: string[] = [];
  for (let k = 1; k < 9; k++) {
    const z = -d / 2 + 0.25 + ((d - 0.5) * k) / 9;
    lines.push(`<polyline points="${pointsAttr([fit([w / 2 - 0.24, h - 0.4, z]), fit([w / 2 - 0.24, 0.4, z])])}" stroke="#a8a29e" stroke-opacity="0.45" stroke-width="1" fill="none"/>`);
  }
  const front = quadOf(fit, cover.front);
  const hinge = [fit([-w / 2 + 0.9, h, d / 2 + 0.01]), fit([-w / 2 + 0.9, 0, d / 2 + 0.01])];
  const coverFront = front;
  return {
    body: [face(backBoard.right, '#27272a'), face(backBoard.top, '#3f3f46'), face(pages.right, '#f5f0e6'), face(pages.top, '#faf6ee'), ...lines, face(cover.right, '#27272a'), face(cover.top, '#3f3f46')].join(''),
    prints: [{ kind: 'quad', quad: front, aspect: w / h, light: Math.min(1.05, Math.max(0.88, lit(cover.front))) }],
    overlay: `<defs>${gradient('sheen', coverFront[0], coverFront[1], [[0, '#000', 0.18], [0.08, '#fff', 0.12], [0.35, '#fff', 0], [1, '#000', 0.06]])}</defs><polygon points="${pointsAttr(coverFront)}" fill="url(#sheen)"/><polyline points="${pointsAttr(hinge)}" stroke="#000" stroke-opacity="0.25" stroke-width="${Math.max(1, fit.scale * 0.12)}"/>`,
    shadows: floorShadows(fit, backBoard.bottom.map((p, i) => (i < 2 ? ([p[0], p[1], d / 2] as V3) : p)), 1.15),
  };
}

function poster(s: SceneInput): Scene {
  const [pw, ph] = madeToSize(s, 47 * 67);
  const [w, h] = [pw + 3, ph + 3];
  const sheet = rect3([0, 0, 0], [1, 0, 0], [0, 1, 0], w, h);
  const print = rect3([0, 0, 0.01], [1, 0, 0], [0, 1, 0], w - 3, h - 3);
  const { fit } = camera({ yaw: -20, pitch: 0, distance: 260 }, sheet, stage(s, 0.7));
  const tape = (x: number, y: number, turn: number) => {
    const u: V3 = [Math.cos(turn), Math.sin(turn), 0];
    const v: V3 = [-Math.sin(turn), Math.cos(turn), 0];
    return poly(fit, rect3([x, y, 0.05], u, v, 7, 2.4), '#f5f0dc', 'opacity="0.78"');
  };
  const sheetQuad = quadOf(fit, sheet);
  return {
    body: `<defs>${gradient('paper', sheetQuad[0], sheetQuad[1], [[0, '#ffffff'], [1, '#e7e5e4']])}</defs><polygon points="${pointsAttr(sheetQuad)}" fill="url(#paper)"/>`,
    prints: [{ kind: 'quad', quad: quadOf(fit, print), aspect: (w - 3) / (h - 3), light: 0.98 }],
    overlay: `<defs>${gradient('fall', sheetQuad[0], sheetQuad[1], [[0, '#fff', 0.08], [1, '#000', 0.1]])}</defs><polygon points="${pointsAttr(sheetQuad)}" fill="url(#fall)"/>${tape(-w / 2 + 1.5, h / 2 - 1.5, 0.7)}${tape(w / 2 - 1.5, h / 2 - 1.5, -0.7)}${tape(-w / 2 + 1.5, -h / 2 + 1.5, -0.7)}${tape(w / 2 - 1.5, -h / 2 + 1.5, 0.7)}`,
    shadows: dropShadow(sheetQuad, s.width),
  };
}

function billboard(s: SceneInput): Scene {
  const [w, h, y0] = [40, 22.5, 15];
  const frame = cuboid(-w / 2 - 0.8, w / 2 + 0.8, y0 - 0.8, y0 + h + 0.8, -1.4, 0.3);
  const board = rect3([0, y0 + h / 2, 0.31], [1, 0, 0], [0, 1, 0], w, h);
  const posts = [-11, 11].map((x) => cuboid(x - 0.9, x + 0.9, 0, y0 - 0.8, -1.3, 0));
  const walk = cuboid(-w / 2, w / 2, y0 - 1.5, y0 - 1.1, -0.5, 3);
  const all = [...frame.front, ...frame.top, ...frame.right, ...posts.flatMap((p) => p.bottom), ...walk.front];
  const { fit, face } = camera({ yaw: -28, pitch: -5, distance: 150 }, all, stage(s, 0.86));
  const lamps: string[] = [];
  for (const x of [-13, 0, 13]) {
    const a = fit([x, y0 + h + 0.8, 0.2]);
    const bpt = fit([x, y0 + h + 2.6, 3.4]);
    lamps.push(`<polyline points="${pointsAttr([a, bpt])}" stroke="#27272a" stroke-width="${Math.max(1.5, fit.scale * 0.25)}" fill="none"/>`);
    lamps.push(face(cuboid(x - 1.1, x + 1.1, y0 + h + 2.2, y0 + h + 2.9, 2.8, 4).bottom, '#3f3f46'));
    lamps.push(face(cuboid(x - 1.1, x + 1.1, y0 + h + 2.2, y0 + h + 2.9, 2.8, 4).front, '#52525b'));
  }
  const rail: string[] = [];
  for (let k = 0; k <= 10; k++) {
    const x = -w / 2 + (w * k) / 10;
    rail.push(`<polyline points="${pointsAttr([fit([x, y0 - 1.1, 2.9]), fit([x, y0 + 0.6, 2.9])])}" stroke="#3f3f46" stroke-width="${Math.max(1, fit.scale * 0.1)}"/>`);
  }
  rail.push(`<polyline points="${pointsAttr([fit([-w / 2, y0 + 0.6, 2.9]), fit([w / 2, y0 + 0.6, 2.9])])}" stroke="#3f3f46" stroke-width="${Math.max(1, fit.scale * 0.12)}"/>`);
  const quad = quadOf(fit, board);
  return {
    body: [...posts.flatMap((p) => [face(p.front, '#52525b'), face(p.right, '#52525b')]), face(frame.right, '#3f3f46'), face(frame.bottom, '#27272a'), face(frame.front, '#e4e4e7'), face(frame.top, '#a1a1aa')].join(''),
    prints: [{ kind: 'quad', quad, aspect: w / h, light: 1 }],
    overlay: [`<defs>${gradient('lamp', quad[0], quad[3], [[0, '#fff', 0.16], [0.5, '#fff', 0], [1, '#000', 0.12]])}</defs><polygon points="${pointsAttr(quad)}" fill="url(#lamp)"/>`, face(walk.top, '#71717a'), face(walk.front, '#52525b'), ...rail, ...lamps].join(''),
    shadows: floorShadows(fit, [[-w / 2, 0, -4], [w / 2, 0, -4], [w / 2, 0, 4], [-w / 2, 0, 4]], 1),
  };
}

function framedArt(s: SceneInput): Scene {
  const [fw, depth, mat] = [3.2, 2.6, 4];
  const [pw, ph] = madeToSize(s, 25.6 * 35.6);
  const [w, h] = [pw + 2 * mat + 2 * fw, ph + 2 * mat + 2 * fw];
  const wood = '#4a2f1b';
  const ow = w / 2;
  const oh = h / 2;
  const iw = ow - fw;
  const ih = oh - fw;
  const zf = depth;
  const zb = depth - 0.7;
  // The frame's front is bevelled (outer edge lower than the inner), so each side catches the light differently.
  const top: V3[] = [[-ow, oh, zb], [ow, oh, zb], [iw, ih, zf], [-iw, ih, zf]];
  const right: V3[] = [[ow, oh, zb], [ow, -oh, zb], [iw, -ih, zf], [iw, ih, zf]];
  const bottom: V3[] = [[ow, -oh, zb], [-ow, -oh, zb], [-iw, -ih, zf], [iw, -ih, zf]];
  const left: V3[] = [[-ow, -oh, zb], [-ow, oh, zb], [-iw, ih, zf], [-iw, -ih, zf]];
  const side = cuboid(-ow, ow, -oh, oh, 0, zb).right;
  const zm = 1.2;
  const matRect = rect3([0, 0, zm], [1, 0, 0], [0, 1, 0], 2 * iw, 2 * ih);
  const lip: V3[] = [[-iw, ih, zm], [-iw, ih, zf], [-iw, -ih, zf], [-iw, -ih, zm]];
  const lipTop: V3[] = [[-iw, ih, zm], [iw, ih, zm], [iw, ih, zf], [-iw, ih, zf]];
  const print = rect3([0, 0, zm + 0.01], [1, 0, 0], [0, 1, 0], pw, ph);
  const outer = rect3([0, 0, zb], [1, 0, 0], [0, 1, 0], 2 * ow, 2 * oh);
  const { fit, face } = camera({ yaw: -18, pitch: 0, distance: 220 }, [...outer, ...side], stage(s, 0.7));
  const opening = quadOf(fit, rect3([0, 0, zf], [1, 0, 0], [0, 1, 0], 2 * iw, 2 * ih));
  const printQuad = quadOf(fit, print);
  return {
    body: [face(side, wood), poly(fit, matRect, '#f7f5ef'), face(lip, '#d6d3cb'), face(lipTop, '#a8a29e'), poly(fit, rect3([0, 0, zm + 0.005], [1, 0, 0], [0, 1, 0], pw + 0.5, ph + 0.5), '#ffffff')].join(''),
    prints: [{ kind: 'quad', quad: printQuad, aspect: pw / ph, light: 0.97 }],
    overlay: [face(top, wood), face(right, wood), face(bottom, wood), face(left, wood), glare('glass', opening, 0.12)].join(''),
    shadows: dropShadow(convexHull([...outer, ...side].map(fit)), s.width),
  };
}

function canvasPrint(s: SceneInput): Scene {
  const [w, h] = madeToSize(s, 50 * 40);
  const d = 3.4;
  const b = cuboid(-w / 2, w / 2, -h / 2, h / 2, 0, d);
  const { fit, lit } = camera({ yaw: -26, pitch: 0, distance: 220 }, [...b.front, ...b.right, ...b.top, ...b.bottom], stage(s, 0.72));
  const front = quadOf(fit, b.front);
  return {
    body: poly(fit, b.right, '#d6d3d1'),
    prints: [
      { kind: 'quad', quad: front, aspect: w / h, light: 0.98 },
      { kind: 'quad', quad: quadOf(fit, b.right), aspect: d / h, wrapOf: d / h, light: Math.min(0.8, lit(b.right)) },
    ],
    overlay: `<defs>${gradient('weave', front[0], front[2], [[0, '#fff', 0.06], [1, '#000', 0.06]])}</defs><polygon points="${pointsAttr(front)}" fill="url(#weave)"/>`,
    shadows: dropShadow(convexHull([...b.front, ...b.right].map(fit)), s.width),
  };
}

function tshirt(s: SceneInput): Scene {
  const box = stage(s, 0.62);
  const k = Math.min(box.w, box.h);
  const ox = box.x + (box.w - k) / 2;
  const oy = box.y + (box.h - k) / 2;
  const P = (x: number, y: number): Point => [ox + x * k, oy + y * k];
  const at = (x: number, y: number) => P(x, y).map((v) => Math.round(v * 10) / 10).join(' ');
  const outline = `M${at(0.385, 0.06)} Q${at(0.5, 0.14)} ${at(0.615, 0.06)} L${at(0.8, 0.1)} Q${at(0.86, 0.12)} ${at(0.9, 0.17)} L${at(1, 0.36)} L${at(0.86, 0.44)} L${at(0.785, 0.33)} Q${at(0.77, 0.65)} ${at(0.79, 0.97)} Q${at(0.5, 0.995)} ${at(0.21, 0.97)} Q${at(0.23, 0.65)} ${at(0.215, 0.33)} L${at(0.14, 0.44)} L${at(0, 0.36)} L${at(0.1, 0.17)} Q${at(0.14, 0.12)} ${at(0.2, 0.1)} Z`;
  const neckBack = `M${at(0.385, 0.06)} Q${at(0.5, 0.035)} ${at(0.615, 0.06)} Q${at(0.5, 0.125)} ${at(0.385, 0.06)} Z`;
  const rib = `M${at(0.385, 0.06)} Q${at(0.5, 0.14)} ${at(0.615, 0.06)}`;
  const hull: Point[] = [P(0.385, 0.06), P(0.615, 0.06), P(0.8, 0.1), P(1, 0.36), P(0.86, 0.44), P(0.785, 0.33), P(0.79, 0.97), P(0.5, 0.995), P(0.21, 0.97), P(0.215, 0.33), P(0.14, 0.44), P(0, 0.36), P(0.2, 0.1)];
  const quad: Quad = [P(0.335, 0.22), P(0.665, 0.22), P(0.665, 0.6), P(0.335, 0.6)];
  const fold = (d: string, width: number, opacity: number) => `<path d="${d}" stroke="#000" stroke-opacity="${opacity}" stroke-width="${width * k}" fill="none" filter="url(#soft)"/>`;
  const multiply = `<svg xmlns="http://www.w3.org/2000/svg" width="${s.width}" height="${s.height}"><defs>
      <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${k * 0.018}"/></filter>
      <linearGradient id="sides" x1="0" x2="1"><stop offset="0" stop-color="#b8b8b8"/><stop offset="0.25" stop-color="#fff"/><stop offset="0.55" stop-color="#fff"/><stop offset="0.8" stop-color="#e8e8e8"/><stop offset="1" stop-color="#a8a8a8"/></linearGradient>
      <clipPath id="shirt"><path d="${outline}"/></clipPath></defs>
      <rect width="${s.width}" height="${s.height}" fill="#fff"/>
      <g clip-path="url(#shirt)"><rect x="${P(0, 0)[0]}" y="${P(0, 0)[1]}" width="${k}" height="${k}" fill="url(#sides)"/>
      <g style="mix-blend-mode:multiply">${fold(`M${at(0.24, 0.38)} Q${at(0.32, 0.55)} ${at(0.3, 0.78)}`, 0.035, 0.07)}${fold(`M${at(0.76, 0.38)} Q${at(0.7, 0.6)} ${at(0.72, 0.86)}`, 0.035, 0.06)}${fold(`M${at(0.16, 0.22)} L${at(0.24, 0.32)}`, 0.012, 0.16)}${fold(`M${at(0.84, 0.22)} L${at(0.76, 0.32)}`, 0.012, 0.16)}</g></g></svg>`;
  return {
    body: `<path d="${outline}" fill="#f4f4f5"/><path d="${neckBack}" fill="#c4c4c8"/>`,
    prints: [{ kind: 'quad', quad, aspect: (0.33 * k) / (0.38 * k), light: 0.97, opacity: 0.94, clearPadding: true }],
    overlay: `<path d="${rib}" stroke="#d4d4d8" stroke-width="${k * 0.018}" fill="none"/><path d="${outline}" fill="none" stroke="#a1a1aa" stroke-opacity="0.6" stroke-width="${Math.max(1, k * 0.002)}"/>`,
    multiply,
    shadows: dropShadow(hull, s.width * 0.8),
  };
}

/** The mug's body shading across its width (0 = left edge, 1 = right), as brightness: a studio light front left. */
const MUG_STOPS: ReadonlyArray<readonly [number, number]> = [[0, 0.62], [0.16, 0.9], [0.34, 1.04], [0.6, 0.95], [0.86, 0.72], [1, 0.52]];
function mugShade(f: number): number {
  for (let i = 1; i < MUG_STOPS.length; i++) {
    const [x1, y1] = MUG_STOPS[i]!;
    const [x0, y0] = MUG_STOPS[i - 1]!;
    if (f <= x1) return y0 + ((y1 - y0) * (f - x0)) / (x1 - x0);
  }
  return MUG_STOPS[MUG_STOPS.length - 1]![1];
}

function coffeeMug(s: SceneInput): Scene {
  const box = stage(s, 0.6);
  // In mug radii: body 2 wide and 2.3 tall, the handle reaching 0.62 to the right, rims 0.28 deep.
  const ry = 0.28;
  const unit = Math.min(box.w / 2.7, box.h / (2.3 + 2 * ry + 0.1));
  const R = unit;
  const e = ry * unit;
  const cx = box.x + (box.w - 2.62 * unit) / 2 + R;
  const yt = box.y + (box.h - (2.3 * unit + 2 * e)) / 2 + e;
  const yb = yt + 2.3 * unit;
  const n = (v: number) => Math.round(v * 10) / 10;
  const bodyPath = `M${n(cx - R)} ${n(yt)} L${n(cx - R)} ${n(yb)} A${n(R)} ${n(e)} 0 0 0 ${n(cx + R)} ${n(yb)} L${n(cx + R)} ${n(yt)} A${n(R)} ${n(e)} 0 0 0 ${n(cx - R)} ${n(yt)} Z`;
  const stops = MUG_STOPS.map(([o, b]) => `<stop offset="${o}" stop-color="${shade('#f5f5f4', b)}"/>`).join('');
  const hx = cx + R * 0.96;
  const handle = `M${n(hx)} ${n(yt + 0.42 * unit)} C${n(cx + R + 0.78 * unit)} ${n(yt + 0.3 * unit)} ${n(cx + R + 0.82 * unit)} ${n(yb - 0.5 * unit)} ${n(hx)} ${n(yb - 0.62 * unit)}`;
  const labelTop = yt + e + 0.32 * unit;
  const labelH = 1.3 * unit;
  const halfAngle = (60 * Math.PI) / 180;
  const cylinder: Cylinder = { cx, radius: R * 1.002, top: labelTop, bottom: labelTop + labelH, ellipse: e, halfAngle };
  const body = `<defs><linearGradient id="mug" gradientUnits="userSpaceOnUse" x1="${n(cx - R)}" y1="0" x2="${n(cx + R)}" y2="0">${stops}</linearGradient>
      <linearGradient id="inside" gradientUnits="userSpaceOnUse" x1="${n(cx - R)}" y1="0" x2="${n(cx + R)}" y2="0"><stop offset="0" stop-color="#d6d3d1"/><stop offset="0.5" stop-color="#a8a29e"/><stop offset="1" stop-color="#78716c"/></linearGradient>
      <linearGradient id="handle" gradientUnits="userSpaceOnUse" x1="${n(cx + R)}" y1="0" x2="${n(cx + R + 0.8 * unit)}" y2="0"><stop offset="0" stop-color="#a8a29e"/><stop offset="0.5" stop-color="#e7e5e4"/><stop offset="1" stop-color="#8a8580"/></linearGradient></defs>
      <path d="${handle}" stroke="url(#handle)" stroke-width="${n(0.2 * unit)}" fill="none" stroke-linecap="round"/>
      <path d="${bodyPath}" fill="url(#mug)"/>
      <ellipse cx="${n(cx)}" cy="${n(yt)}" rx="${n(R)}" ry="${n(e)}" fill="#fafaf9"/>
      <ellipse cx="${n(cx)}" cy="${n(yt + e * 0.06)}" rx="${n(R * 0.93)}" ry="${n(e * 0.86)}" fill="url(#inside)"/>`;
  // The outside of the body below the rim: the shine must not fall into the mug's opening.
  const frontPath = `M${n(cx - R)} ${n(yt)} A${n(R)} ${n(e)} 0 0 0 ${n(cx + R)} ${n(yt)} L${n(cx + R)} ${n(yb)} A${n(R)} ${n(e)} 0 0 1 ${n(cx - R)} ${n(yb)} Z`;
  const shine = `<defs><clipPath id="mugclip"><path d="${frontPath}"/></clipPath><linearGradient id="shine" gradientUnits="userSpaceOnUse" x1="${n(cx - R)}" y1="0" x2="${n(cx + R)}" y2="0"><stop offset="0.22" stop-color="#fff" stop-opacity="0"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.55"/><stop offset="0.36" stop-color="#fff" stop-opacity="0"/><stop offset="0.9" stop-color="#fff" stop-opacity="0"/><stop offset="0.95" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs><rect clip-path="url(#mugclip)" x="${n(cx - R)}" y="${n(yt)}" width="${n(2 * R)}" height="${n(yb - yt + e)}" fill="url(#shine)"/>`;
  const foot: Point[] = [];
  for (let k = 0; k < 24; k++) foot.push([cx + R * Math.cos((k / 24) * 2 * Math.PI), yb + e * Math.sin((k / 24) * 2 * Math.PI)]);
  const wide = foot.map(([x, y]): Point => [cx + (x - cx) * 1.25 + R * 0.15, yb + (y - yb) * 1.6]);
  return {
    body,
    prints: [{ kind: 'cylinder', cylinder, aspect: (2 * R * halfAngle) / labelH, light: (theta) => mugShade((Math.sin(theta) + 1) / 2), clearPadding: true }],
    overlay: shine,
    shadows: [
      { points: wide, blur: unit * 0.18, opacity: 0.3 },
      { points: foot, blur: unit * 0.05, opacity: 0.4 },
    ],
  };
}

const LAPTOP: LaptopLook = {
  body: '#1f2937',
  deck: '#374151',
  keys: '#111827',
  bezel: '#0b0f19',
  cam: { yaw: -26, pitch: 20, distance: 120 },
  baseH: 1.6,
  lidTilt: 14,
  bezels: { side: 1.1, top: 1.1, chin: 1.9 },
  notch: false,
};

const MODERN_LAPTOP: LaptopLook = {
  body: '#c7ccd3',
  deck: '#d4d8de',
  keys: '#1c1c1e',
  bezel: '#0a0a0a',
  cam: { yaw: -16, pitch: 14, distance: 140 },
  baseH: 0.9,
  lidTilt: 18,
  bezels: { side: 0.55, top: 0.6, chin: 0.9 },
  notch: true,
};

/** Builds the scene of a template for an image of the given size. */
export function buildScene(id: TemplateId, input: SceneInput): Scene {
  switch (id) {
    case 'laptop-screen':
      return laptop(input, LAPTOP);
    case 'modern-laptop':
      return laptop(input, MODERN_LAPTOP);
    case 'phone-display':
      return slab(input, { w: 7.2, h: 15, r: 1.1, depth: 0.85, bezel: 0.32, cam: { yaw: -24, pitch: 6, distance: 60 }, frame: '#6b7280', island: true, stageK: 0.5 });
    case 'tablet-screen':
      return slab(input, { w: 17.8, h: 24.8, r: 1.3, depth: 0.7, bezel: 1.0, cam: { yaw: 20, pitch: 6, distance: 110 }, frame: '#9ca3af', island: false, stageK: 0.6 });
    case 'software-box':
      return softwareBox(input);
    case 'book-cover':
      return bookCover(input);
    case 't-shirt':
      return tshirt(input);
    case 'coffee-mug':
      return coffeeMug(input);
    case 'poster':
      return poster(input);
    case 'billboard':
      return billboard(input);
    case 'framed-art':
      return framedArt(input);
    case 'canvas':
      return canvasPrint(input);
  }
}
