import sharp, { type OverlayOptions } from 'sharp';
import {
  MOCKUP_ASPECT_TOLERANCE,
  MOCKUP_DEFAULT_COLORS,
  MOCKUP_DIMENSIONS,
  type MockupDimension,
  type MockupStyle,
} from '../../../contract/ai.ts';

export interface MockupOptions {
  artwork: Buffer;
  style: MockupStyle;
  customStyle?: string;
  background: 'photo-studio' | 'plain-color' | 'gradient';
  color1?: string;
  color2?: string;
  dimensions: MockupDimension;
  shadow: boolean;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A drawn product: its body and overlay (SVG fragments in a box of w x h) and where the artwork goes. */
interface Template {
  /** Width / height of the whole product. */
  aspect: number;
  body(w: number, h: number): string;
  screen(w: number, h: number): Rect;
  overlay?(w: number, h: number): string;
  /** Rounded corners of the artwork. */
  radius?(w: number, h: number): number;
}

const TEMPLATES: Record<MockupStyle, Template> = {
  'laptop-screen': {
    aspect: 1.45,
    body: (w, h) => `<rect x="${w * 0.08}" y="0" width="${w * 0.84}" height="${h * 0.86}" rx="${w * 0.025}" fill="#1f2937"/>
      <path d="M0 ${h * 0.88} L${w} ${h * 0.88} L${w * 0.96} ${h} L${w * 0.04} ${h} Z" fill="#9ca3af"/>
      <rect x="0" y="${h * 0.86}" width="${w}" height="${h * 0.03}" rx="${h * 0.01}" fill="#d1d5db"/>
      <rect x="${w * 0.42}" y="${h * 0.86}" width="${w * 0.16}" height="${h * 0.015}" fill="#6b7280"/>`,
    screen: (w, h) => ({ x: w * 0.11, y: h * 0.04, w: w * 0.78, h: h * 0.78 }),
  },
  'modern-laptop': {
    aspect: 1.5,
    body: (w, h) => `<rect x="${w * 0.07}" y="0" width="${w * 0.86}" height="${h * 0.9}" rx="${w * 0.02}" fill="#e5e7eb" stroke="#9ca3af" stroke-width="${w * 0.003}"/>
      <rect x="0" y="${h * 0.9}" width="${w}" height="${h * 0.06}" rx="${h * 0.03}" fill="#d1d5db"/>
      <rect x="${w * 0.44}" y="${h * 0.9}" width="${w * 0.12}" height="${h * 0.02}" rx="${h * 0.01}" fill="#9ca3af"/>`,
    screen: (w, h) => ({ x: w * 0.085, y: h * 0.02, w: w * 0.83, h: h * 0.86 }),
  },
  'phone-display': {
    aspect: 0.49,
    body: (w, h) => `<rect x="0" y="0" width="${w}" height="${h}" rx="${w * 0.16}" fill="#111827"/>
      <rect x="${w * 0.015}" y="${h * 0.007}" width="${w * 0.97}" height="${h * 0.986}" rx="${w * 0.15}" fill="#374151"/>`,
    screen: (w, h) => ({ x: w * 0.05, y: h * 0.024, w: w * 0.9, h: h * 0.952 }),
    overlay: (w, h) => `<rect x="${w * 0.34}" y="${h * 0.035}" width="${w * 0.32}" height="${h * 0.022}" rx="${h * 0.011}" fill="#111827"/>`,
    radius: (w) => w * 0.12,
  },
  'tablet-screen': {
    aspect: 0.76,
    body: (w, h) => `<rect x="0" y="0" width="${w}" height="${h}" rx="${w * 0.06}" fill="#1f2937"/>`,
    screen: (w, h) => ({ x: w * 0.06, y: h * 0.045, w: w * 0.88, h: h * 0.91 }),
    radius: (w) => w * 0.02,
  },
  'software-box': {
    aspect: 0.9,
    body: (w, h) => `<path d="M${w * 0.8} ${h * 0.04} L${w} 0 L${w} ${h * 0.94} L${w * 0.8} ${h} Z" fill="#374151"/>
      <rect x="0" y="${h * 0.04}" width="${w * 0.8}" height="${h * 0.96}" fill="#f9fafb"/>`,
    screen: (w, h) => ({ x: w * 0.02, y: h * 0.06, w: w * 0.76, h: h * 0.92 }),
    overlay: (w, h) => `<rect x="${w * 0.8}" y="${h * 0.1}" width="${w * 0.2}" height="${h * 0.05}" fill="#7c3aed" opacity="0.8"/>`,
  },
  'book-cover': {
    aspect: 0.72,
    body: (w, h) => `<rect x="${w * 0.06}" y="${h * 0.01}" width="${w * 0.94}" height="${h * 0.98}" fill="#f3f4f6" stroke="#d1d5db"/>
      <rect x="0" y="0" width="${w * 0.95}" height="${h}" rx="${w * 0.01}" fill="#1f2937"/>`,
    screen: (w, h) => ({ x: w * 0.05, y: 0, w: w * 0.9, h }),
    overlay: (w, h) => `<rect x="${w * 0.05}" y="0" width="${w * 0.025}" height="${h}" fill="#000" opacity="0.25"/>`,
  },
  't-shirt': {
    aspect: 1,
    body: (w, h) => `<path d="M${w * 0.32} ${h * 0.04} Q${w * 0.5} ${h * 0.14} ${w * 0.68} ${h * 0.04} L${w * 0.98} ${h * 0.2} L${w * 0.86} ${h * 0.38} L${w * 0.78} ${h * 0.33} L${w * 0.78} ${h * 0.98} L${w * 0.22} ${h * 0.98} L${w * 0.22} ${h * 0.33} L${w * 0.14} ${h * 0.38} L${w * 0.02} ${h * 0.2} Z" fill="#fafafa" stroke="#d4d4d8" stroke-width="${w * 0.004}"/>`,
    screen: (w, h) => ({ x: w * 0.33, y: h * 0.28, w: w * 0.34, h: h * 0.4 }),
  },
  'coffee-mug': {
    aspect: 1.25,
    body: (w, h) => `<path d="M${w * 0.74} ${h * 0.28} C${w} ${h * 0.25} ${w} ${h * 0.75} ${w * 0.74} ${h * 0.7}" fill="none" stroke="#e5e7eb" stroke-width="${w * 0.06}"/>
      <rect x="${w * 0.05}" y="${h * 0.05}" width="${w * 0.72}" height="${h * 0.9}" rx="${w * 0.05}" fill="#ffffff" stroke="#e5e7eb" stroke-width="${w * 0.005}"/>`,
    screen: (w, h) => ({ x: w * 0.14, y: h * 0.2, w: w * 0.54, h: h * 0.6 }),
    overlay: (w, h) => `<rect x="${w * 0.6}" y="${h * 0.08}" width="${w * 0.06}" height="${h * 0.84}" fill="#ffffff" opacity="0.35"/>`,
  },
  poster: {
    aspect: 0.7,
    body: (w, h) => `<rect x="0" y="0" width="${w}" height="${h}" fill="#ffffff"/>`,
    screen: (w, h) => ({ x: w * 0.05, y: h * 0.035, w: w * 0.9, h: h * 0.93 }),
    overlay: (w) => `<circle cx="${w * 0.5}" cy="${w * 0.02}" r="${w * 0.015}" fill="#dc2626"/>`,
  },
  billboard: {
    aspect: 1.6,
    body: (w, h) => `<rect x="${w * 0.2}" y="${h * 0.6}" width="${w * 0.04}" height="${h * 0.4}" fill="#4b5563"/>
      <rect x="${w * 0.76}" y="${h * 0.6}" width="${w * 0.04}" height="${h * 0.4}" fill="#4b5563"/>
      <rect x="0" y="0" width="${w}" height="${h * 0.68}" fill="#374151"/>`,
    screen: (w, h) => ({ x: w * 0.02, y: h * 0.03, w: w * 0.96, h: h * 0.62 }),
  },
  'framed-art': {
    aspect: 0.8,
    body: (w, h) => `<rect x="0" y="0" width="${w}" height="${h}" fill="#78350f"/>
      <rect x="${w * 0.04}" y="${w * 0.04}" width="${w * 0.92}" height="${h - w * 0.08}" fill="#fffbeb"/>`,
    screen: (w, h) => ({ x: w * 0.13, y: w * 0.13, w: w * 0.74, h: h - w * 0.26 }),
  },
  custom: {
    aspect: 1.33,
    body: (w, h) => `<rect x="0" y="0" width="${w}" height="${h}" rx="${w * 0.03}" fill="#ffffff"/>`,
    screen: (w, h) => ({ x: w * 0.04, y: w * 0.04, w: w * 0.92, h: h - w * 0.08 }),
    radius: (w) => w * 0.015,
  },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const color = (value: string | undefined, fallback: string) => `#${(value ?? fallback).replace('#', '')}`;

function backgroundSvg(o: MockupOptions, w: number, h: number): string {
  const c1 = color(o.color1, MOCKUP_DEFAULT_COLORS.color1);
  const c2 = color(o.color2, MOCKUP_DEFAULT_COLORS.color2);
  const fill =
    o.background === 'plain-color'
      ? `<rect width="${w}" height="${h}" fill="${c1}"/>`
      : o.background === 'gradient'
        ? `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`
        : `<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#fafafa"/><stop offset="0.6" stop-color="#e5e7eb"/><stop offset="1" stop-color="#9ca3af"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/><rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#000" opacity="0.05"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${fill}</svg>`;
}

/** Fits the artwork to the area: cropped to fill when the shapes are close (within 15%), else padded with white. */
async function fitArtwork(artwork: Buffer, area: Rect, radius: number): Promise<Buffer> {
  const w = Math.round(area.w);
  const h = Math.round(area.h);
  const meta = await sharp(artwork).metadata();
  const artAspect = meta.width! / meta.height!;
  const close = Math.abs(artAspect - w / h) / (w / h) <= MOCKUP_ASPECT_TOLERANCE;
  const fitted = await sharp(artwork)
    .resize(w, h, { fit: close ? 'cover' : 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  if (radius <= 0) return fitted;
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${radius}" fill="#fff"/></svg>`);
  return sharp(fitted).composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
}

/** Draws one mockup: background, soft shadow, the product, the artwork on it, and highlights. */
export async function renderMockup(o: MockupOptions): Promise<Buffer> {
  const { width: W, height: H } = MOCKUP_DIMENSIONS[o.dimensions];
  const t = TEMPLATES[o.style];
  const caption = o.style === 'custom' && o.customStyle ? 0.08 : 0;
  const maxW = W * 0.78;
  const maxH = H * (0.74 - caption);
  const w = Math.round(Math.min(maxW, maxH * t.aspect));
  const h = Math.round(w / t.aspect);
  const x = Math.round((W - w) / 2);
  const y = Math.round((H * (1 - caption) - h) / 2);

  const layers: OverlayOptions[] = [];
  const body = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${t.body(w, h)}</svg>`)).png().toBuffer();
  if (o.shadow) {
    // The product's own silhouette, blurred and offset: the shadow follows any shape.
    const pad = Math.round(Math.max(12, w * 0.06));
    const silhouette = await sharp(body).extractChannel(3).toBuffer();
    const shadow = await sharp({ create: { width: w, height: h, channels: 3, background: '#000000' } })
      .joinChannel(silhouette)
      .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const soft = await sharp(shadow).blur(Math.max(4, w * 0.02)).linear([1, 1, 1, 0.4], [0, 0, 0, 0]).png().toBuffer();
    layers.push({ input: soft, left: Math.round(x - pad + w * 0.025), top: Math.round(y - pad + h * 0.04) });
  }
  layers.push({ input: body, left: x, top: y });
  const area = t.screen(w, h);
  layers.push({ input: await fitArtwork(o.artwork, area, t.radius?.(w, h) ?? 0), left: Math.round(x + area.x), top: Math.round(y + area.y) });
  if (t.overlay) layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${t.overlay(w, h)}</svg>`), left: x, top: y });
  if (caption) {
    const text = esc(o.customStyle!.slice(0, 80));
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${Math.round(H * caption)}"><text x="50%" y="60%" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(H * 0.028)}" fill="#374151">${text}</text></svg>`,
      ),
      left: 0,
      top: Math.round(H * (1 - caption * 1.4)),
    });
  }
  return sharp(Buffer.from(backgroundSvg(o, W, H))).composite(layers).png().toBuffer();
}
