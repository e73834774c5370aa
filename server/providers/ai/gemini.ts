import type { AiErrorClass } from '../../../contract/ai.ts';
import { createHttpClient, detectImageMime, malformed, type ErrorBodyParser } from './http.ts';
import {
  ProviderError,
  type ImageData,
  type ImageEditor,
  type ImageEditRequest,
  type ImageResult,
  type TextRefiner,
  type VisionDescriber,
} from './types.ts';

/**
 * Gemini API (generativelanguage.googleapis.com) through `POST /v1beta/models/{model}:generateContent`
 * with the key in `x-goog-api-key`.
 *
 * Request: `{ contents: [{ role, parts: [{ inline_data: { mime_type, data } }, { text }] }], systemInstruction?,
 * generationConfig: { responseModalities: ['TEXT','IMAGE'], temperature, imageConfig: { aspectRatio } } }`.
 * Answer: `{ candidates: [{ content: { parts: [{ text } | { inlineData: { mimeType, data } }] }, finishReason }],
 * promptFeedback?: { blockReason } }` (the REST answer is camelCase; snake_case is read too).
 * Errors: `{ error: { code, message, status: 'RESOURCE_EXHAUSTED' | 'INVALID_ARGUMENT' | …, details: [{ reason }] } }`;
 * a bad key answers 400 INVALID_ARGUMENT with reason API_KEY_INVALID, a missing one 403 PERMISSION_DENIED.
 */

export interface GeminiSettings {
  apiKey: string;
  /** Default https://generativelanguage.googleapis.com (the API version is part of each path). */
  baseUrl?: string;
  /** Image editing model. Default gemini-2.5-flash-image. */
  imageModel?: string;
  /** Captions and refinements. Default gemini-2.5-flash. */
  textModel?: string;
  /** Per-call timeout. Default 120 000 ms. */
  timeoutMs?: number;
}

export const GEMINI_DEFAULTS = {
  baseUrl: 'https://generativelanguage.googleapis.com',
  imageModel: 'gemini-2.5-flash-image',
  textModel: 'gemini-2.5-flash',
  timeoutMs: 120_000,
} as const;

/** Aspect ratios the image models accept in generationConfig.imageConfig.aspectRatio. */
export const GEMINI_ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;

const PROVIDER = 'Gemini';

/** Finish and block reasons that mean a safety or policy filter stopped the answer. */
const POLICY_REASONS = new Set([
  'SAFETY',
  'PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
]);
const RECITATION_REASONS = new Set(['RECITATION', 'IMAGE_RECITATION']);

export type GeminiProvider = ImageEditor & VisionDescriber & TextRefiner;

interface GeminiPart {
  text?: string;
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
  inline_data?: { mime_type?: string; data?: string };
}

interface GeminiResponse {
  candidates?: Array<{ content?: { parts?: GeminiPart[] }; finishReason?: string; finishMessage?: string }>;
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  modelVersion?: string;
}

const parseGeminiError: ErrorBodyParser = (body) => {
  const error = (body as { error?: { message?: string; status?: string; details?: Array<{ reason?: string }> } }).error;
  if (!error || typeof error !== 'object') return undefined;
  const reasons = (error.details ?? []).map((d) => d?.reason).filter(Boolean);
  let errorClass: AiErrorClass | undefined;
  if (reasons.includes('API_KEY_INVALID') || error.status === 'UNAUTHENTICATED' || error.status === 'PERMISSION_DENIED') {
    errorClass = 'authentication';
  } else if (error.status === 'RESOURCE_EXHAUSTED') {
    errorClass = 'rate_limit';
  } else if (error.status === 'DEADLINE_EXCEEDED') {
    errorClass = 'timeout';
  }
  const message = [error.message, error.status ? `(${error.status})` : ''].filter(Boolean).join(' ');
  return { message: message || undefined, errorClass };
};

export function createGeminiProvider(settings: GeminiSettings): GeminiProvider {
  const imageModel = settings.imageModel ?? GEMINI_DEFAULTS.imageModel;
  const textModel = settings.textModel ?? GEMINI_DEFAULTS.textModel;
  const http = createHttpClient({
    provider: PROVIDER,
    baseUrl: settings.baseUrl ?? GEMINI_DEFAULTS.baseUrl,
    authHeaders: { 'x-goog-api-key': settings.apiKey },
    timeoutMs: settings.timeoutMs ?? GEMINI_DEFAULTS.timeoutMs,
    parseError: parseGeminiError,
  });

  async function generate(model: string, body: unknown, signal?: AbortSignal): Promise<GeminiResponse> {
    const { body: answer } = await http.json<GeminiResponse>({
      method: 'POST',
      path: `/v1beta/models/${encodeURIComponent(model)}:generateContent`,
      json: body,
      signal,
    });
    if (!answer || typeof answer !== 'object') throw malformed(PROVIDER, 'an answer that is not an object');
    return answer;
  }

  /** The first candidate's parts, or the ProviderError its block or finish reason calls for. */
  function readParts(answer: GeminiResponse): { parts: GeminiPart[]; finishReason?: string } {
    const blockReason = answer.promptFeedback?.blockReason;
    if (blockReason) {
      const extra = answer.promptFeedback?.blockReasonMessage ? `: ${answer.promptFeedback.blockReasonMessage}` : '';
      throw new ProviderError(PROVIDER, `Gemini blocked the prompt (blockReason ${blockReason})${extra}`, undefined, classOfReason(blockReason));
    }
    const candidate = answer.candidates?.[0];
    if (!candidate) throw malformed(PROVIDER, 'an answer without candidates');
    const finishReason = candidate.finishReason;
    const parts = (candidate.content?.parts ?? []).filter((p) => p && typeof p === 'object' && !p.thought);
    if (finishReason && (POLICY_REASONS.has(finishReason) || RECITATION_REASONS.has(finishReason))) {
      const recitation = RECITATION_REASONS.has(finishReason);
      const message = recitation
        ? `Gemini stopped because the result would recite protected material (finishReason ${finishReason})`
        : `Gemini blocked the result for safety (finishReason ${finishReason})`;
      throw new ProviderError(PROVIDER, message, undefined, recitation ? 'recitation' : 'content_policy');
    }
    return { parts, finishReason };
  }

  function textOf(parts: GeminiPart[]): string {
    return parts
      .map((p) => (typeof p.text === 'string' ? p.text : ''))
      .join('')
      .trim();
  }

  async function textAnswer(body: unknown, signal?: AbortSignal): Promise<string> {
    const { parts, finishReason } = readParts(await generate(textModel, body, signal));
    const text = textOf(parts);
    if (!text) throw malformed(PROVIDER, `an empty answer (finishReason ${finishReason ?? 'none'})`);
    return text;
  }

  return {
    name: PROVIDER,

    async editImage(request: ImageEditRequest): Promise<ImageResult> {
      if (request.images.length === 0) throw new ProviderError(PROVIDER, 'No source image was given', undefined, 'unknown');
      const parts: unknown[] = request.images.map(inlinePart);
      let prompt = request.prompt;
      if (request.mask) {
        parts.push(inlinePart(request.mask));
        prompt +=
          '\n\nThe last image is a mask of the first image: change only the areas that are white in the mask and keep the black areas exactly as they are.';
      }
      parts.push({ text: prompt });

      const generationConfig: Record<string, unknown> = { responseModalities: ['TEXT', 'IMAGE'] };
      if (request.variability !== undefined) generationConfig.temperature = variabilityToTemperature(request.variability);
      if (request.aspectRatio && (GEMINI_ASPECT_RATIOS as readonly string[]).includes(request.aspectRatio)) {
        generationConfig.imageConfig = { aspectRatio: request.aspectRatio };
      }

      const answer = await generate(imageModel, { contents: [{ role: 'user', parts }], generationConfig }, request.signal);
      const { parts: out, finishReason } = readParts(answer);
      const text = textOf(out) || undefined;
      const imagePart = out.find((p) => (p.inlineData ?? p.inline_data)?.data);
      if (!imagePart) {
        if (!text && finishReason !== 'NO_IMAGE') throw malformed(PROVIDER, `an answer with neither image nor text (finishReason ${finishReason ?? 'none'})`);
        // The model answered in words only (often a refusal): its words say why, and may name the class.
        const why = text ? `: ${text.slice(0, 300)}` : '';
        throw new ProviderError(PROVIDER, `Gemini returned no image (finishReason ${finishReason ?? 'none'})${why}`);
      }
      const inline = imagePart.inlineData ?? imagePart.inline_data!;
      const data = Buffer.from(inline.data!, 'base64');
      if (data.length === 0) throw malformed(PROVIDER, 'an empty image');
      const declared = (imagePart.inlineData?.mimeType ?? imagePart.inline_data?.mime_type) || undefined;
      return { data, mime: detectImageMime(data, declared), text, provider: PROVIDER, model: answer.modelVersion ?? imageModel };
    },

    async describe({ image, prompt, signal }) {
      const text = await textAnswer({ contents: [{ role: 'user', parts: [inlinePart(image), { text: prompt }] }] }, signal);
      return { text, provider: PROVIDER };
    },

    async refine({ text, instruction, signal }) {
      const result = await textAnswer(
        {
          systemInstruction: {
            parts: [
              {
                text: `You rewrite the user's text by this instruction and answer with the rewritten text only, without comments.\nInstruction: ${instruction}`,
              },
            ],
          },
          contents: [{ role: 'user', parts: [{ text }] }],
        },
        signal,
      );
      return { text: result, provider: PROVIDER };
    },
  };
}

function inlinePart(image: ImageData) {
  return { inline_data: { mime_type: image.mime, data: image.data.toString('base64') } };
}

function classOfReason(reason: string): AiErrorClass {
  if (RECITATION_REASONS.has(reason)) return 'recitation';
  // SAFETY, PROHIBITED_CONTENT, BLOCKLIST, IMAGE_SAFETY and OTHER: a filter stopped the prompt.
  return 'content_policy';
}

/** Variability 1 (close to the source) … 10 (free) → temperature 0.2 … 2.0. */
export function variabilityToTemperature(variability: number): number {
  const v = Math.min(10, Math.max(1, variability));
  return Math.round(v * 20) / 100;
}
