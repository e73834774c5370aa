import { z } from 'zod';
import { imageDataString } from './ai.ts';

/** AI photoshoot (spec 3 §2, §4, §5, §9): variations of 1-4 reference photos, one call per variation. */
export const PHOTOSHOOT_MAX_PHOTOS = 4;
export const PHOTOSHOOT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const PHOTOSHOOT_VARIATIONS = { min: 1, max: 4, default: 2 } as const;
export const CHANGE_OPTIONS = ['Pose', 'Scenery', 'Character', 'Lighting', 'Angle', 'Style'] as const;
export type ChangeOption = (typeof CHANGE_OPTIONS)[number];
export const DEFAULT_CHANGE_OPTIONS: ChangeOption[] = ['Pose', 'Scenery'];
export const VARIETIES = ['Subtle', 'Creative', 'Diverse', 'Experimental'] as const;
export type Variety = (typeof VARIETIES)[number];
export const DEFAULT_VARIETY: Variety = 'Creative';
export const OUTPUT_RATIOS = ['1:1', '4:3', '16:9', '9:16'] as const;
export type OutputRatio = (typeof OUTPUT_RATIOS)[number];
export const DEFAULT_OUTPUT_RATIO: OutputRatio = '1:1';

export const PHOTOSHOOT_MESSAGES = {
  missing: 'Please upload at least one image to serve as a style reference.',
  itemFailed: (n: number, message: string) => `Error generating image ${n}: ${message}`,
  http: (status: number) => `HTTP error! status: ${status}`,
  apiFailed: 'API request failed',
  tooMany: `Upload up to ${PHOTOSHOOT_MAX_PHOTOS} photos.`,
} as const;

/** POST /api/ai/generate-image-variation: one variation per call, charged once (spec 3 §7). */
export const photoshootRequest = z.strictObject({
  images: z.array(imageDataString).min(1, PHOTOSHOOT_MESSAGES.missing).max(PHOTOSHOOT_MAX_PHOTOS, PHOTOSHOOT_MESSAGES.tooMany),
  prompt: z.string().max(4000).default(''),
  changeOptions: z.array(z.enum(CHANGE_OPTIONS)).max(CHANGE_OPTIONS.length).default(DEFAULT_CHANGE_OPTIONS),
  variety: z.enum(VARIETIES).default(DEFAULT_VARIETY),
  /** Optional beyond the spec's shape: the output ratio (else 1:1) and which variation of the set this is (0-based). */
  outputRatio: z.enum(OUTPUT_RATIOS).default(DEFAULT_OUTPUT_RATIO),
  index: z.number().int().min(0).max(PHOTOSHOOT_VARIATIONS.max - 1).optional(),
});
export type PhotoshootRequest = z.infer<typeof photoshootRequest>;

export const photoshootResponse = z.object({
  image: z.string(),
  text: z.string().nullable(),
  uuid: z.string(),
  provider: z.string(),
  preview: z.boolean(),
  credits_used: z.string(),
  generation_id: z.string(),
  processing_time_ms: z.number().int(),
});
export type PhotoshootResult = z.infer<typeof photoshootResponse>;
