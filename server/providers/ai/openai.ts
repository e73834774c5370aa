import sharp from 'sharp';
import type { AiErrorClass } from '../../../contract/ai.ts';
import { createHttpClient, detectImageMime, malformed, type ErrorBodyParser } from './http.ts';
import { decodeToPcm, PCM_RATE, silenceCuts, wavOf } from './speech/audio.ts';
import {
  ProviderError,
  type ImageData,
  type ImageEditor,
  type ImageEditRequest,
  type ImageResult,
  type SpeechResult,
  type SpeechSegment,
  type SpeechTranscriber,
  type TextRefiner,
  type VisionDescriber,
} from './types.ts';

/**
 * Any OpenAI-compatible endpoint (`Authorization: Bearer …`). The base URL includes the version
 * (`https://api.openai.com/v1`, `http://localhost:11434/v1`, …); paths are relative to it.
 *
 * - Image edits: `POST {base}/images/edits`, multipart: `image[]` (one part per image), `prompt`, `model`,
 *   `mask` (PNG whose fully transparent pixels mark where to paint), `size`; answer `{ created, data: [{ b64_json }] }`.
 * - Vision and text: `POST {base}/chat/completions`, images as `image_url` data URLs; answer
 *   `{ choices: [{ message: { content, refusal }, finish_reason }] }`.
 * - Speech: `POST {base}/audio/transcriptions`, multipart `file`, `model`, `response_format=verbose_json`,
 *   `language`; answer `{ text, duration, language, segments }`.
 * Errors: `{ error: { message, type, param, code } }`; codes content_policy_violation and
 * moderation_blocked are content policy, rate_limit_exceeded and insufficient_quota are rate limits.
 */

export interface OpenAiSettings {
  apiKey: string;
  /** Default https://api.openai.com/v1. */
  baseUrl?: string;
  /** Default gpt-image-1. */
  imageModel?: string;
  /** Vision and text refinement. Default gpt-4.1-mini. */
  chatModel?: string;
  /** Default whisper-1 (verbose_json gives the duration; gpt-4o-transcribe answers json only). */
  transcriptionModel?: string;
  /** Optional OpenAI-Organization header. */
  organization?: string;
  /** Per-call timeout. Default 180 000 ms (image edits take up to a minute or two). */
  timeoutMs?: number;
  /** Display name, e.g. for another OpenAI-compatible service. Default 'OpenAI'. */
  displayName?: string;
  /** ffmpeg, to split audio over the 25 MB limit at pauses; without it such audio is refused. */
  ffmpeg?: string;
}

export const OPENAI_DEFAULTS = {
  baseUrl: 'https://api.openai.com/v1',
  imageModel: 'gpt-image-1',
  chatModel: 'gpt-4.1-mini',
  transcriptionModel: 'whisper-1',
  timeoutMs: 180_000,
} as const;

export type OpenAiProvider = ImageEditor & VisionDescriber & TextRefiner & SpeechTranscriber;

interface ChatCompletion {
  choices?: Array<{ message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }>;
  model?: string;
}

interface ImagesResponse {
  data?: Array<{ b64_json?: string; url?: string; revised_prompt?: string }>;
}

interface TranscriptionResponse {
  text?: string;
  language?: string;
  duration?: number | string;
  usage?: { type?: string; seconds?: number };
  segments?: Array<{ start?: number; end?: number; text?: string }>;
}

/** OpenAI refuses audio files over 25 MB (413): longer audio is sent in pieces cut at pauses. */
export const OPENAI_AUDIO_LIMIT_BYTES = 25 * 1024 * 1024;
/** A piece's size: 16 kHz mono 16-bit WAV, under the limit with room for the multipart envelope. */
const CHUNK_BYTES = 24 * 1024 * 1024;

/** Whisper names languages ('english'); the rest of the app speaks ISO codes where it can. */
const LANGUAGE_CODES: Record<string, string> = { english: 'en', spanish: 'es', french: 'fr', german: 'de', japanese: 'ja', chinese: 'zh', hindi: 'hi', arabic: 'ar' };

const POLICY_CODES = new Set(['content_policy_violation', 'moderation_blocked', 'content_filter']);
const RATE_CODES = new Set(['rate_limit_exceeded', 'insufficient_quota']);

export const parseOpenAiError: ErrorBodyParser = (body) => {
  const b = body as { error?: unknown; message?: unknown; detail?: unknown };
  const error = b.error;
  if (typeof error === 'string') return { message: error };
  if (!error || typeof error !== 'object') return undefined;
  const { message, type, code } = error as { message?: string; type?: string; code?: string | number | null };
  const codeText = code === null || code === undefined ? '' : String(code);
  let errorClass: AiErrorClass | undefined;
  if (POLICY_CODES.has(codeText)) errorClass = 'content_policy';
  else if (RATE_CODES.has(codeText) || type === 'insufficient_quota') errorClass = 'rate_limit';
  else if (codeText === 'invalid_api_key') errorClass = 'authentication';
  const suffix = codeText ? ` (${codeText})` : type ? ` (${type})` : '';
  return { message: message ? `${message}${suffix}` : undefined, errorClass };
};

export function createOpenAiProvider(settings: OpenAiSettings): OpenAiProvider {
  const provider = settings.displayName ?? 'OpenAI';
  const imageModel = settings.imageModel ?? OPENAI_DEFAULTS.imageModel;
  const chatModel = settings.chatModel ?? OPENAI_DEFAULTS.chatModel;
  const transcriptionModel = settings.transcriptionModel ?? OPENAI_DEFAULTS.transcriptionModel;
  const authHeaders: Record<string, string> = { Authorization: `Bearer ${settings.apiKey}` };
  if (settings.organization) authHeaders['OpenAI-Organization'] = settings.organization;
  const http = createHttpClient({
    provider,
    baseUrl: settings.baseUrl ?? OPENAI_DEFAULTS.baseUrl,
    authHeaders,
    timeoutMs: settings.timeoutMs ?? OPENAI_DEFAULTS.timeoutMs,
    parseError: parseOpenAiError,
  });

  async function chat(messages: unknown[], signal?: AbortSignal): Promise<string> {
    const { body } = await http.json<ChatCompletion>({ method: 'POST', path: '/chat/completions', json: { model: chatModel, messages }, signal });
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
    return text;
  }

  return {
    name: provider,
    key: 'openai',

    async editImage(request: ImageEditRequest): Promise<ImageResult> {
      const [first] = request.images;
      if (!first) throw new ProviderError(provider, 'No source image was given', undefined, 'unknown');
      const dalle = /^dall-e/i.test(imageModel);
      const form = new FormData();
      form.append('model', imageModel);
      form.append('prompt', request.prompt);
      request.images.forEach((image, i) => {
        form.append(dalle ? 'image' : 'image[]', toBlob(image), `image-${i + 1}.${extensionOf(image.mime)}`);
      });
      if (request.mask) {
        const alphaMask = await toAlphaMask(request.mask, first).catch((error: unknown) => {
          throw new ProviderError(provider, `The mask could not be prepared: ${(error as Error).message}`, undefined, 'unknown');
        });
        form.append('mask', new Blob([new Uint8Array(alphaMask)], { type: 'image/png' }), 'mask.png');
      }
      form.append('size', dalle ? '1024x1024' : sizeForAspect(request.aspectRatio));
      if (dalle) form.append('response_format', 'b64_json');

      const { body } = await http.json<ImagesResponse>({ method: 'POST', path: '/images/edits', form, signal: request.signal });
      const item = body?.data?.[0];
      let data: Buffer;
      if (item?.b64_json) {
        data = Buffer.from(item.b64_json, 'base64');
      } else if (item?.url) {
        data = (await http.bytes({ path: item.url, signal: request.signal })).data;
      } else {
        throw malformed(provider, 'an image answer without b64_json or url');
      }
      if (data.length === 0) throw malformed(provider, 'an empty image');
      return { data, mime: detectImageMime(data), text: item.revised_prompt, provider, model: imageModel };
    },

    async describe({ image, prompt, signal }) {
      const dataUrl = `data:${image.mime};base64,${image.data.toString('base64')}`;
      const text = await chat(
        [{ role: 'user', content: [{ type: 'text', text: prompt }, { type: 'image_url', image_url: { url: dataUrl } }] }],
        signal,
      );
      return { text, provider };
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
      return { text: result, provider };
    },

    async transcribe({ audio, mime, language, signal }) {
      if (audio.length <= OPENAI_AUDIO_LIMIT_BYTES) return transcribeOne(audio, mime, language, signal);
      if (!settings.ffmpeg) {
        throw new ProviderError(provider, 'The recording is over the 25 MB a transcription request may carry, and ffmpeg is not installed to split it.', 413, 'file_too_large');
      }
      // Decoded once to 16 kHz mono, cut at the quietest moment near each 24 MB boundary, each piece sent as a WAV.
      const pcm = await decodeToPcm(settings.ffmpeg, audio, { signal, timeoutMs: settings.timeoutMs ?? OPENAI_DEFAULTS.timeoutMs, provider });
      const cuts = [0, ...silenceCuts(pcm, Math.floor((CHUNK_BYTES - 44) / 2)), pcm.length];
      const parts: SpeechResult[] = [];
      for (let i = 0; i + 1 < cuts.length; i++) parts.push(await transcribeOne(wavOf(pcm.subarray(cuts[i], cuts[i + 1])), 'audio/wav', language, signal));
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
        model: transcriptionModel,
        language: parts[0]?.language,
        segments,
      };
    },
  };

  async function transcribeOne(audio: Buffer, mime: string, language: string | undefined, signal: AbortSignal | undefined): Promise<SpeechResult> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(audio)], { type: mime }), `audio.${audioExtension(mime)}`);
    form.append('model', transcriptionModel);
    form.append('response_format', 'verbose_json');
    if (language) form.append('language', language.split(/[-_]/)[0]!.toLowerCase());
    const { body } = await http.json<TranscriptionResponse>({ method: 'POST', path: '/audio/transcriptions', form, signal });
    if (!body || typeof body.text !== 'string') throw malformed(provider, 'a transcription without text');
    const duration = Number(body.duration ?? body.usage?.seconds);
    if (!Number.isFinite(duration) || duration < 0) throw malformed(provider, 'a transcription without a duration');
    const segments = (Array.isArray(body.segments) ? body.segments : [])
      .filter((seg) => Number.isFinite(seg.start) && Number.isFinite(seg.end) && typeof seg.text === 'string')
      .map((seg) => ({ start: seg.start!, end: seg.end!, text: seg.text!.trim() }));
    const lang = typeof body.language === 'string' ? (LANGUAGE_CODES[body.language.toLowerCase()] ?? body.language) : undefined;
    return { text: body.text.trim(), durationSeconds: duration, provider, model: transcriptionModel, segments, ...(lang ? { language: lang } : {}) };
  }
}

function toBlob(image: ImageData): Blob {
  return new Blob([new Uint8Array(image.data)], { type: image.mime });
}

/**
 * Our masks are white where the model may paint; OpenAI wants a PNG of the image's size whose fully
 * transparent pixels mark that area. Alpha = 255 − luminance, on black.
 */
async function toAlphaMask(mask: ImageData, source: ImageData): Promise<Buffer> {
  const { width, height } = await sharp(source.data).metadata();
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
  return { 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' }[mime] ?? 'png';
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
