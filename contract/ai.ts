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
  'unknown',
] as const;
export type AiErrorClass = (typeof AI_ERROR_CLASSES)[number];

export const AI_ERROR_COPY: Record<AiErrorClass, { headline: string; tip: string }> = {
  content_policy: {
    headline: 'This request was blocked by content filters or safety policies.',
    tip: 'Rephrase the prompt without people who are real and identifiable, violence or explicit content, or try another image.',
  },
  recitation: {
    headline: 'This request was blocked because the result would copy protected material (copyright or recitation).',
    tip: 'Avoid asking for logos, characters or artwork owned by others; describe your own style instead.',
  },
  rate_limit: {
    headline: 'Too many requests right now: the rate limit or quota was reached.',
    tip: 'Wait a minute and try again. Nothing was charged for this attempt.',
  },
  authentication: {
    headline: 'Authentication required. Please log in to use AI tools.',
    tip: 'Sign in again, then retry. If you are signed in, the AI service key may need attention: contact support.',
  },
  file_too_large: {
    headline: 'The file is too large.',
    tip: 'Use an image under 20 MB, or resize it; images are sent at 1536 px on the longest side.',
  },
  network: {
    headline: 'Network connection issue. Please check your internet connection and try again.',
    tip: 'Check your connection and retry. Nothing was charged.',
  },
  server: {
    headline: 'A temporary server issue occurred. Please try again in a moment.',
    tip: 'The AI service had a hiccup. Try again in a moment; nothing was charged.',
  },
  timeout: {
    headline: 'The AI service took too long to answer.',
    tip: 'Try again; simpler prompts and smaller images finish faster. Nothing was charged.',
  },
  unknown: {
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
