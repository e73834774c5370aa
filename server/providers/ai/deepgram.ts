import type { AiErrorClass } from '../../../contract/ai.ts';
import { createHttpClient, malformed, type ErrorBodyParser } from './http.ts';
import type { SpeechSegment, SpeechTranscriber } from './types.ts';

/**
 * Deepgram pre-recorded speech-to-text: `POST /v1/listen?model=nova-2&smart_format=true&punctuate=true`
 * with `Authorization: Token …` and the raw audio as the body under its own Content-Type.
 * Answer: `{ metadata: { request_id, duration, channels, … }, results: { channels: [{ alternatives:
 * [{ transcript, confidence, words }] }] } }`.
 * Errors: `{ err_code, err_msg, request_id }` (e.g. 401 INVALID_AUTH "Invalid credentials.") or, on newer
 * endpoints, `{ category, message, details, request_id }`.
 */

export interface DeepgramSettings {
  apiKey: string;
  /** Default https://api.deepgram.com. */
  baseUrl?: string;
  /** Default nova-2 (nova-3 is the newer English-first model). */
  model?: string;
  /** Per-call timeout. Default 600 000 ms: long recordings take minutes. */
  timeoutMs?: number;
}

export const DEEPGRAM_DEFAULTS = {
  baseUrl: 'https://api.deepgram.com',
  model: 'nova-2',
  timeoutMs: 600_000,
} as const;

const PROVIDER = 'Deepgram';

interface DeepgramWord {
  word?: string;
  punctuated_word?: string;
  start?: number;
  end?: number;
}

interface ListenResponse {
  metadata?: { duration?: number; request_id?: string };
  results?: { channels?: Array<{ detected_language?: string; alternatives?: Array<{ transcript?: string; words?: DeepgramWord[] }> }> };
}

/** Subtitle-sized segments from Deepgram's word timings: cut after a sentence's end or every ~10 seconds. */
export function segmentsFromWords(words: readonly DeepgramWord[]): SpeechSegment[] {
  const segments: SpeechSegment[] = [];
  let open = false;
  for (const w of words) {
    const text = w.punctuated_word ?? w.word;
    if (!text || !Number.isFinite(w.start) || !Number.isFinite(w.end)) continue;
    const last = segments[segments.length - 1];
    if (open && last) {
      last.end = w.end!;
      last.text = `${last.text} ${text}`;
    } else {
      segments.push({ start: w.start!, end: w.end!, text });
    }
    const current = segments[segments.length - 1]!;
    // A sentence's end or ten seconds close the segment.
    open = !(/[.!?]$/.test(text) || current.end - current.start >= 10);
  }
  return segments;
}

export const parseDeepgramError: ErrorBodyParser = (body) => {
  const b = body as { err_code?: unknown; err_msg?: unknown; category?: unknown; message?: unknown; details?: unknown };
  const code = typeof b.err_code === 'string' ? b.err_code : typeof b.category === 'string' ? b.category : '';
  const text = typeof b.err_msg === 'string' ? b.err_msg : typeof b.message === 'string' ? b.message : '';
  if (!code && !text) return undefined;
  let errorClass: AiErrorClass | undefined;
  if (code === 'INVALID_AUTH' || code === 'INSUFFICIENT_PERMISSIONS') errorClass = 'authentication';
  else if (code === 'TOO_MANY_REQUESTS') errorClass = 'rate_limit';
  else if (code === 'PAYLOAD_TOO_LARGE') errorClass = 'file_too_large';
  const details = typeof b.details === 'string' && b.details ? ` ${b.details}` : '';
  return { message: `${text || code}${details}${code && text ? ` (${code})` : ''}`, errorClass };
};

export function createDeepgramTranscriber(settings: DeepgramSettings): SpeechTranscriber {
  const model = settings.model ?? DEEPGRAM_DEFAULTS.model;
  const http = createHttpClient({
    provider: PROVIDER,
    baseUrl: settings.baseUrl ?? DEEPGRAM_DEFAULTS.baseUrl,
    authHeaders: { Authorization: `Token ${settings.apiKey}` },
    timeoutMs: settings.timeoutMs ?? DEEPGRAM_DEFAULTS.timeoutMs,
    parseError: parseDeepgramError,
  });

  return {
    name: PROVIDER,
    key: 'deepgram',
    async transcribe({ audio, mime, language, signal }) {
      const { body } = await http.json<ListenResponse>({
        method: 'POST',
        path: '/v1/listen',
        query: {
          model,
          smart_format: true,
          punctuate: true,
          ...(language ? { language } : { detect_language: true }),
        },
        body: audio,
        contentType: mime,
        signal,
      });
      const channel = body?.results?.channels?.[0];
      const alternative = channel?.alternatives?.[0];
      const transcript = alternative?.transcript;
      if (typeof transcript !== 'string') throw malformed(PROVIDER, 'an answer without results.channels[0].alternatives[0].transcript');
      const duration = Number(body.metadata?.duration);
      if (!Number.isFinite(duration) || duration < 0) throw malformed(PROVIDER, 'an answer without metadata.duration');
      const segments = segmentsFromWords(Array.isArray(alternative?.words) ? alternative.words : []);
      const detected = channel?.detected_language ?? language;
      return { text: transcript.trim(), durationSeconds: duration, provider: PROVIDER, model, segments, ...(detected ? { language: detected } : {}) };
    },
  };
}
