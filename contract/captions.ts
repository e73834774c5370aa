import { z } from 'zod';
import { imageDataString, imageMimeType } from './ai.ts';

/** Caption and hashtag generator (spec 3 §2, §3, §5, §8, §9; shared constants spec 2 §9). */
export const CAPTION_PLATFORMS = ['Instagram', 'Facebook', 'X (Twitter)', 'LinkedIn'] as const;
export const CAPTION_LENGTHS = ['Short', 'Medium', 'Long', 'Very Long'] as const;
export const CAPTION_TONES = ['Friendly', 'Professional', 'Witty', 'Inspirational', 'Casual', 'Humorous'] as const;
export const CAPTION_LANGUAGES = ['English', 'Spanish', 'French', 'German', 'Japanese', 'Mandarin', 'Hindi', 'Arabic'] as const;
export const CAPTION_DEFAULTS = { platform: 'Instagram', length: 'Medium', tone: 'Friendly', language: 'English', context: '', additionalHashtags: '' } as const;
export const HASHTAG_COUNT = { min: 5, max: 7 } as const;
export const CAPTION_GALLERY_PAGE_SIZE = 12;
export const CAPTION_SETTINGS_KEY = 'ampkit:caption-settings';
export const COPY_FEEDBACK_MS = 2000;

export const CAPTION_MESSAGES = {
  missing: 'Please upload an image first.',
  failed: (message: string) => `Failed to generate content: ${message}`,
  unknown: 'An unknown error occurred.',
  lostWarning: 'Captions are lost after refresh. Copy the ones you want to keep.',
} as const;

/** Additional hashtags (spec 3 §5): split on commas or spaces, a leading # stripped, empties dropped. */
export function parseHashtags(input: string): string[] {
  return input
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#+/, '').trim())
    .filter(Boolean);
}

/** POST /api/ai/generate-caption: the spec's {imageData, mimeType, prompt}; the settings travel too for the local engine. */
export const captionRequest = z.strictObject({
  imageData: imageDataString,
  mimeType: imageMimeType.optional(),
  prompt: z.string().max(4000).default(''),
  platform: z.enum(CAPTION_PLATFORMS).optional(),
  length: z.enum(CAPTION_LENGTHS).optional(),
  tone: z.enum(CAPTION_TONES).optional(),
  language: z.enum(CAPTION_LANGUAGES).optional(),
  context: z.string().max(2000).optional(),
  additionalHashtags: z.array(z.string().max(100)).max(30).optional(),
});
export type CaptionRequest = z.infer<typeof captionRequest>;

/** `text` is JSON of {caption, hashtags} (spec 3 §7); the parsed fields come beside it. */
export const captionResponse = z.object({
  text: z.string(),
  caption: z.string(),
  hashtags: z.array(z.string()),
  content_id: z.number().int(),
  provider: z.string(),
  preview: z.boolean(),
  credits_used: z.string(),
  generation_id: z.string(),
  processing_time_ms: z.number().int(),
});
export type CaptionResult = z.infer<typeof captionResponse>;
