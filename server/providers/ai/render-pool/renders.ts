import { renderThumbnailHere, type LocalThumbnailInput } from '../local/thumbnail.ts';
import { renderEffects, type EffectsJob } from '../effects/render.ts';
import { asBuffer, type RenderKind } from './pool.ts';

/**
 * What a thread of the render pool (pool.ts) can run: each render by name, on that thread. A Buffer sent to a thread
 * arrives as a plain Uint8Array; each render is given Buffers again (views, no copy).
 */

export const RENDERS: Record<RenderKind, (input: never) => Promise<unknown>> = {
  /** The effect library's looks, one after another (effects/render.ts). */
  effects: (job: EffectsJob) =>
    renderEffects(asBuffer(job.image), job.effectIds, { ...job.options, subjectMask: job.options.subjectMask && asBuffer(job.options.subjectMask) }),
  /** The local engine's whole thumbnail: frame, grade, text and its PNG (local/thumbnail.ts). */
  thumbnail: (input: LocalThumbnailInput) => renderThumbnailHere({ ...input, image: asBuffer(input.image) }),
};
