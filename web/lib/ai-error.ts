/** What the AI error box shows for a failure (spec 2 §8): a headline, guideline bullets and the tip of its class. */
import { AI_ERROR_CLASSES, AI_ERROR_COPY, classifyAiError, type AiErrorClass } from '../../contract/ai.ts';
import { ApiError } from './api.ts';
import { isGenerationCancelled } from './generations.ts';

export interface AiErrorView {
  errorClass: AiErrorClass;
  headline: string;
  guidelines: string[];
  tip: string;
}

const BULLET = /^\s*(?:[-*•‣◦]|\d+[.)])\s+/;
const isErrorClass = (value: unknown): value is AiErrorClass => typeof value === 'string' && (AI_ERROR_CLASSES as readonly string[]).includes(value);

/**
 * Splits a message into its first paragraph (the headline) and the bullet paragraphs after it (the guidelines).
 * Paragraphs are separated by blank lines; a bullet starts with -, *, • or a number.
 */
export function splitErrorMessage(message: string): { headline: string; guidelines: string[] } {
  const paragraphs = message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const [first = '', ...rest] = paragraphs;
  const guidelines = rest.flatMap((p) => p.split('\n')).filter((line) => BULLET.test(line)).map((line) => line.replace(BULLET, '').trim());
  return { headline: first, guidelines };
}

/**
 * The error box's content for any failure of an AI call. The server's class and tip win (error.error_class,
 * error.tip); otherwise the class comes from the status and message. Network and server failures always read
 * the spec's wording, and so does a 401 ('Authentication required. Please log in to use AI tools.'); other classes
 * keep the server's message when it gave one. `context` 'extend' words an unclassified failure as
 * 'Failed to extend image: {reason}'. A generation the user cancelled reads 'The generation was cancelled. Nothing was
 * charged.', without a tip: nothing went wrong.
 */
export function describeAiError(error: unknown, context: 'generate' | 'extend' = 'generate'): AiErrorView {
  if (isGenerationCancelled(error)) return { errorClass: 'unknown', headline: error.message, guidelines: [], tip: '' };
  const status = error instanceof ApiError ? error.status : undefined;
  const details = error instanceof ApiError ? error.details : {};
  const serverMessage = error instanceof ApiError ? (error.generic || status === 0 ? '' : error.message) : error instanceof Error ? error.message : '';
  const errorClass: AiErrorClass = isErrorClass(details.error_class)
    ? details.error_class
    : status === 0
      ? 'network'
      : classifyAiError(status, serverMessage);
  const copy = AI_ERROR_COPY[errorClass];
  const { headline: first, guidelines } = splitErrorMessage(serverMessage);
  const fixedWording = errorClass === 'network' || errorClass === 'server' || (errorClass === 'authentication' && status === 401);
  let headline = fixedWording || !first ? copy.headline : first;
  if (context === 'extend' && errorClass === 'unknown' && first) headline = `Failed to extend image: ${first.replace(/^Generation failed:\s*/, '')}`;
  const tip = typeof details.tip === 'string' && details.tip.trim() ? details.tip.trim() : copy.tip;
  return { errorClass, headline, guidelines, tip };
}

/** A plain message (e.g. a validation or client-side failure) shown in the same box. */
export function messageErrorView(message: string): AiErrorView {
  const { headline, guidelines } = splitErrorMessage(message);
  return { errorClass: 'unknown', headline: headline || AI_ERROR_COPY.unknown.headline, guidelines, tip: '' };
}
