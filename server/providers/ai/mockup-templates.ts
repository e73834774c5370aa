import sharp, { type OverlayOptions } from 'sharp';
import {
  MOCKUP_ASPECT_TOLERANCE,
  MOCKUP_DEFAULT_COLORS,
  MOCKUP_DIMENSIONS,
  type MockupDimension,
  type MockupStyle,
} from '../../../contract/ai.ts';
import { buildScene, type Print, type Shadow } from './mockup-devices.ts';
import { warpCylinder, warpQuad, type Raster } from './mockup-homography.ts';
import { templateFor } from './mockup-style.ts';

export interface MockupOptions {
  artwork: Buffer;
  style: MockupStyle;
  /** Only chooses the template a custom mockup is drawn as: never drawn on the image. */
  customStyle?: string;
  background: 'photo-studio' | 'plain-color' | 'gradient';
  color1?: string;
  color2?: string;
  dimensions: MockupDimension;
  shadow: boolean;
}

export interface RenderedMockup {
  image: Buffer;
  /** The template drawn ('coffee-mug', 'canvas', …) and its name for the result's text. */
  template: string;
  templateName: string;
  /** A custom style drawn as the template its description named (false: the neutral canvas print). */
  fromDescription: boolean;
}

const color = (value: string | undefined, fallback: string) => `#${(value ?? fallback).replace('#', '')}`;

function backgroundSvg(o: MockupOptions, w: number, h: number): string {
  const c1 = color(o.color1, MOCKUP_DEFAULT_COLORS.color1);
  const c2 = color(o.color2, MOCKUP_DEFAULT_COLORS.color2);
  const fill =
    o.background === 'plain-color'
      ? `<rect width="${w}" height="${h}" fill="${c1}"/>`
      : o.background === 'gradient'
        ? `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`
        : // A studio sweep: a bright spot behind the product, falling off to the corners, the floor a touch darker.
          `<defs><radialGradient id="bg" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="#fafafa"/><stop offset="0.55" stop-color="#e7e7e9"/><stop offset="1" stop-color="#a8a8ae"/></radialGradient><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.08"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#floor)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${fill}</svg>`;
}

const svg = (w: number, h: number, inner: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${inner}</svg>`);

/** A blurred polygon, drawn on a canvas just big enough for it and its blur (blurring the whole image is slow). */
async function shadowLayer(s: Shadow, W: number, H: number): Promise<OverlayOptions | null> {
  const pad = Math.ceil(s.blur * 3) + 2;
  const x0 = Math.max(0, Math.floor(Math.min(...s.points.map((p) => p[0]))) - pad);
  const y0 = Math.max(0, Math.floor(Math.min(...s.points.map((p) => p[1]))) - pad);
  const x1 = Math.min(W, Math.ceil(Math.max(...s.points.map((p) => p[0]))) + pad);
  const y1 = Math.min(H, Math.ceil(Math.max(...s.points.map((p) => p[1]))) + pad);
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  const pts = s.points.map(([x, y]) => `${(x - x0).toFixed(1)},${(y - y0).toFixed(1)}`).join(' ');
  let layer = sharp(svg(x1 - x0, y1 - y0, `<polygon points="${pts}" fill="#000" fill-opacity="${s.opacity}"/>`));
  if (s.blur >= 0.3) layer = sharp(await layer.png().toBuffer()).blur(Math.max(0.3, s.blur));
  return { input: await layer.png().toBuffer(), left: x0, top: y0 };
}

/**
 * Fits the artwork to a print's shape at about the size it will cover on the image (sharp's resampling does the
 * big reduction well; the warp then samples near 1:1): cropped to fill when the shapes are within 15%, else padded
 * with white (spec 2 §9). Rounded corners are cut in the artwork's own space, so the warp bends them with it.
 */
async function fitArtwork(artwork: Buffer, print: Print, coveredWidth: number): Promise<Raster> {
  const w = Math.max(2, Math.min(2400, Math.round(coveredWidth)));
  const h = Math.max(2, Math.round(w / print.aspect));
  const meta = await sharp(artwork).metadata();
  const artAspect = meta.width! / meta.height!;
  const close = Math.abs(artAspect - print.aspect) / print.aspect <= MOCKUP_ASPECT_TOLERANCE;
  let image = sharp(artwork).flatten({ background: '#ffffff' });
  image = sharp(await image.png().toBuffer()).resize(w, h, { fit: close ? 'cover' : 'contain', background: { r: 255, g: 255, b: 255, alpha: print.clearPadding ? 0 : 1 } });
  const radius = print.kind === 'quad' ? (print.radius ?? 0) * w : 0;
  if (radius > 0) {
    const mask = svg(w, h, `<rect width="${w}" height="${h}" rx="${radius}" fill="#fff"/>`);
    image = sharp(await image.png().toBuffer()).composite([{ input: mask, blend: 'dest-in' }]);
  }
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The width the print covers on the image, in pixels (its longer horizontal edge; the mug's arc). */
function coveredWidth(print: Print): number {
  if (print.kind === 'cylinder') return print.cylinder.radius * 2 * print.cylinder.halfAngle;
  const [a, b, c, d] = print.quad;
  const top = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const bottom = Math.hypot(c[0] - d[0], c[1] - d[1]);
  const left = Math.hypot(d[0] - a[0], d[1] - a[1]);
  const right = Math.hypot(c[0] - b[0], c[1] - b[1]);
  return Math.max(top, bottom, Math.max(left, right) * print.aspect);
}

/** The artwork's average colour: the software box's sides are printed in it. */
async function accentOf(artwork: Buffer): Promise<string> {
  const { data } = await sharp(artwork).flatten({ background: '#ffffff' }).resize(1, 1, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return `#${[data[0]!, data[1]!, data[2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** A right-edge strip of the front print, mirrored: how a gallery wrap's side continues the picture. */
function wrapStrip(front: Raster, stripAspect: number): Raster {
  const w = Math.max(2, Math.min(front.width, Math.round(front.height * stripAspect)));
  const out = Buffer.alloc(w * front.height * 4);
  for (let y = 0; y < front.height; y++) {
    for (let x = 0; x < w; x++) {
      const from = (y * front.width + (front.width - 1 - x)) * 4;
      out.set(front.data.subarray(from, from + 4), (y * w + x) * 4);
    }
  }
  return { data: out, width: w, height: front.height };
}

/**
 * Draws one mockup: the background, the product's soft shadows, the product drawn in perspective, the artwork
 * warped onto its screen, cover or label (a homography; a cylinder for the mug) with the surface's light, then
 * glare and details over it. A custom style is drawn as the template its description names, or as a neutral
 * canvas print; its words are never drawn.
 */
export async function renderMockup(o: MockupOptions): Promise<RenderedMockup> {
  const { width: W, height: H } = MOCKUP_DIMENSIONS[o.dimensions];
  const choice = templateFor(o.style, o.customStyle);
  const meta = await sharp(o.artwork).metadata();
  const artAspect = meta.width && meta.height ? meta.width / meta.height : 1;
  const scene = buildScene(choice.template, { width: W, height: H, accent: await accentOf(o.artwork), artAspect });

  const layers: OverlayOptions[] = [];
  if (o.shadow) {
    for (const s of scene.shadows) {
      const layer = await shadowLayer(s, W, H);
      if (layer) layers.push(layer);
    }
  }
  layers.push({ input: svg(W, H, scene.body), left: 0, top: 0 });
  const { data, info } = await sharp(Buffer.from(backgroundSvg(o, W, H)))
    .composite(layers)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const canvas: Raster = { data, width: info.width, height: info.height };

  let front: Raster | null = null;
  for (const print of scene.prints) {
    if (print.kind === 'cylinder') {
      warpCylinder(canvas, await fitArtwork(o.artwork, print, coveredWidth(print)), print.cylinder, print.light);
      continue;
    }
    const source: Raster = print.wrapOf && front ? wrapStrip(front, print.wrapOf) : await fitArtwork(o.artwork, print, coveredWidth(print));
    front ??= source;
    const light = print.light ?? 1;
    const opacity = print.opacity ?? 1;
    if (opacity < 1) for (let i = 3; i < source.data.length; i += 4) source.data[i] = Math.round(source.data[i]! * opacity);
    warpQuad(canvas, source, print.quad, light === 1 ? undefined : () => light);
  }

  const top: OverlayOptions[] = [{ input: svg(W, H, scene.overlay), left: 0, top: 0 }];
  if (scene.multiply) top.push({ input: Buffer.from(scene.multiply), left: 0, top: 0, blend: 'multiply' });
  const image = await sharp(canvas.data, { raw: { width: W, height: H, channels: 4 } })
    .composite(top)
    .removeAlpha()
    .png()
    .toBuffer();
  return { image, template: choice.template, templateName: choice.name, fromDescription: choice.fromDescription };
}
