import { z } from 'zod';
import type { ERROR_STATUS, ErrorCode } from './errors.ts';

/**
 * AI error classes (spec 2 §8): the server classifies every provider failure; the browser's error box shows
 * the headline, then the guideline bullets and the tip of the class.
 */
export const AI_ERROR_CLASSES = [
  'content_policy',
  'recitation',
  'rate_limit',
  'authentication',
  'file_too_large',
  'network',
  'server',
  'timeout',
  'unavailable',
  'unknown',
] as const;
export type AiErrorClass = (typeof AI_ERROR_CLASSES)[number];

/** One row: the envelope's code, its HTTP status (the compiler holds it to the code's status in contract/errors.ts), headline and tip. */
export type AiErrorRow = { [C in ErrorCode]: { code: C; status: (typeof ERROR_STATUS)[C]; headline: string; tip: string } }[ErrorCode];

/**
 * What a failure of each class answers (spec 2 §8): the server turns a provider failure into the row of its class,
 * the browser shows headline and tip (also for an error it classified itself). A blocked request is the user's to
 * change (422); the provider's own troubles, its authentication included, are 502, never a 401 that would read as
 * the user's session.
 */
export const AI_ERROR_COPY: Record<AiErrorClass, AiErrorRow> = {
  content_policy: {
    code: 'AI_CONTENT_BLOCKED',
    status: 422,
    headline: 'This request was blocked by content filters or safety policies.',
    tip: 'Rephrase the prompt without people who are real and identifiable, violence or explicit content, or try another image.',
  },
  recitation: {
    code: 'AI_CONTENT_BLOCKED',
    status: 422,
    headline: 'This request was blocked because the result would copy protected material (copyright or recitation).',
    tip: 'Avoid asking for logos, characters or artwork owned by others; describe your own style instead.',
  },
  rate_limit: {
    code: 'AI_RATE_LIMITED',
    status: 429,
    headline: 'Too many requests right now: the rate limit or quota was reached.',
    tip: 'Wait a minute and try again. Nothing was charged for this attempt.',
  },
  authentication: {
    code: 'AI_PROVIDER_ERROR',
    status: 502,
    headline: 'Authentication required. Please log in to use AI tools.',
    tip: 'Sign in again, then retry. If you are signed in, the AI service key may need attention: contact support.',
  },
  file_too_large: {
    code: 'PAYLOAD_TOO_LARGE',
    status: 413,
    headline: 'The file is too large.',
    tip: 'Use an image under 20 MB, or resize it; images are sent at 1536 px on the longest side.',
  },
  network: {
    code: 'AI_PROVIDER_ERROR',
    status: 502,
    headline: 'Network connection issue. Please check your internet connection and try again.',
    tip: 'Check your connection and retry. Nothing was charged.',
  },
  server: {
    code: 'AI_PROVIDER_ERROR',
    status: 502,
    headline: 'A temporary server issue occurred. Please try again in a moment.',
    tip: 'The AI service had a hiccup. Try again in a moment; nothing was charged.',
  },
  timeout: {
    code: 'AI_TIMEOUT',
    status: 504,
    headline: 'The AI service took too long to answer.',
    tip: 'Try again; simpler prompts and smaller images finish faster. Nothing was charged.',
  },
  unavailable: {
    code: 'AI_PROVIDER_ERROR',
    status: 502,
    headline: 'This tool is not available right now.',
    tip: 'The AI service behind it needs attention from our team (a retired model or a billing stop), and we have been told. Nothing was charged; try again later.',
  },
  unknown: {
    code: 'AI_PROVIDER_ERROR',
    status: 502,
    headline: 'An unexpected error occurred. Please try again or contact support if the problem persists.',
    tip: 'Try again. If it keeps happening, contact support with the request id.',
  },
};

/** Classifies an error from its HTTP status and message text (spec 2 §8), for server and browser alike. */
export function classifyAiError(status: number | undefined, message: string): AiErrorClass {
  const m = message.toLowerCase();
  if (/recitation|copyright/.test(m)) return 'recitation';
  if (/safety|content (filter|policy)|blocked|prohibited|moderation/.test(m)) return 'content_policy';
  if (status === 429 || /rate limit|too many requests|quota/.test(m)) return 'rate_limit';
  if (status === 401 || status === 403 || /unauthori[sz]ed|api key|authentication/.test(m)) return 'authentication';
  if (status === 413 || /too large|payload size|file size/.test(m)) return 'file_too_large';
  if (status === 408 || status === 504 || /timed? ?out|timeout|deadline/.test(m)) return 'timeout';
  if (/network|econnrefused|econnreset|enotfound|fetch failed|socket hang up/.test(m)) return 'network';
  if (status !== undefined && status >= 500) return 'server';
  return 'unknown';
}

export const UPSCALE_SCALE_FACTORS = [2, 4] as const;
export const UPSCALE_QUALITY_TIERS = ['fast', 'standard', 'high_quality'] as const;
export type UpscaleTier = (typeof UPSCALE_QUALITY_TIERS)[number];
export const UPSCALE_TIME_ESTIMATES: Record<UpscaleTier, string> = { fast: '8-18 s', standard: '15-30 s', high_quality: '25-45 s' };
export const UPSCALE_DEFAULTS = {
  scaleFactor: 2,
  qualityTier: 'standard' as UpscaleTier,
  prompt: 'masterpiece, best quality, highres, sharp focus, ultra detailed',
  creativity: 0.2,
  resemblance: 2.1,
  sharpen: 0,
};
export const UPSCALE_RANGES = {
  creativity: { min: 0, max: 1, step: 0.05 },
  resemblance: { min: 0, max: 3, step: 0.1 },
  sharpen: { min: 0, max: 10, step: 0.5 },
} as const;

export const ASPECT_RATIOS = ['original', '1:1', '4:5', '9:16', '16:9', '4:3', '3:4'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const EXTEND_DIRECTIONS = ['top', 'bottom', 'left', 'right'] as const;
export const EXTEND_AMOUNTS = [50, 100, 150] as const;
export const EXTEND_FILL_COLOR = '#00FF00';
export const MAX_SOURCE_SIDE = 1536;
export const SOURCE_JPEG_QUALITY = 0.92;
export const CROP_MIN = 50;
export const BRUSH_SIZE = { min: 20, max: 200 } as const;
export const VARIABILITY = { min: 1, max: 10, default: 5 } as const;
export const EXPERIMENTAL_WARNING_DAYS = 3;
/** Mockups: aspect tolerance deciding padding (white) versus cropping. */
export const MOCKUP_ASPECT_TOLERANCE = 0.15;

export const MOCKUP_STYLES = [
  'software-box',
  'laptop-screen',
  'phone-display',
  'tablet-screen',
  'modern-laptop',
  't-shirt',
  'coffee-mug',
  'poster',
  'billboard',
  'framed-art',
  'book-cover',
  'custom',
] as const;
export type MockupStyle = (typeof MOCKUP_STYLES)[number];
export const MOCKUP_BACKGROUNDS = ['photo-studio', 'plain-color', 'gradient'] as const;
/** What the page and a shared mockup's page call each style and background. */
export const MOCKUP_STYLE_LABELS: Record<MockupStyle, string> = {
  'software-box': 'Software box',
  'laptop-screen': 'Laptop screen',
  'phone-display': 'Phone display',
  'tablet-screen': 'Tablet screen',
  'modern-laptop': 'Modern laptop',
  't-shirt': 'T-shirt',
  'coffee-mug': 'Coffee mug',
  poster: 'Poster',
  billboard: 'Billboard',
  'framed-art': 'Framed art',
  'book-cover': 'Book cover',
  custom: 'Custom',
};

export const MOCKUP_BACKGROUND_LABELS: Record<(typeof MOCKUP_BACKGROUNDS)[number], string> = {
  'photo-studio': 'Photo studio',
  'plain-color': 'Plain color',
  gradient: 'Gradient',
};

export const MOCKUP_DIMENSIONS = {
  landscape: { label: 'Landscape 16:9', width: 1600, height: 900 },
  square: { label: 'Square 1:1', width: 1200, height: 1200 },
  portrait: { label: 'Portrait 4:5', width: 1080, height: 1350 },
  story: { label: 'Story 9:16', width: 1080, height: 1920 },
} as const;
export type MockupDimension = keyof typeof MOCKUP_DIMENSIONS;
export const MOCKUP_DEFAULT_COLORS = { color1: '#f0f0f0', color2: '#d1d5db' } as const;
export const MOCKUP_POLL = { intervalMs: 5000, maxAttempts: 60 } as const;
export const MOCKUP_MESSAGES = {
  missing: 'Please upload at least one image and select a style.',
  customMissing: 'Please provide a custom style description when using the Custom option.',
  countMismatch: 'When using multiple images, the number of images must match the number of selected styles.',
  timeout: 'Job polling timeout - generation took too long',
  failed: 'Job failed',
  noResult: 'Job completed but no result available',
} as const;

/**
 * The local engine (no AI provider set) makes previews, not generative results: every answer it gives says so
 * with this note (and `preview: true`), and it is priced by the `local` variant of the tool's service (seeded 0).
 */
export const LOCAL_PREVIEW_NOTE = 'Preview: local engine, no AI provider set';

/** GET /api/ai/engines: which engine each image tool runs now, and the price variant it charges. */
export const toolEngineSchema = z.object({
  /** 'local' or the provider's key ('gemini', 'openai'). */
  engine: z.string(),
  /** Shown to the user: 'Local engine', 'Gemini'. */
  label: z.string(),
  preview: z.boolean(),
  service_type: z.string(),
  variant: z.string(),
  estimate: z.string(),
});
export type ToolEngine = z.infer<typeof toolEngineSchema>;
export const aiEnginesResponse = z.object({ tools: z.record(z.string(), toolEngineSchema) });
export type AiEngines = z.infer<typeof aiEnginesResponse>;

/** Base64 of an image, bare or as a data URL. */
export const imageDataString = z.string().min(16).max(40_000_000);
export const imageMimeType = z.enum(['image/png', 'image/jpeg', 'image/webp']);
const hexColor = z.string().regex(/^#?[0-9a-fA-F]{6}$/, 'Colours are hex like #f0f0f0');

export const cropSchema = z.strictObject({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(CROP_MIN),
  height: z.number().int().min(CROP_MIN),
});

export const morphRequest = z.strictObject({
  toolName: z.literal('image-variator').optional(),
  imageData: imageDataString,
  mimeType: imageMimeType.optional(),
  userPrompt: z.string().max(2000).optional(),
  prompt: z.string().max(2000).optional(),
  variability: z.number().int().min(VARIABILITY.min).max(VARIABILITY.max).default(VARIABILITY.default),
  aspectRatio: z.enum(ASPECT_RATIOS).default('original'),
  /** True when the browser already converted the image to the aspect ratio. */
  aspectRatioProcessed: z.boolean().optional(),
  maskData: imageDataString.optional().nullable(),
  cropData: cropSchema.optional().nullable(),
  extensionDirection: z.enum(EXTEND_DIRECTIONS).optional().nullable(),
  extensionAmount: z.union([z.literal(50), z.literal(100), z.literal(150)]).optional().nullable(),
  debugMode: z.boolean().optional(),
});
export type MorphRequest = z.infer<typeof morphRequest>;

export const mockupRequest = z.strictObject({
  toolName: z.literal('mockup-generator'),
  images: z.array(imageDataString).max(12).default([]),
  styles: z.array(z.enum(MOCKUP_STYLES)).max(12).default([]),
  customStyle: z.string().max(500).optional(),
  background: z.enum(MOCKUP_BACKGROUNDS).default('photo-studio'),
  color1: hexColor.optional(),
  color2: hexColor.optional(),
  dimensions: z.enum(['landscape', 'square', 'portrait', 'story']).default('landscape'),
  shadow: z.boolean().default(true),
  /** The spec's one-image shape (spec 2 §7): one artwork, its style inferred from the prompt (else custom). */
  imageData: imageDataString.optional(),
  mimeType: imageMimeType.optional(),
  userPrompt: z.string().max(2000).optional(),
  prompt: z.string().max(2000).optional(),
});
export type MockupRequest = z.infer<typeof mockupRequest>;


export const generatedImageResponse = z.object({
  image: z.string(),
  uuid: z.string(),
  text: z.string().nullable(),
  provider: z.string(),
  credits_used: z.string(),
  generation_id: z.string(),
  processing_time_ms: z.number().int(),
  /** Made by the local engine: a preview, priced by the `local` variant (LOCAL_PREVIEW_NOTE). */
  preview: z.boolean(),
  debug: z.record(z.string(), z.unknown()).optional(),
});
export type GeneratedImage = z.infer<typeof generatedImageResponse>;

/** POST /api/ai/generate-image with toolName mockup-generator: the job is queued and its credits are held. */
export const mockupSubmittedResponse = z.object({ job_id: z.string(), credits_held: z.string() });
export type MockupSubmitted = z.infer<typeof mockupSubmittedResponse>;

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const mockupJobStatus = z.object({
  job_id: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  result: z
    .object({
      image: z.string(),
      images: z.array(z.object({ image: z.string(), uuid: z.string(), style: z.string() })),
      credits_used: z.string(),
      /** Drawn by the local engine: a preview, priced by the `local` variant; `text` then starts with LOCAL_PREVIEW_NOTE. */
      preview: z.boolean(),
      text: z.string().nullable(),
    })
    .nullable(),
  error_message: z.string().nullable(),
});
export type MockupJobStatus = z.infer<typeof mockupJobStatus>;

export const upscaleRequest = z.strictObject({
  image_uuid: z.uuid(),
  scale_factor: z.union([z.literal(2), z.literal(4)]).default(2),
  quality_tier: z.enum(UPSCALE_QUALITY_TIERS).default('standard'),
  provider: z.string().min(1).max(32).optional(),
  prompt: z.string().max(1000).optional(),
  creativity: z.number().min(UPSCALE_RANGES.creativity.min).max(UPSCALE_RANGES.creativity.max).optional(),
  resemblance: z.number().min(UPSCALE_RANGES.resemblance.min).max(UPSCALE_RANGES.resemblance.max).optional(),
  sharpen: z.number().min(UPSCALE_RANGES.sharpen.min).max(UPSCALE_RANGES.sharpen.max).optional(),
});
export type UpscaleRequest = z.infer<typeof upscaleRequest>;

export const upscaleProvidersResponse = z.object({
  default_provider: z.string(),
  providers: z.record(
    z.string(),
    z.object({
      label: z.string(),
      scale_factors: z.array(z.number()),
      quality_tiers: z.array(z.string()),
      supports_creativity: z.boolean(),
      supports_sharpen: z.boolean(),
      pricing: z.record(z.string(), z.object({ estimated_cost_usd: z.string(), user_cost_credits: z.string() })),
    }),
  ),
});
export type UpscaleProviders = z.infer<typeof upscaleProvidersResponse>;

export const upscaleResponse = z.object({
  image: z.string(),
  uuid: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  processing_time: z.number(),
  generation_id: z.string(),
  credits_used: z.string(),
  processing_time_ms: z.number().int(),
  provider: z.string(),
});
