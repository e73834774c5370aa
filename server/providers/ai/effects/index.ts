import { sharedEffectPool } from './pool.ts';
import { rendererOf, type EffectOptions } from './render.ts';

/**
 * The local engine's effect library: named, visibly different looks built from libvips operations and pixel
 * passes, chosen by the prompt's words. It changes how a photo looks; it never adds or invents content.
 * The pixel passes run on the effect pool's threads (pool.ts), never on the event loop that answers HTTP.
 */
export { chooseEffect, chooseEffects, EFFECTS, type EffectInfo } from './catalogue.ts';
export { DEFAULT_STRENGTH, effectShare, type EffectOptions } from './render.ts';

/** Applies effects one after another (e.g. Watercolour then Golden hour); PNG out, the input's size. */
export async function applyEffects(image: Buffer, effectIds: readonly string[], options: EffectOptions = {}): Promise<Buffer> {
  // An unknown id is refused here, as a RangeError, before anything is sent to a thread.
  for (const id of effectIds) rendererOf(id);
  return sharedEffectPool().run({ image, effectIds: [...effectIds], options });
}

/** Applies one effect by id; PNG out, the input's size. Throws a RangeError for an unknown id. */
export function applyEffect(image: Buffer, effectId: string, options?: EffectOptions): Promise<Buffer> {
  return applyEffects(image, [effectId], options);
}
