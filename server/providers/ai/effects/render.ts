import sharp from 'sharp';
import { cartoon, comicInk, neon, oilPaint, pencilSketch, popArt, watercolour } from './artistic.ts';
import { EFFECTS } from './catalogue.ts';
import * as colour from './colour.ts';
import { centreEllipse, decode, type EffectFn, mix, type Rgb, toSharp } from './pixels.ts';

/**
 * The effects' pixel work, on the calling thread: what a thread of the render pool (render-pool/) runs. The server calls
 * `applyEffects` (index.ts), which hands it to the pool so the pixel passes never block the event loop.
 */

const RENDERERS: Record<string, EffectFn> = {
  watercolour,
  'pencil-sketch': pencilSketch,
  cartoon,
  'oil-paint': oilPaint,
  'golden-hour': colour.goldenHour,
  'black-and-white': colour.blackAndWhite,
  'vintage-film': colour.vintageFilm,
  neon,
  duotone: colour.duotone,
  'high-key': colour.highKey,
  'low-key': colour.lowKey,
  hdr: colour.hdr,
  'blur-background': colour.blurBackground,
  vignette: colour.vignette,
  sepia: colour.sepia,
  cinematic: colour.cinematic,
  pastel: colour.pastel,
  'pop-art': popArt,
  noir: colour.noir,
  cyberpunk: colour.cyberpunk,
  infrared: colour.infrared,
  faded: colour.faded,
  cool: colour.cool,
  vivid: colour.vivid,
  'comic-ink': comicInk,
};

export interface EffectOptions {
  /** 0..1, default 0.7: how far from the source towards the full effect. */
  strength?: number;
  /** PNG, one channel, the image's size: white = the subject (blur background keeps it sharp). */
  subjectMask?: Buffer;
}

export const DEFAULT_STRENGTH = 0.7;

/** What the render pool is sent for `renderEffects` (render-pool/renders.ts). */
export interface EffectsJob {
  image: Uint8Array;
  effectIds: string[];
  options: EffectOptions;
}

/**
 * The share of the effect mixed over the source. Even the lowest strength keeps a third of the effect, so the
 * look the prompt asked for is always visible; 1 gives the effect alone.
 */
export const effectShare = (strength: number) => 0.3 + 0.7 * Math.min(1, Math.max(0, strength));

async function subjectOf(img: Rgb, mask: Buffer | undefined): Promise<Float32Array> {
  if (!mask) return centreEllipse(img.width, img.height);
  const data = await sharp(mask).resize(img.width, img.height, { fit: 'fill' }).removeAlpha().extractChannel(0).raw().toBuffer();
  return Float32Array.from(data, (v) => v / 255);
}

export function rendererOf(effectId: string): EffectFn {
  const render = Object.hasOwn(RENDERERS, effectId) ? RENDERERS[effectId] : undefined;
  if (!render) throw new RangeError(`Unknown effect '${effectId}'. Known: ${EFFECTS.map((e) => e.id).join(', ')}`);
  return render;
}

/** Applies effects one after another on this thread; PNG out, the input's size. */
export async function renderEffects(image: Buffer, effectIds: readonly string[], options: EffectOptions = {}): Promise<Buffer> {
  const renderers = effectIds.map(rendererOf);
  let img = await decode(image);
  const share = effectShare(options.strength ?? DEFAULT_STRENGTH);
  const subject = renderers.length > 0 ? await subjectOf(img, options.subjectMask) : new Float32Array(0);
  for (const render of renderers) img = mix(img, await render(img, { subject }), share);
  return toSharp(img).png().toBuffer();
}

