import { z } from 'zod';
import { imageDataString, imageMimeType, VARIABILITY } from './ai.ts';

/** Thumbnail generator (spec 3 §2, §5, §9): a 1280x720 video thumbnail from one frame, in a creator style. */
export const THUMBNAIL_SIZE = { width: 1280, height: 720 } as const;
export const THUMBNAIL_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Spec 2 §9 fixes the variability the page sends. */
export const THUMBNAIL_VARIABILITY = 5;

/** The 12 named creator styles; the first is the default. `look` tells a provider what to paint. */
export const THUMBNAIL_STYLES = [
  { id: 'viral-bold', name: 'Viral Bold', look: 'high-contrast, saturated colours, big expressive subject, bold outlined text' },
  { id: 'reaction', name: 'Reaction', look: 'close-up shocked face, bright rim light, arrows and circles, punchy yellow text' },
  { id: 'gaming-neon', name: 'Gaming Neon', look: 'dark background with neon magenta and cyan glow, energetic, esports feel' },
  { id: 'tech-review', name: 'Tech Review', look: 'clean studio lighting, cool tones, crisp product focus, minimal text' },
  { id: 'vlog-bright', name: 'Vlog Bright', look: 'sunny, warm and airy, natural skin tones, friendly handwritten-style text' },
  { id: 'tutorial-clean', name: 'Tutorial Clean', look: 'bright high-key background, clear subject, simple step number text' },
  { id: 'cinematic-story', name: 'Cinematic Story', look: 'teal and orange grade, letterbox feel, moody lighting, serif title' },
  { id: 'finance-pro', name: 'Finance Pro', look: 'confident professional look, green and gold accents, charts feel' },
  { id: 'fitness-energy', name: 'Fitness Energy', look: 'hard light, sweat and motion, red and black, aggressive bold type' },
  { id: 'food-closeup', name: 'Food Close-up', look: 'warm appetising colours, shallow depth of field, rich texture' },
  { id: 'travel-adventure', name: 'Travel Adventure', look: 'golden hour, vivid landscape colours, sense of scale' },
  { id: 'podcast-minimal', name: 'Podcast Minimal', look: 'muted duotone background, centred speaker, elegant small text' },
] as const;
export type ThumbnailStyleId = (typeof THUMBNAIL_STYLES)[number]['id'];
export const THUMBNAIL_STYLE_IDS = THUMBNAIL_STYLES.map((s) => s.id) as [ThumbnailStyleId, ...ThumbnailStyleId[]];

/** Realism 1-5 (spec 3 §5), default 4. */
export const REALISM_LABELS = ['Very Stylized', 'Stylized', 'Balanced', 'Realistic', 'Very Realistic'] as const;
export const REALISM = { min: 1, max: 5, default: 4 } as const;
export const THUMBNAIL_TEXT_MAX = 80;
/** The browser keeps the thumbnail history under this key (spec 3 §3). */
export const THUMBNAIL_HISTORY_KEY = 'ampkit:thumbnail-history';

export const THUMBNAIL_MESSAGES = {
  missing: 'Please upload an image.',
  failed: (message: string) => `Generation failed: ${message}`,
  noContext: 'Could not get canvas context',
  noBlob: 'Canvas to Blob conversion failed',
  loadFailed: 'Failed to load image for cropping.',
  hint: 'PNG, JPG or WEBP up to 10 MB',
} as const;

/** POST /api/ai/generate-image with toolName thumbnail-generator; answers generatedImageResponse. */
export const thumbnailRequest = z.strictObject({
  toolName: z.literal('thumbnail-generator'),
  imageData: imageDataString,
  mimeType: imageMimeType.optional(),
  prompt: z.string().max(2000).optional(),
  userPrompt: z.string().max(2000).optional(),
  variability: z.number().int().min(VARIABILITY.min).max(VARIABILITY.max).default(THUMBNAIL_VARIABILITY),
  style: z.enum(THUMBNAIL_STYLE_IDS).default(THUMBNAIL_STYLE_IDS[0]),
  realism: z.number().int().min(REALISM.min).max(REALISM.max).default(REALISM.default),
  addText: z.boolean().default(true),
  thumbnailText: z.string().max(THUMBNAIL_TEXT_MAX).optional(),
});
export type ThumbnailRequest = z.infer<typeof thumbnailRequest>;
