import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, toFile } from 'openai';
import sharp from 'sharp';
import { classifyAiError, type AiErrorClass } from '../../../contract/ai.ts';
import { sumCosts } from './cost.ts';
import { detectImageMime, formatMs, inAcceptedType, malformed, networkDetail, retryAfterSeconds } from './http.ts';
import { decodeToPcm, PCM_RATE, silenceCuts, wavOf } from './speech/audio.ts';
import { providerFetch, type ProviderFetch } from './transport.ts';
import {
  ProviderError,
  type ImageData,
  type ImageEditor,
  type ImageEditRequest,
  type ImageResult,
  type ProviderCost,
  type ProviderFix,
  type SpeechResult,
  type SpeechSegment,
  type SpeechTranscriber,
  type TextRefiner,
  type VisionDescriber,
} from './types.ts';

/**
 * Any OpenAI-compatible endpoint, through OpenAI's official SDK (`openai`), held to OpenAI's published OpenAPI
 * document (github.com/openai/openai-openapi; server/test-support/provider-schemas/openai.json). The base URL includes
 * the version (`https://api.openai.com/v1`, `http://localhost:11434/v1`, …).
 *
 * - Image edits: `client.images.edit` → `POST {base}/images/edits`, multipart `image[]` (one part per image; PNG,
 *   JPEG or WebP only: anything else, a GIF's first frame, is sent as PNG), `prompt`, `model`, `mask` (PNG whose fully
 *   transparent pixels mark where to paint), `size`; answer ImagesResponse `{ created, data: [{ b64_json }], usage }`.
 * - Vision and text: `client.chat.completions.create` → `POST {base}/chat/completions`, images as `image_url` data
 *   URLs; answer `{ choices: [{ message: { content, refusal }, finish_reason }], usage: { prompt_tokens, … } }`.
 * - Speech: `client.audio.transcriptions.create` → `POST {base}/audio/transcriptions`, multipart `file`, `model`,
 *   `response_format`, `language`. Whisper models take `verbose_json` (`{ text, duration, language, segments, usage:
 *   { type: 'duration', seconds } }`: the segments give SRT/VTT); `gpt-4o-transcribe`, `gpt-4o-mini-transcribe` and
 *   the other `gpt-*transcribe*` models take `json` only (`{ text, usage: { type: 'tokens', input_tokens, … } }`: no
 *   segments and no duration, which then comes from the request's `durationSeconds`).
 *
 * Errors: `{ error: { message, type, param, code } }`. The SDK retries 408, 409, 429, 5xx and connection failures
 * (`maxRetries`, honouring Retry-After) except a 429 insufficient_quota, which is a billing stop. Classes:
 * rate_limit_exceeded → rate_limit (retryAfterSeconds); insufficient_quota → unavailable (fix OPENAI_API_KEY);
 * model_not_found, a model that "does not exist" or was deprecated → unavailable (fix: the model setting the call
 * used); invalid_api_key / 401 → authentication; moderation_blocked, content_policy_violation → content_policy.
 */

export interface OpenAiSettings {
  apiKey: string;
  /** Default https://api.openai.com/v1. */
  baseUrl?: string;
  /** OPENAI_IMAGE_MODEL. Default gpt-image-2. */
  imageModel?: string;
  /** OPENAI_CHAT_MODEL: vision and text refinement. Default gpt-4.1-mini. */
  chatModel?: string;
  /** OPENAI_TRANSCRIBE_MODEL. Default whisper-1 (verbose_json: segments for SRT/VTT); gpt-4o-transcribe answers json only. */
  transcriptionModel?: string;
  /** Optional OpenAI-Organization header. */
  organization?: string;
  /** Per-attempt timeout. Default 180 000 ms (image edits take up to a minute or two). */
  timeoutMs?: number;
  /** Retries of 408/409/429/5xx and connection failures by the SDK (Retry-After honoured). Default 2. */
  maxRetries?: number;
  /** Display name, e.g. for another OpenAI-compatible service. Default 'OpenAI'. */
  displayName?: string;
  /** ffmpeg, to split audio over the 25 MB limit at pauses; without it such audio is refused. */
  ffmpeg?: string;
}

export const OPENAI_DEFAULTS = {
  baseUrl: 'https://api.openai.com/v1',
  // gpt-image-1 was retired on 23 Oct 2026; gpt-image-1.5 and gpt-image-1-mini retire on 1 Dec 2026.
  imageModel: 'gpt-image-2',
  chatModel: 'gpt-4.1-mini',
  transcriptionModel: 'whisper-1',
  timeoutMs: 180_000,
  maxRetries: 2,
} as const;

/** The environment setting behind each model, named in an `unavailable` error's fix. */
export const OPENAI_MODEL_SETTINGS = {
  image: 'OPENAI_IMAGE_MODEL',
  chat: 'OPENAI_CHAT_MODEL',
  transcription: 'OPENAI_TRANSCRIBE_MODEL',
} as const;

export type OpenAiProvider = ImageEditor & VisionDescriber & TextRefiner & SpeechTranscriber;

/**
 * USD per 1M tokens (per minute for `perMinute`), from OpenAI's pricing page (developers.openai.com/api/docs/pricing
 * and the model pages, read Nov 2026): gpt-image-2 text in $5, image in $8, image out $30, text out $10; gpt-4.1-mini
 * in $0.40, cached in $0.10, out $1.60; whisper-1 $0.006 per minute; gpt-4o-transcribe text in $2.50, audio in $6,
 * out $10; gpt-4o-mini-transcribe text in $1.25, audio in $3, out $5. Dated snapshots (`…-2026-04-21`) take their
 * model's rate. A model not listed (another OpenAI-compatible service) reports usage without a cost.
 */
export interface OpenAiRate {
  textInput?: number;
  cachedTextInput?: number;
  imageInput?: number;
  audioInput?: number;
  textOutput?: number;
  imageOutput?: number;
  perMinute?: number;
}

export const OPENAI_RATES: Record<string, OpenAiRate> = {
  'gpt-image-2': { textInput: 5, cachedTextInput: 1.25, imageInput: 8, imageOutput: 30, textOutput: 10 },
  'gpt-4.1-mini': { textInput: 0.4, cachedTextInput: 0.1, textOutput: 1.6 },
  'whisper-1': { perMinute: 0.006 },
  'gpt-4o-transcribe': { textInput: 2.5, audioInput: 6, textOutput: 10 },
  'gpt-4o-mini-transcribe': { textInput: 1.25, audioInput: 3, textOutput: 5 },
};

export function rateOf(model: string): OpenAiRate | undefined {
  return OPENAI_RATES[model] ?? OPENAI_RATES[model.replace(/-\d{4}-\d{2}-\d{2}$/, '')];
}

/** OpenAI refuses audio files over 25 MB (413): longer audio is sent in pieces cut at pauses. */
export const OPENAI_AUDIO_LIMIT_BYTES = 25 * 1024 * 1024;
/** A piece's size: 16 kHz mono 16-bit WAV, under the limit with room for the multipart envelope. */
const CHUNK_BYTES = 24 * 1024 * 1024;

/** Whisper names languages ('english'); the rest of the app speaks ISO codes where it can. */
const LANGUAGE_CODES: Record<string, string> = { english: 'en', spanish: 'es', french: 'fr', german: 'de', japanese: 'ja', chinese: 'zh', hindi: 'hi', arabic: 'ar' };

const POLICY_CODES = new Set(['content_policy_violation', 'moderation_blocked', 'content_filter']);
/** The image types the edits endpoint reads (CreateImageEditRequest: png, webp or jpg). */
/** What the edits endpoint reads; anything else (a GIF: its first frame) is sent as PNG. */
const EDIT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Whisper models answer verbose_json (duration and segments); the gpt-*transcribe* models json only. */
export function transcriptionFormat(model: string): 'verbose_json' | 'json' {
  return /whisper/i.test(model) ? 'verbose_json' : 'json';
}

type ModelRole = keyof typeof OPENAI_MODEL_SETTINGS;

export function createOpenAiProvider(settings: OpenAiSettings): OpenAiProvider {
  const provider = settings.displayName ?? 'OpenAI';
  const models: Record<ModelRole, string> = {
    image: settings.imageModel ?? OPENAI_DEFAULTS.imageModel,
    chat: settings.chatModel ?? OPENAI_DEFAULTS.chatModel,
    transcription: settings.transcriptionModel ?? OPENAI_DEFAULTS.transcriptionModel,
  };
  const timeoutMs = settings.timeoutMs ?? OPENAI_DEFAULTS.timeoutMs;
  const baseUrl = settings.baseUrl ?? OPENAI_DEFAULTS.baseUrl;
  const transport = providerFetch(timeoutMs);
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: baseUrl,
    organization: settings.organization ?? null,
    project: null,
    timeout: timeoutMs,
    maxRetries: settings.maxRetries ?? OPENAI_DEFAULTS.maxRetries,
    fetch: noRetryOnBillingStop(transport),
  });

  /** Runs one SDK call, every failure a classified ProviderError naming the model setting it used. */
  async function call<T>(role: ModelRole, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toProviderError(error, { provider, role, model: models[role], timeoutMs, baseUrl, signal });
    }
  }

  async function chat(messages: OpenAI.Chat.ChatCompletionMessageParam[], signal?: AbortSignal): Promise<{ text: string } & ProviderCost> {
    const body = await call('chat', signal, () => client.chat.completions.create({ model: models.chat, messages }, { signal }));
    const choice = body?.choices?.[0];
    if (!choice) throw malformed(provider, 'a chat answer without choices');
    if (choice.finish_reason === 'content_filter') {
      throw new ProviderError(provider, `${provider} withheld the answer: blocked by its content filter (finish_reason content_filter)`, undefined, 'content_policy');
    }
    if (choice.message?.refusal) {
      throw new ProviderError(provider, `${provider} refused: ${choice.message.refusal}`, undefined, 'content_policy');
    }
    const text = typeof choice.message?.content === 'string' ? choice.message.content.trim() : '';
    if (!text) throw malformed(provider, `an empty chat answer (finish_reason ${choice.finish_reason ?? 'none'})`);
    return { text, ...chatCost(models.chat, body.usage) };
  }

  return {
    name: provider,
    key: 'openai',

    async editImage(request: ImageEditRequest): Promise<ImageResult> {
      const [first] = request.images;
      if (!first) throw new ProviderError(provider, 'No source image was given', undefined, 'unknown');
      const model = models.image;
      const dalle = /^dall-e/i.test(model);
      const images = await Promise.all(
        request.images.map(async (image, i) => {
          const accepted = await inAcceptedType(image, EDIT_IMAGE_TYPES).catch((error: unknown) => {
            throw new ProviderError(provider, `Image ${i + 1} could not be read: ${(error as Error).message}`, undefined, 'unknown');
          });
          return toFile(accepted.data, `image-${i + 1}.${extensionOf(accepted.mime)}`, { type: accepted.mime });
        }),
      );
      let mask: Awaited<ReturnType<typeof toFile>> | undefined;
      if (request.mask) {
        const alphaMask = await toAlphaMask(request.mask, first).catch((error: unknown) => {
          throw new ProviderError(provider, `The mask could not be prepared: ${(error as Error).message}`, undefined, 'unknown');
        });
        mask = await toFile(alphaMask, 'mask.png', { type: 'image/png' });
      }
      const body = await call('image', request.signal, () =>
        client.images.edit(
          {
            model,
            prompt: request.prompt,
            // An array is sent as `image[]` parts (the GPT image models take up to 16); dall-e-2 takes one `image`.
            image: dalle ? images[0]! : images,
            ...(mask ? { mask } : {}),
            size: dalle ? '1024x1024' : sizeForAspect(request.aspectRatio),
            ...(dalle ? { response_format: 'b64_json' as const } : {}),
          },
          { signal: request.signal },
        ),
      );
      const item = body?.data?.[0];
      let data: Buffer;
      if (item?.b64_json) {
        data = Buffer.from(item.b64_json, 'base64');
      } else if (item?.url) {
        data = await download(item.url, request.signal);
      } else {
        throw malformed(provider, 'an image answer without b64_json or url');
      }
      if (data.length === 0) throw malformed(provider, 'an empty image');
      return { data, mime: detectImageMime(data), text: item.revised_prompt, provider, model, ...imageCost(model, body.usage) };
    },

    async describe({ image, prompt, signal }) {
      const dataUrl = `data:${image.mime};base64,${image.data.toString('base64')}`;
      const result = await chat(
        [
          {
            role: 'user',
            content: [
              { type: 'text', text: prompt },
              { type: 'image_url', image_url: { url: dataUrl } },
            ],
          },
        ],
        signal,
      );
      return { ...result, provider };
    },

    async refine({ text, instruction, signal }) {
      const result = await chat(
        [
          {
            role: 'system',
            content: `You rewrite the user's text by this instruction and answer with the rewritten text only, without comments.\nInstruction: ${instruction}`,
          },
          { role: 'user', content: text },
        ],
        signal,
      );
      return { ...result, provider };
    },

    async transcribe({ audio, mime, language, durationSeconds, signal }) {
      if (audio.length <= OPENAI_AUDIO_LIMIT_BYTES) return transcribeOne(audio, mime, language, durationSeconds, signal);
      if (!settings.ffmpeg) {
        throw new ProviderError(provider, 'The recording is over the 25 MB a transcription request may carry, and ffmpeg is not installed to split it.', 413, 'file_too_large');
      }
      // Decoded once to 16 kHz mono, cut at the quietest moment near each 24 MB boundary, each piece sent as a WAV.
      const pcm = await decodeToPcm(settings.ffmpeg, audio, { signal, timeoutMs, provider });
      const cuts = [0, ...silenceCuts(pcm, Math.floor((CHUNK_BYTES - 44) / 2)), pcm.length];
      const parts: SpeechResult[] = [];
      for (let i = 0; i + 1 < cuts.length; i++) {
        parts.push(await transcribeOne(wavOf(pcm.subarray(cuts[i], cuts[i + 1])), 'audio/wav', language, (cuts[i + 1]! - cuts[i]!) / PCM_RATE, signal));
      }
      let offset = 0;
      const segments: SpeechSegment[] = [];
      for (const [i, part] of parts.entries()) {
        for (const seg of part.segments ?? []) segments.push({ start: seg.start + offset, end: seg.end + offset, text: seg.text });
        offset += (cuts[i + 1]! - cuts[i]!) / PCM_RATE;
      }
      return {
        text: parts.map((p) => p.text).filter(Boolean).join(' '),
        durationSeconds: pcm.length / PCM_RATE,
        provider,
        model: models.transcription,
        language: parts[0]?.language,
        segments,
        ...sumCosts(parts),
      };
    },
  };

  async function transcribeOne(audio: Buffer, mime: string, language: string | undefined, knownSeconds: number | undefined, signal: AbortSignal | undefined): Promise<SpeechResult> {
    const model = models.transcription;
    const format = transcriptionFormat(model);
    const file = await toFile(audio, `audio.${audioExtension(mime)}`, { type: mime });
    const answer = await call('transcription', signal, () =>
      client.audio.transcriptions.create(
        { file, model, response_format: format, ...(language ? { language: language.split(/[-_]/)[0]!.toLowerCase() } : {}) },
        { signal },
      ),
    );
    const body = answer as Partial<OpenAI.Audio.TranscriptionVerbose> & { usage?: TranscriptionUsage };
    if (!body || typeof body !== 'object' || typeof body.text !== 'string') throw malformed(provider, 'a transcription without text');
    // verbose_json carries the duration; json carries it only in a duration usage, else the request's own stands.
    const usageSeconds = body.usage?.type === 'duration' ? body.usage.seconds : undefined;
    const duration = Number(body.duration ?? usageSeconds ?? knownSeconds ?? 0);
    if (!Number.isFinite(duration) || duration < 0) throw malformed(provider, 'a transcription without a valid duration');
    const segments = (Array.isArray(body.segments) ? body.segments : [])
      .filter((seg) => Number.isFinite(seg.start) && Number.isFinite(seg.end) && typeof seg.text === 'string')
      .map((seg) => ({ start: seg.start, end: seg.end, text: seg.text.trim() }));
    const lang = typeof body.language === 'string' ? (LANGUAGE_CODES[body.language.toLowerCase()] ?? body.language) : undefined;
    return {
      text: body.text.trim(),
      durationSeconds: duration,
      provider,
      model,
      segments,
      ...(lang ? { language: lang } : {}),
      ...transcriptionCost(model, body.usage, duration),
    };
  }

  /** An image answered as a URL (dall-e-2, other services): fetched without our key, within the call's timeout. */
  async function download(url: string, signal: AbortSignal | undefined): Promise<Buffer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await transport(new URL(url, `${baseUrl.replace(/\/$/, '')}/`), { signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
      if (!response.ok) throw new ProviderError(provider, `${provider}'s image URL answered HTTP ${response.status}`, response.status, response.status >= 500 ? 'server' : 'unknown');
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (signal?.aborted) throw new ProviderError(provider, `The request to ${provider} was cancelled`, undefined, 'unknown');
      if (timeout.aborted) throw new ProviderError(provider, `${provider} did not answer within ${formatMs(timeoutMs)} (timed out)`, undefined, 'timeout');
      throw new ProviderError(provider, `Network error downloading ${provider}'s image: ${networkDetail(error)}`, undefined, 'network');
    }
  }
}

type TranscriptionUsage =
  | { type: 'tokens'; input_tokens: number; output_tokens: number; total_tokens: number; input_token_details?: { text_tokens?: number; audio_tokens?: number } }
  | { type: 'duration'; seconds: number };

/**
 * A 429 insufficient_quota is a billing stop: the SDK would retry it like a rate limit, so the answer is marked
 * `x-should-retry: false` (the SDK's own header) before the SDK reads it.
 */
function noRetryOnBillingStop(inner: ProviderFetch): ProviderFetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init);
    if (response.status !== 429 || response.headers.has('x-should-retry')) return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    if (/"insufficient_quota"/.test(text)) headers.set('x-should-retry', 'false');
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  }) as ProviderFetch;
}

interface ErrorContext {
  provider: string;
  role: ModelRole;
  model: string;
  timeoutMs: number;
  baseUrl: string;
  signal?: AbortSignal;
}

/** Any failure of an SDK call as a classified ProviderError (see the header comment for the classes). */
export function toProviderError(error: unknown, context: ErrorContext): ProviderError {
  const { provider } = context;
  if (error instanceof ProviderError) return error;
  let result: ProviderError;
  if (error instanceof APIUserAbortError || (context.signal?.aborted && !(error instanceof APIError && error.status))) {
    result = new ProviderError(provider, `The request to ${provider} was cancelled`, undefined, 'unknown');
  } else if (error instanceof APIConnectionTimeoutError) {
    result = new ProviderError(provider, `${provider} did not answer within ${formatMs(context.timeoutMs)} (timed out)`, undefined, 'timeout');
  } else if (error instanceof APIConnectionError) {
    let host = context.baseUrl;
    try {
      host = new URL(context.baseUrl).host;
    } catch {
      // keep the text as given
    }
    result = new ProviderError(provider, `Network error reaching ${provider} at ${host}: ${networkDetail(error.cause ?? error)}`, undefined, 'network');
  } else if (error instanceof APIError && error.status !== undefined) {
    result = statusError(error, context);
  } else if (error instanceof SyntaxError) {
    result = malformed(provider, `an answer that is not JSON (${error.message})`);
  } else {
    result = new ProviderError(provider, `${provider} call failed: ${(error as Error)?.message ?? String(error)}`, undefined, 'unknown');
  }
  result.cause = error;
  return result;
}

function statusError(error: APIError, context: ErrorContext): ProviderError {
  const { provider } = context;
  const status = error.status!;
  const body = (error.error ?? {}) as { message?: unknown; type?: unknown; code?: unknown };
  const code = typeof body.code === 'string' ? body.code : '';
  const type = typeof body.type === 'string' ? body.type : '';
  const text = typeof body.message === 'string' && body.message ? body.message : `${provider} answered HTTP ${status}`;
  const message = `${text}${code ? ` (${code})` : type ? ` (${type})` : ''}`;
  const fix = (setting: string, reason: string, model?: string): { fix: ProviderFix } => ({ fix: { setting, ...(model ? { model } : {}), reason } });

  if (code === 'insufficient_quota' || type === 'insufficient_quota') {
    return new ProviderError(provider, message, status, 'unavailable', fix('OPENAI_API_KEY', 'the account is out of quota or credits (billing)'));
  }
  if (status === 429) {
    const retryAfterSeconds = retryAfter(error.headers);
    return new ProviderError(provider, message, status, 'rate_limit', retryAfterSeconds !== undefined ? { retryAfterSeconds } : {});
  }
  const modelGone =
    code === 'model_not_found' ||
    (status === 404 && /model/i.test(text) && /does not exist|not found|deprecated|retired|shut ?down|no longer available/i.test(text)) ||
    (status >= 400 && status < 500 && /model/i.test(text) && /deprecated|retired|shut ?down|no longer available/i.test(text));
  if (modelGone) {
    const reason = /deprecated|retired|shut ?down|no longer/i.test(text) ? `the model was retired (${code || status})` : `the model does not exist or this key has no access to it (${code || status})`;
    return new ProviderError(provider, message, status, 'unavailable', fix(OPENAI_MODEL_SETTINGS[context.role], reason, context.model));
  }
  if (POLICY_CODES.has(code)) return new ProviderError(provider, message, status, 'content_policy');
  if (code === 'invalid_api_key' || status === 401) {
    return new ProviderError(provider, message, status, 'authentication', fix('OPENAI_API_KEY', `the API key was refused (${code || status})`));
  }
  const errorClass: AiErrorClass = status >= 500 ? 'server' : classifyAiError(status, message);
  return new ProviderError(provider, message, status, errorClass);
}

/** Retry-After (seconds or an HTTP date) or retry-after-ms, in whole seconds. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (headers?.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  return retryAfterSeconds(headers?.get('retry-after'));
}

const PER_MILLION = 1_000_000;
const round = (usd: number) => Math.round(usd * 1e8) / 1e8;

/** ImagesResponse.usage (ImageGenUsage): input tokens split into text and image, output tokens (image, maybe text). */
export function imageCost(model: string, usage: OpenAI.ImagesResponse['usage'] | undefined): ProviderCost {
  if (!usage) return {};
  const inText = usage.input_tokens_details?.text_tokens ?? usage.input_tokens;
  const inImage = usage.input_tokens_details?.image_tokens ?? 0;
  const details = (usage as { output_tokens_details?: { image_tokens?: number; text_tokens?: number } }).output_tokens_details;
  const outImage = details?.image_tokens ?? usage.output_tokens;
  const outText = details?.text_tokens ?? 0;
  const figures: Record<string, number> = {
    input_tokens: usage.input_tokens,
    input_text_tokens: inText,
    input_image_tokens: inImage,
    output_tokens: usage.output_tokens,
    ...(details ? { output_image_tokens: outImage, output_text_tokens: outText } : {}),
    total_tokens: usage.total_tokens,
  };
  const rate = rateOf(model);
  if (!rate?.imageOutput) return { usage: figures };
  const usd = (inText * (rate.textInput ?? 0) + inImage * (rate.imageInput ?? 0) + outImage * rate.imageOutput + outText * (rate.textOutput ?? 0)) / PER_MILLION;
  return { usage: figures, costUsd: round(usd) };
}

/** CompletionUsage: prompt_tokens (cached ones at the cached rate) and completion_tokens. */
export function chatCost(model: string, usage: OpenAI.CompletionUsage | undefined): ProviderCost {
  if (!usage) return {};
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const figures: Record<string, number> = {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.total_tokens,
    ...(cached ? { cached_tokens: cached } : {}),
  };
  const rate = rateOf(model);
  if (rate?.textInput === undefined || rate.textOutput === undefined) return { usage: figures };
  const usd = ((usage.prompt_tokens - cached) * rate.textInput + cached * (rate.cachedTextInput ?? rate.textInput) + usage.completion_tokens * rate.textOutput) / PER_MILLION;
  return { usage: figures, costUsd: round(usd) };
}

/** Transcription usage: tokens (gpt-*transcribe*: audio and text input, text output) or duration seconds (whisper-1). */
export function transcriptionCost(model: string, usage: TranscriptionUsage | undefined, durationSeconds: number): ProviderCost {
  const rate = rateOf(model);
  if (usage?.type === 'tokens') {
    const audio = usage.input_token_details?.audio_tokens ?? 0;
    const text = usage.input_token_details?.text_tokens ?? usage.input_tokens - audio;
    const figures = { input_tokens: usage.input_tokens, input_audio_tokens: audio, input_text_tokens: text, output_tokens: usage.output_tokens, total_tokens: usage.total_tokens };
    if (rate?.textInput === undefined || rate.textOutput === undefined) return { usage: figures };
    return { usage: figures, costUsd: round((audio * (rate.audioInput ?? rate.textInput) + text * rate.textInput + usage.output_tokens * rate.textOutput) / PER_MILLION) };
  }
  const seconds = usage?.type === 'duration' ? usage.seconds : undefined;
  if (seconds === undefined && !rate?.perMinute) return {};
  const billed = seconds ?? durationSeconds;
  const figures = { seconds: billed };
  if (!rate?.perMinute) return { usage: figures };
  return { usage: figures, costUsd: round((billed / 60) * rate.perMinute) };
}

/**
 * Our masks are white where the model may paint; OpenAI wants a PNG of the image's size whose fully
 * transparent pixels mark that area. Alpha = 255 − luminance, on black.
 */
async function toAlphaMask(mask: ImageData, source: ImageData): Promise<Buffer> {
  const { width, height } = await sharp(source.data, { pages: 1 }).metadata();
  if (!width || !height) throw new Error('the source image has no size');
  const alpha = await sharp(mask.data).resize(width, height, { fit: 'fill' }).flatten({ background: '#000000' }).greyscale().negate().raw().toBuffer();
  const black = Buffer.alloc(width * height * 3);
  return sharp(black, { raw: { width, height, channels: 3 } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** gpt-image sizes: square, landscape 3:2, portrait 2:3, or auto. */
export function sizeForAspect(aspectRatio?: string): string {
  const match = aspectRatio ? /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(aspectRatio) : null;
  if (!match) return 'auto';
  const ratio = Number(match[1]) / Number(match[2]);
  if (!Number.isFinite(ratio) || ratio <= 0) return 'auto';
  if (ratio > 1.15) return '1536x1024';
  if (ratio < 1 / 1.15) return '1024x1536';
  return '1024x1024';
}

function extensionOf(mime: string): string {
  return { 'image/jpeg': 'jpg', 'image/webp': 'webp' }[mime] ?? 'png';
}

/** OpenAI reads the audio format from the file name's extension. */
function audioExtension(mime: string): string {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  const known: Record<string, string> = {
    'audio/mpeg': 'mp3',
    'audio/mp3': 'mp3',
    'audio/wav': 'wav',
    'audio/x-wav': 'wav',
    'audio/wave': 'wav',
    'audio/webm': 'webm',
    'video/webm': 'webm',
    'audio/ogg': 'ogg',
    'audio/opus': 'ogg',
    'audio/flac': 'flac',
    'audio/x-flac': 'flac',
    'audio/mp4': 'm4a',
    'audio/x-m4a': 'm4a',
    'audio/m4a': 'm4a',
    'video/mp4': 'mp4',
    'video/mpeg': 'mpeg',
  };
  return known[base] ?? 'mp3';
}
