import { GoogleGenAI, type Candidate, type GenerateContentConfig, type GenerateContentResponse, type Part } from '@google/genai';
import type { AiErrorClass } from '../../../contract/ai.ts';
import { detectImageMime, formatMs, inAcceptedType, malformed, networkDetail, retryAfterSeconds, sleep } from './http.ts';
import { providerFetch } from './transport.ts';
import {
  ProviderError,
  type ImageData,
  type ImageEditor,
  type ImageEditRequest,
  type ImageResult,
  type ProviderCost,
  type ProviderFix,
  type TextRefiner,
  type VisionDescriber,
} from './types.ts';

/**
 * Gemini API (generativelanguage.googleapis.com) through Google's SDK, @google/genai: `ai.models.generateContent`,
 * which sends `POST /v1beta/models/{model}:generateContent` (apiVersion v1beta, set here: the SDK's default is v1) with the key in `x-goog-api-key` and the body in the REST
 * API's JSON names (camelCase: `contents[].parts[].inlineData.{mimeType,data}`, `systemInstruction`,
 * `generationConfig.{responseModalities,temperature,imageConfig.aspectRatio}`), as google.ai.generativelanguage.v1beta
 * publishes them (server/test-support/provider-schemas/gemini.json holds the fake and these requests to them).
 *
 * Transport: the SDK takes a custom fetch (`httpOptions.fetch`); it gets transport.ts's providerFetch, whose undici
 * agent waits as long as the call's timeout (plus slack) for headers and body, not Node's default 300 s. (Without a
 * fetch the SDK would use its own undici dispatcher with no header or body limit at all.) The call's timeout is one
 * deadline for the whole call, retries included.
 *
 * Retries: the SDK's own (`httpOptions.retryOptions`, exponential backoff with jitter) on 429 and 5xx, where Google's
 * troubleshooting guide says to retry after a wait, `maxRetries` times. The per-call fetch below watches each attempt:
 * it makes the next attempt wait at least what Google asked (Retry-After, or RetryInfo.retryDelay in the error body),
 * and stops the SDK from retrying (through the abort signal the SDK checks between attempts) when a retry cannot help
 * or cannot fit: a daily-quota or billing stop, a wait longer than `maxRetryDelayMs`, a wait past the call's deadline,
 * or a failure with no answer at all (a timeout or a dropped connection: the generation may have run, and been billed).
 *
 * Errors: `{ error: { code, message, status, details: [{ '@type': '…ErrorInfo', reason }, '…RetryInfo', '…QuotaFailure'] } }`
 * (google.rpc.Status, AIP-193), classed in `statusError` below.
 */

export interface GeminiSettings {
  apiKey: string;
  /** Default https://generativelanguage.googleapis.com (the SDK adds the API version, v1beta). */
  baseUrl?: string;
  /** Image editing model. Default gemini-3.1-flash-image. */
  imageModel?: string;
  /** Captions and refinements. Default gemini-3.5-flash-lite. */
  textModel?: string;
  /** Deadline of one call, its retries included. Default 120 000 ms. */
  timeoutMs?: number;
  /** Retries after a 429 or 5xx answer (0: none). Default 2. */
  maxRetries?: number;
  /** The SDK's first backoff delay; it doubles each retry, with jitter up to twice that. Default 1000 ms. */
  retryDelayMs?: number;
  /** The longest wait Google may ask for (Retry-After) that is still waited for; a longer one fails at once with it. Default 10 000 ms. */
  maxRetryDelayMs?: number;
}

export const GEMINI_DEFAULTS = {
  baseUrl: 'https://generativelanguage.googleapis.com',
  /** The Gemini 3.1 Flash Image family replaced gemini-2.5-flash-image, shut down on 2 October 2026. */
  imageModel: 'gemini-3.1-flash-image',
  /** Google's named replacement of the deprecated gemini-2.5-flash. */
  textModel: 'gemini-3.5-flash-lite',
  timeoutMs: 120_000,
  maxRetries: 2,
  retryDelayMs: 1000,
  maxRetryDelayMs: 10_000,
} as const;

/** Aspect ratios the image models accept in generationConfig.imageConfig.aspectRatio. */
export const GEMINI_ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;

/** Image input types Gemini accepts (ai.google.dev image understanding: PNG, JPEG, WEBP, HEIC, HEIF); others go as PNG. */
export const GEMINI_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif'] as const;

/**
 * USD per 1M tokens, Gemini Developer API paid tier (https://ai.google.dev/gemini-api/docs/pricing). Google's page was
 * not among the stored copies the search tool reaches; the figures are as third-party transcriptions of it quote them
 * (image output $60 / 1M tokens for 3.1 Flash Image, about $0.067 per 1K image: docs.ai.it.ufl.edu, core.today,
 * xairouter.com; 3.5 Flash-Lite $0.30 / $2.50: docs.apiyi.com's list price): check them against Google's page.
 * Image output tokens are priced apart from text and thinking tokens. Input is the text/image rate.
 */
export const GEMINI_RATES: Record<string, { inputPerMTok: number; outputPerMTok: number; imageOutputPerMTok?: number }> = {
  'gemini-3.1-flash-image': { inputPerMTok: 0.5, outputPerMTok: 3, imageOutputPerMTok: 60 },
  'gemini-3.5-flash-lite': { inputPerMTok: 0.3, outputPerMTok: 2.5 },
  'gemini-2.5-flash-image': { inputPerMTok: 0.3, outputPerMTok: 2.5, imageOutputPerMTok: 30 },
  'gemini-2.5-flash': { inputPerMTok: 0.3, outputPerMTok: 2.5 },
};

const PROVIDER = 'Gemini';
/** Statuses Google's troubleshooting guide says to retry after a wait (RESOURCE_EXHAUSTED, INTERNAL, UNAVAILABLE, DEADLINE_EXCEEDED). */
const RETRYABLE_STATUSES = [429, 500, 502, 503, 504];

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

interface GoogleErrorDetail {
  '@type'?: string;
  reason?: string;
  retryDelay?: string;
  violations?: Array<{ quotaId?: string; quotaMetric?: string; subject?: string; description?: string }>;
}
interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: GoogleErrorDetail[] };
}

/** What the per-call fetch saw of the last attempt. */
interface CallState {
  attempts: number;
  started: number;
  /** The last error answer: its status, headers and parsed body. */
  failure?: { status: number; headers: Headers; body: GoogleErrorBody | undefined; text: string };
  /** Aborted to tell the SDK not to retry (it checks the call's signal between attempts). */
  stop: AbortController;
  /** The next attempt does not start before this (Retry-After). */
  notBefore?: number;
}

export function createGeminiProvider(settings: GeminiSettings): GeminiProvider {
  const imageModel = settings.imageModel ?? GEMINI_DEFAULTS.imageModel;
  const textModel = settings.textModel ?? GEMINI_DEFAULTS.textModel;
  const timeoutMs = settings.timeoutMs ?? GEMINI_DEFAULTS.timeoutMs;
  const maxRetries = Math.max(0, settings.maxRetries ?? GEMINI_DEFAULTS.maxRetries);
  const retryDelayMs = Math.max(0, settings.retryDelayMs ?? GEMINI_DEFAULTS.retryDelayMs);
  const maxRetryDelayMs = Math.max(0, settings.maxRetryDelayMs ?? GEMINI_DEFAULTS.maxRetryDelayMs);
  const transport = providerFetch(timeoutMs);
  const ai = new GoogleGenAI({
    apiKey: settings.apiKey,
    httpOptions: {
      baseUrl: settings.baseUrl ?? GEMINI_DEFAULTS.baseUrl,
      // The SDK's own default for the Gemini API is v1; image output (responseModalities IMAGE, imageConfig) is v1beta.
      apiVersion: 'v1beta',
      timeout: timeoutMs,
      retryOptions: {
        attempts: maxRetries + 1,
        initialDelay: retryDelayMs / 1000,
        maxDelay: Math.max(retryDelayMs, maxRetryDelayMs) / 1000,
        httpStatusCodes: RETRYABLE_STATUSES,
      },
    },
  });

  /** The fetch of one call: the provider transport, Retry-After honoured, retries stopped where they cannot help. */
  function callFetch(state: CallState): typeof fetch {
    return async (input, init) => {
      state.attempts++;
      if (state.notBefore !== undefined) {
        const wait = state.notBefore - Date.now();
        if (wait > 0) await sleep(wait, init?.signal ?? undefined);
      }
      let response: Response;
      let text: string;
      try {
        response = await transport(input, init);
        if (response.ok) return response;
        text = await response.text();
      } catch (error) {
        // No answer (timeout, cancel, refused, dropped): never retried, the generation may have run.
        state.stop.abort();
        throw error;
      }
      const body = parseJson(text) as GoogleErrorBody | undefined;
      state.failure = { status: response.status, headers: response.headers, body, text };
      const waitMs = (retryAfterOf(response.headers, body) ?? 0) * 1000;
      const backoffMs = Math.min(retryDelayMs * 2 ** (state.attempts - 1) * 2, Math.max(retryDelayMs, maxRetryDelayMs));
      const retry =
        RETRYABLE_STATUSES.includes(response.status) &&
        state.attempts <= maxRetries &&
        !quotaStop(body) &&
        waitMs <= maxRetryDelayMs &&
        Date.now() - state.started + Math.max(waitMs, backoffMs) < timeoutMs;
      if (retry) state.notBefore = Date.now() + waitMs;
      else state.stop.abort();
      // The body was read here; the SDK reads its own copy (not tied to the attempt's signal, which stop aborts).
      return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  }

  async function generate(
    model: string,
    setting: 'GEMINI_IMAGE_MODEL' | 'GEMINI_TEXT_MODEL',
    request: { contents: Array<{ role: string; parts: Part[] }>; config?: GenerateContentConfig },
    signal?: AbortSignal,
  ): Promise<GenerateContentResponse> {
    const state: CallState = { attempts: 0, started: Date.now(), stop: new AbortController() };
    const deadline = AbortSignal.timeout(timeoutMs);
    const abortSignal = AbortSignal.any([deadline, state.stop.signal, ...(signal ? [signal] : [])]);
    try {
      return await ai.models.generateContent({
        model,
        contents: request.contents,
        config: { ...request.config, abortSignal, httpOptions: { fetch: callFetch(state) } },
      });
    } catch (error) {
      if (signal?.aborted) throw withCause(new ProviderError(PROVIDER, `The request to ${PROVIDER} was cancelled`, undefined, 'unknown'), error);
      if (state.failure && (error as { name?: string }).name === 'ApiError') {
        throw withCause(statusError(state.failure.status, state.failure.headers, state.failure.body, state.failure.text, { model, setting }), error);
      }
      if (deadline.aborted || isAbort(error)) {
        throw withCause(new ProviderError(PROVIDER, `${PROVIDER} did not answer within ${formatMs(timeoutMs)} (timed out)`, undefined, 'timeout'), error);
      }
      if (error instanceof SyntaxError) throw withCause(malformed(PROVIDER, `an answer that is not JSON (${error.message})`), error);
      if (error instanceof TypeError) {
        const host = hostOf(settings.baseUrl ?? GEMINI_DEFAULTS.baseUrl);
        throw withCause(new ProviderError(PROVIDER, `Network error reaching ${PROVIDER} at ${host}: ${networkDetail(error)}`, undefined, 'network'), error);
      }
      if (error instanceof ProviderError) throw error;
      throw withCause(new ProviderError(PROVIDER, `${PROVIDER} call failed: ${(error as Error).message ?? String(error)}`), error);
    }
  }

  function textOf(parts: Part[]): string {
    return parts
      .map((p) => (typeof p.text === 'string' ? p.text : ''))
      .join('')
      .trim();
  }

  async function textAnswer(request: Parameters<typeof generate>[2], signal?: AbortSignal): Promise<{ text: string } & ProviderCost> {
    const answer = await generate(textModel, 'GEMINI_TEXT_MODEL', request, signal);
    const { parts, finishReason } = readParts(answer);
    const text = textOf(parts);
    if (!text) throw malformed(PROVIDER, `an empty answer (finishReason ${finishReason ?? 'none'})`);
    return { text, ...costOf(textModel, answer.usageMetadata, false) };
  }

  return {
    name: PROVIDER,

    async editImage(request: ImageEditRequest): Promise<ImageResult> {
      if (request.images.length === 0) throw new ProviderError(PROVIDER, 'No source image was given', undefined, 'unknown');
      const parts: Part[] = await Promise.all(request.images.map(inlinePart));
      let prompt = request.prompt;
      if (request.mask) {
        parts.push(await inlinePart(request.mask));
        prompt +=
          '\n\nThe last image is a mask of the first image: change only the areas that are white in the mask and keep the black areas exactly as they are.';
      }
      parts.push({ text: prompt });

      const config: GenerateContentConfig = { responseModalities: ['TEXT', 'IMAGE'] };
      if (request.variability !== undefined) config.temperature = variabilityToTemperature(request.variability);
      if (request.aspectRatio && (GEMINI_ASPECT_RATIOS as readonly string[]).includes(request.aspectRatio)) {
        config.imageConfig = { aspectRatio: request.aspectRatio };
      }

      const answer = await generate(imageModel, 'GEMINI_IMAGE_MODEL', { contents: [{ role: 'user', parts }], config }, request.signal);
      const { parts: out, finishReason } = readParts(answer);
      const text = textOf(out) || undefined;
      const imagePart = out.find((p) => p.inlineData?.data);
      if (!imagePart) {
        if (!text && finishReason !== 'NO_IMAGE') throw malformed(PROVIDER, `an answer with neither image nor text (finishReason ${finishReason ?? 'none'})`);
        // The model answered in words only (often a refusal): its words say why, and may name the class.
        const why = text ? `: ${text.slice(0, 300)}` : '';
        throw new ProviderError(PROVIDER, `Gemini returned no image (finishReason ${finishReason ?? 'none'})${why}`);
      }
      const data = Buffer.from(imagePart.inlineData!.data!, 'base64');
      if (data.length === 0) throw malformed(PROVIDER, 'an empty image');
      return {
        data,
        mime: detectImageMime(data, imagePart.inlineData!.mimeType || undefined),
        text,
        provider: PROVIDER,
        model: answer.modelVersion ?? imageModel,
        ...costOf(imageModel, answer.usageMetadata, true),
      };
    },

    async describe({ image, prompt, signal }) {
      const result = await textAnswer({ contents: [{ role: 'user', parts: [await inlinePart(image), { text: prompt }] }] }, signal);
      return { ...result, provider: PROVIDER };
    },

    async refine({ text, instruction, signal }) {
      const result = await textAnswer(
        {
          config: {
            systemInstruction: {
              parts: [
                {
                  text: `You rewrite the user's text by this instruction and answer with the rewritten text only, without comments.\nInstruction: ${instruction}`,
                },
              ],
            },
          },
          contents: [{ role: 'user', parts: [{ text }] }],
        },
        signal,
      );
      return { ...result, provider: PROVIDER };
    },
  };
}

/** The first candidate's parts (thoughts left out), or the ProviderError its block or finish reason calls for. */
function readParts(answer: GenerateContentResponse): { parts: Part[]; finishReason?: string } {
  if (!answer || typeof answer !== 'object') throw malformed(PROVIDER, 'an answer that is not an object');
  const blockReason = answer.promptFeedback?.blockReason as string | undefined;
  if (blockReason) {
    const extra = answer.promptFeedback?.blockReasonMessage ? `: ${answer.promptFeedback.blockReasonMessage}` : '';
    throw new ProviderError(PROVIDER, `Gemini blocked the prompt (blockReason ${blockReason})${extra}`, undefined, classOfReason(blockReason));
  }
  const candidate: Candidate | undefined = answer.candidates?.[0];
  if (!candidate) throw malformed(PROVIDER, 'an answer without candidates');
  const finishReason = candidate.finishReason as string | undefined;
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

/** An image as an inline part, in a type Gemini takes: any other (GIF: its first frame) is converted to PNG. */
async function inlinePart(image: ImageData): Promise<Part> {
  const sent = await inAcceptedType(image, GEMINI_IMAGE_MIMES).catch((error: unknown) => {
    const mime = detectImageMime(image.data, image.mime);
    throw withCause(new ProviderError(PROVIDER, `The ${mime} image could not be converted to PNG for Gemini: ${(error as Error).message}`, undefined, 'unknown'), error);
  });
  return { inlineData: { mimeType: sent.mime, data: sent.data.toString('base64') } };
}

/** An HTTP error answer as a classified ProviderError (the cases Google's troubleshooting guide lists). */
function statusError(
  status: number,
  headers: Headers,
  body: GoogleErrorBody | undefined,
  text: string,
  call: { model: string; setting: 'GEMINI_IMAGE_MODEL' | 'GEMINI_TEXT_MODEL' },
): ProviderError {
  const error = body?.error;
  const details = Array.isArray(error?.details) ? error.details : [];
  const reasons = details.map((d) => d?.reason).filter(Boolean);
  const code = error?.status;
  const message =
    [error?.message, code ? `(${code})` : ''].filter(Boolean).join(' ') ||
    (text.trim() ? text.trim().slice(0, 300) : `${PROVIDER} answered HTTP ${status}`);
  const retryAfter = retryAfterOf(headers, body);
  const extra = retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {};
  const keyFix = (reason: string): ProviderFix => ({ setting: 'GEMINI_API_KEY', reason });

  if (reasons.includes('API_KEY_INVALID') || code === 'PERMISSION_DENIED' || code === 'UNAUTHENTICATED' || status === 401 || status === 403) {
    return new ProviderError(PROVIDER, message, status, 'authentication', { fix: keyFix('the key is invalid, missing or not allowed to call the Gemini API') });
  }
  if (status === 429 || code === 'RESOURCE_EXHAUSTED') {
    if (quotaStop(body)) {
      return new ProviderError(PROVIDER, message, status, 'unavailable', { ...extra, fix: keyFix('the daily quota or billing of this key is exhausted') });
    }
    return new ProviderError(PROVIDER, message, status, 'rate_limit', extra);
  }
  if (status === 404 || code === 'NOT_FOUND' || RETIRED.test(error?.message ?? '')) {
    return new ProviderError(PROVIDER, message, status, 'unavailable', {
      fix: { setting: call.setting, model: call.model, reason: 'the model is retired or unknown' },
    });
  }
  if (status === 504 || code === 'DEADLINE_EXCEEDED') return new ProviderError(PROVIDER, message, status, 'timeout');
  if (status >= 500) return new ProviderError(PROVIDER, message, status, 'server', extra);
  return new ProviderError(PROVIDER, message, status);
}

/** A model Google has retired or is retiring: "… is not found for API version v1beta", "… has been deprecated", "… no longer available". */
const RETIRED = /\bdeprecated\b|no longer (available|supported|served)|has been (retired|shut ?down|discontinued)/i;

/** A 429 that waiting a minute does not cure: a per-day quota, no free tier for the model (limit 0), or billing/credits. */
function quotaStop(body: GoogleErrorBody | undefined): boolean {
  const error = body?.error;
  if (!error) return false;
  const details = Array.isArray(error.details) ? error.details : [];
  const perDay = details.some((d) => (d?.violations ?? []).some((v) => /PerDay|per_day|daily/i.test(`${v?.quotaId ?? ''} ${v?.quotaMetric ?? ''}`)));
  const message = error.message ?? '';
  const billing =
    /\blimit: 0\b|prepayment credits are depleted|credits? (are|is|have been) (depleted|exhausted)|billing (is )?not enabled|enable billing|billing account/i.test(message);
  return perDay || billing;
}

/** Seconds Google asked us to wait: the Retry-After header, or google.rpc.RetryInfo.retryDelay ("31s", "0.5s"). */
function retryAfterOf(headers: Headers, body: GoogleErrorBody | undefined): number | undefined {
  const header = retryAfterSeconds(headers.get('retry-after'));
  if (header !== undefined) return header;
  const details = Array.isArray(body?.error?.details) ? body.error.details : [];
  const info = details.find((d) => typeof d?.['@type'] === 'string' && d['@type'].endsWith('google.rpc.RetryInfo'));
  const match = /^(\d+(?:\.\d+)?)s$/.exec(info?.retryDelay ?? '');
  return match ? Math.ceil(Number(match[1])) : undefined;
}

/** usageMetadata as ProviderCost: the token counts, and their price when the model is in GEMINI_RATES. */
export function costOf(model: string, usage: GenerateContentResponse['usageMetadata'], imageReturned: boolean): ProviderCost {
  if (!usage) return {};
  const count = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
  const byModality = (list: Array<{ modality?: string; tokenCount?: number }> | undefined, modality: string) =>
    (list ?? []).filter((d) => String(d?.modality) === modality).reduce((sum, d) => sum + count(d.tokenCount), 0);
  const input = count(usage.promptTokenCount);
  const output = count(usage.candidatesTokenCount);
  const thoughts = count(usage.thoughtsTokenCount);
  const details = usage.candidatesTokensDetails;
  // Without per-modality details, an answer carrying an image is taken as image tokens.
  const outputImage = details?.length ? byModality(details, 'IMAGE') : imageReturned ? output : 0;
  const result: Record<string, number> = {
    input_tokens: input,
    output_tokens: output,
    output_image_tokens: outputImage,
    output_text_tokens: output - outputImage,
    thoughts_tokens: thoughts,
    total_tokens: count(usage.totalTokenCount) || input + output + thoughts,
  };
  if (usage.promptTokensDetails?.length) {
    result.input_text_tokens = byModality(usage.promptTokensDetails, 'TEXT');
    result.input_image_tokens = byModality(usage.promptTokensDetails, 'IMAGE');
  }
  if (usage.cachedContentTokenCount) result.cached_input_tokens = count(usage.cachedContentTokenCount);
  const rate = GEMINI_RATES[model.replace(/^models\//, '')];
  if (!rate) return { usage: result };
  const imageRate = rate.imageOutputPerMTok ?? rate.outputPerMTok;
  const costUsd = (input * rate.inputPerMTok + (output - outputImage + thoughts) * rate.outputPerMTok + outputImage * imageRate) / 1_000_000;
  return { costUsd: Math.round(costUsd * 1e8) / 1e8, usage: result };
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

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

function withCause(error: ProviderError, cause: unknown): ProviderError {
  error.cause = cause;
  return error;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

