import sharp from 'sharp';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { applyEffects, chooseEffect, chooseEffects, type EffectInfo } from './effects/index.ts';
import type { ImageEditor, ImageEditRequest, ImageResult } from './types.ts';
import { ProviderError } from './types.ts';

export const LOCAL_ENGINE = 'Local engine';

/** At most this many named effects are chained: more turn into mud and cost seconds. */
const MAX_EFFECTS = 2;

/** The effects the user's words name (in their order), or one picked by their hash so each prompt still differs. */
export function chooseLocalEffects(words: string, salt: number): EffectInfo[] {
  const named = chooseEffects(words).slice(0, MAX_EFFECTS);
  return named.length > 0 ? named : [chooseEffect(words, salt)];
}

const listNames = (effects: EffectInfo[]) =>
  effects.length === 1 ? `the ${effects[0]!.name} effect` : `the ${effects.map((e) => e.name).join(' and ')} effects`;

/** The green (#00FF00) that marks an area to fill, within a tolerance. */
const isFillGreen = (r: number, g: number, b: number) => g > 200 && r < 80 && b < 80;

/**
 * The offline image editor: the effect library driven by the prompt (which effect) and variability (how
 * strongly). Areas marked for painting (the inpaint mask, or the green of an extension) are first filled from
 * their surroundings. It says plainly that it is the local engine and which effect it applied.
 */
export function createLocalImageEditor(): ImageEditor {
  return {
    name: LOCAL_ENGINE,
    async editImage(request: ImageEditRequest): Promise<ImageResult> {
      const source = request.images[0];
      if (!source) throw new ProviderError(LOCAL_ENGINE, 'No image to edit', 400, 'unknown');
      try {
        const variability = Math.min(10, Math.max(1, request.variability ?? 5));
        // The user's own words when the caller gives them: a use case's instruction for generative models ("Create a
        // variation… Paint every pure green area…") must not pick an effect by its own words ("Paint").
        const words = request.userPrompt ?? request.prompt;
        const effects = chooseLocalEffects(words, source.data.length);
        // An effect the user named is what they asked for: applied in full at every variability. Variability sets how
        // far the preview strays only where the engine chose the look itself (a prompt naming none of its effects).
        const named = chooseEffects(words).length > 0;
        const strength = named ? 1 : variability / 10;
        const { data, info } = await sharp(source.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const { width, height, channels } = info;

        // Which pixels to repaint: the mask's white, plus any fill-green (an extension).
        const paint = new Uint8Array(width * height);
        let maskPixels: Buffer | null = null;
        if (request.mask) {
          maskPixels = await sharp(request.mask.data).resize(width, height, { fit: 'fill' }).removeAlpha().extractChannel(0).raw().toBuffer();
        }
        let painted = 0;
        for (let p = 0; p < width * height; p++) {
          const i = p * channels;
          if ((maskPixels && maskPixels[p]! > 127) || isFillGreen(data[i]!, data[i + 1]!, data[i + 2]!)) {
            paint[p] = 1;
            painted++;
          }
        }

        // Fill first, so the effect runs over the repainted areas as over the rest.
        const filled = painted > 0
          ? await sharp(await fillFromSurroundings(data, paint, width, height, channels), { raw: { width, height, channels } }).png().toBuffer()
          : source.data;
        const result = await applyEffects(filled, effects.map((e) => e.id), { strength });
        const repainted = painted > 0 ? ` Repainted ${Math.round((painted / (width * height)) * 100)}% of the image from its surroundings.` : '';
        return {
          data: result,
          mime: 'image/png',
          text: `${LOCAL_PREVIEW_NOTE}. Applied ${listNames(effects)} ${named ? 'in full, as your prompt asked' : `at variability ${variability}`}.${repainted} Set an AI provider for generative results.`,
          provider: LOCAL_ENGINE,
          model: 'libvips',
        };
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        throw new ProviderError(LOCAL_ENGINE, `The image could not be processed: ${(err as Error).message}`, 500, 'server');
      }
    },
  };
}

/** Largest side the fill is computed at: wide blurs are cheap there, and the fill is smooth anyway. */
const FILL_SIDE = 256;

/**
 * Fills marked pixels from the colours around them. Large images are filled at a small size (so wide areas cost
 * milliseconds, not minutes) and the fill is scaled back up; known pixels are never touched.
 */
async function fillFromSurroundings(data: Buffer, paint: Uint8Array, width: number, height: number, channels: number): Promise<Buffer> {
  const scale = FILL_SIDE / Math.max(width, height);
  if (scale >= 1) return fillPasses(data, paint, width, height, channels);

  const sw = Math.max(1, Math.round(width * scale));
  const sh = Math.max(1, Math.round(height * scale));
  const colours = Buffer.alloc(width * height * 3);
  const weights = Buffer.alloc(width * height);
  for (let p = 0; p < width * height; p++) {
    if (paint[p]) continue;
    for (let c = 0; c < 3; c++) colours[p * 3 + c] = data[p * channels + c]!;
    weights[p] = 255;
  }
  // Area-averaged copies: colour sum over weight gives the known colour of each small pixel.
  const [smallColours, smallWeights] = await Promise.all([
    sharp(colours, { raw: { width, height, channels: 3 } }).resize(sw, sh, { kernel: 'linear' }).raw().toBuffer(),
    sharp(weights, { raw: { width, height, channels: 1 } }).resize(sw, sh, { kernel: 'linear' }).extractChannel(0).raw().toBuffer(),
  ]);
  const small = Buffer.alloc(sw * sh * 3);
  const smallPaint = new Uint8Array(sw * sh);
  for (let p = 0; p < sw * sh; p++) {
    const w = smallWeights[p]!;
    if (w < 128) smallPaint[p] = 1;
    for (let c = 0; c < 3; c++) small[p * 3 + c] = w > 0 ? Math.min(255, Math.round((smallColours[p * 3 + c]! * 255) / w)) : 0;
  }
  const filledSmall = await fillPasses(small, smallPaint, sw, sh, 3);
  const filled = await sharp(filledSmall, { raw: { width: sw, height: sh, channels: 3 } }).resize(width, height, { kernel: 'cubic' }).blur(1.5).raw().toBuffer();
  const out = Buffer.from(data);
  for (let p = 0; p < width * height; p++) {
    if (!paint[p]) continue;
    for (let c = 0; c < 3; c++) out[p * channels + c] = filled[p * 3 + c]!;
  }
  return out;
}

/**
 * Fills marked pixels from a blurred copy of the unmarked ones (a normalised blur: colour sum over weight), from
 * the edge inwards in passes of growing width.
 */
async function fillPasses(data: Buffer, paint: Uint8Array, width: number, height: number, channels: number): Promise<Buffer> {
  const out = Buffer.from(data);
  const todo = Uint8Array.from(paint);
  let sigma = Math.max(2, Math.round(Math.max(width, height) / 40));
  for (let pass = 0; pass < 8; pass++) {
    // Two plain images, blurred alike: the known colours (zero where unknown) and the known weight.
    const colours = Buffer.alloc(width * height * 3);
    const weights = Buffer.alloc(width * height);
    let remaining = 0;
    for (let p = 0; p < width * height; p++) {
      if (todo[p]) {
        remaining++;
        continue;
      }
      for (let c = 0; c < 3; c++) colours[p * 3 + c] = out[p * channels + c]!;
      weights[p] = 255;
    }
    if (remaining === 0) break;
    const [blurredColours, blurredWeights] = await Promise.all([
      sharp(colours, { raw: { width, height, channels: 3 } }).blur(sigma).raw().toBuffer(),
      sharp(weights, { raw: { width, height, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer(),
    ]);
    const last = pass === 7;
    for (let p = 0; p < width * height; p++) {
      if (!todo[p]) continue;
      const weight = blurredWeights[p]!;
      if (weight < 16 && !last) continue; // too far from known pixels: a later, wider pass fills it
      for (let c = 0; c < 3; c++) {
        out[p * channels + c] = weight > 0 ? Math.min(255, Math.round((blurredColours[p * 3 + c]! * 255) / weight)) : 128;
      }
      todo[p] = 0;
    }
    sigma *= 2;
  }
  return out;
}
