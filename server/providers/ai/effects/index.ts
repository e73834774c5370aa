import { isMainThread } from 'node:worker_threads';
import { asBuffer, sharedRenderPool } from '../render-pool/pool.ts';
import { renderEffects, rendererOf, type EffectOptions, type EffectsJob } from './render.ts';

/**
 * The local engine's effect library: named, visibly different looks built from libvips operations and pixel
 * passes, chosen by the prompt's words. It changes how a photo looks; it never adds or invents content.
 * The pixel passes run on the render pool's threads (render-pool/), never on the event loop that answers HTTP.
 */
export { chooseEffect, chooseEffects, EFFECTS, type EffectInfo } from './catalogue.ts';
export { DEFAULT_STRENGTH, effectShare, type EffectOptions } from './render.ts';

/**
 * Applies effects one after another (e.g. Watercolour then Golden hour); PNG out, the input's size. On the main thread
 * the work goes to the render pool; a render already on a pool thread (a whole thumbnail) does it where it is.
 */
export async function applyEffects(image: Buffer, effectIds: readonly string[], options: EffectOptions = {}): Promise<Buffer> {
  // An unknown id is refused here, as a RangeError, before anything is sent to a thread.
  for (const id of effectIds) rendererOf(id);
  if (!isMainThread) return renderEffects(image, effectIds, options);
  return asBuffer(await sharedRenderPool().run<Uint8Array>('effects', { image, effectIds: [...effectIds], options } satisfies EffectsJob));
}

/** Applies one effect by id; PNG out, the input's size. Throws a RangeError for an unknown id. */
export function applyEffect(image: Buffer, effectId: string, options?: EffectOptions): Promise<Buffer> {
  return applyEffects(image, [effectId], options);
}
