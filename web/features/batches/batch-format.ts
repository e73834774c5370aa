/** How a batch page words an item's failure and the batch's time. */
import { AI_ERROR_COPY, type AiErrorClass } from '../../../contract/ai.ts';
import type { GenerationFailure } from '../../../contract/generations.ts';

/** An image the server refused before anything was held (not an image, too large, no face): its error class. */
const REFUSED = 'invalid_input';

const CLASS_LABELS: Record<AiErrorClass | typeof REFUSED, string> = {
  invalid_input: 'Image refused',
  content_policy: 'Blocked by content filters',
  recitation: 'Blocked: protected material',
  rate_limit: 'Rate limit reached',
  authentication: 'AI service sign-in failed',
  file_too_large: 'File too large',
  network: 'Network problem',
  server: 'AI service error',
  timeout: 'Timed out',
  unavailable: 'AI service unavailable',
  unknown: 'Something went wrong',
};

const REFUSED_TIP = 'Replace this image with a PNG, JPG or WEBP photo that suits the tool, and run it in a new batch.';

/** The failure's class in words and the tip to show with it. */
export function failureView(error: GenerationFailure | null): { label: string; message: string; tip: string | null } {
  const errorClass = error?.error_class ?? 'unknown';
  const label = Object.hasOwn(CLASS_LABELS, errorClass) ? CLASS_LABELS[errorClass as keyof typeof CLASS_LABELS] : errorClass.replace(/_/g, ' ');
  const copy = Object.hasOwn(AI_ERROR_COPY, errorClass) ? AI_ERROR_COPY[errorClass as AiErrorClass] : null;
  const tip = error?.tip?.trim() || (errorClass === REFUSED ? REFUSED_TIP : (copy?.tip ?? null));
  return { label, message: error?.message ?? AI_ERROR_COPY.unknown.headline, tip };
}

/** '45 s', '3 min 05 s', '1 h 02 min'. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

export const parseTime = (iso: string | null) => {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(time) ? time : null;
};
