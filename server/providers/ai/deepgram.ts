import { DeepgramClient, DeepgramError, DeepgramTimeoutError } from '@deepgram/sdk';
import type { AiErrorClass } from '../../../contract/ai.ts';
import { classifyAiError } from '../../../contract/ai.ts';
import { formatMs, malformed, networkDetail, retryAfterSeconds } from './http.ts';
import { providerFetch, type ProviderFetch } from './transport.ts';
import { ProviderError, type ProviderFix, type SpeechSegment, type SpeechTranscriber } from './types.ts';

/**
 * Deepgram pre-recorded speech-to-text through the official SDK (`@deepgram/sdk` v5, `listen.v1.media.transcribeFile`):
 * `POST /v1/listen?model=nova-3&smart_format=true&punctuate=true` with `Authorization: Token …` and the raw audio as the
 * body under its own Content-Type. Answer: `{ metadata: { request_id, duration, channels, … }, results: { channels:
 * [{ detected_language?, alternatives: [{ transcript, confidence, words, paragraphs? }] }], utterances? } }`.
 * Errors: `{ err_code, err_msg, request_id }` (e.g. 401 INVALID_AUTH "Invalid credentials.", 402 ASR_PAYMENT_REQUIRED)
 * or, on newer endpoints, `{ category, message, details, request_id }` (ErrorResponse in Deepgram's OpenAPI document).
 *
 * The SDK sends on our transport (`providerFetch`: undici's header and body limits follow the call's timeout, not
 * Node's 300 s), retries 408, 429 and 5xx itself with backoff (honouring Retry-After, at most 60 s a wait) up to
 * `maxRetries` times; the call as a whole, retries included, is held to `timeoutMs` and to the caller's signal here.
 */

export interface DeepgramSettings {
  apiKey: string;
  /** Default https://api.deepgram.com (the SDK's production environment). */
  baseUrl?: string;
  /** Default nova-3 (the registry passes DEEPGRAM_MODEL). */
  model?: string;
  /** Per-call timeout, retries included. Default 600 000 ms: long recordings take minutes. */
  timeoutMs?: number;
  /** Retries of a 408, 429 or 5xx answer by the SDK. Default 2. */
  maxRetries?: number;
  /** The fetch the SDK sends with. Default providerFetch(timeoutMs). */
  fetch?: ProviderFetch;
}

export const DEEPGRAM_DEFAULTS = {
  baseUrl: 'https://api.deepgram.com',
  model: 'nova-3',
  timeoutMs: 600_000,
  maxRetries: 2,
} as const;

/**
 * Pre-recorded pay-as-you-go price per minute of audio, USD, by model (monolingual; billed per second of
 * metadata.duration). Deepgram's price list (deepgram.com/pricing) gives Nova-3 and Nova-2 pre-recorded at $0.0043 a
 * minute; read from the public copies of it found with the research tool (skillui.com "Deepgram Pricing (2026)":
 * Nova-3 batch $0.0043, Nova-2 batch $0.0043; eachlabs.ai: Nova-3 monolingual $0.00435 per minute, per second), not
 * from deepgram.com itself, which the tool did not hold. A model not listed has no computed cost (the price table's
 * actual_cost_usd stands).
 */
export const DEEPGRAM_PRICE_PER_MINUTE_USD: Readonly<Record<string, number>> = {
  'nova-3': 0.0043,
  'nova-3-general': 0.0043,
  'nova-2': 0.0043,
  'nova-2-general': 0.0043,
};

const PROVIDER = 'Deepgram';
const OUT_OF_CREDIT = 'the project is out of credit (billing)';

interface DeepgramWord {
  word?: string;
  punctuated_word?: string;
  start?: number;
  end?: number;
}

interface TimedText {
  start?: number;
  end?: number;
  text?: string;
  transcript?: string;
}

interface ListenResponse {
  metadata?: { duration?: number; request_id?: string };
  results?: {
    channels?: Array<{
      detected_language?: string;
      alternatives?: Array<{
        transcript?: string;
        words?: DeepgramWord[];
        paragraphs?: { paragraphs?: Array<{ sentences?: TimedText[] }> };
      }>;
    }>;
    utterances?: TimedText[];
  };
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

/** Timed pieces (paragraph sentences, utterances) as segments; those without text or times are left out. */
function segmentsFromTimed(items: readonly TimedText[]): SpeechSegment[] {
  const segments: SpeechSegment[] = [];
  for (const item of items) {
    const text = (item.text ?? item.transcript ?? '').trim();
    if (text && Number.isFinite(item.start) && Number.isFinite(item.end)) segments.push({ start: item.start!, end: item.end!, text });
  }
  return segments;
}

/** Segments for SRT/VTT: the paragraphs' sentences (smart_format), else the utterances, else cut from the words. */
export function segmentsOf(body: ListenResponse): SpeechSegment[] {
  const alternative = body.results?.channels?.[0]?.alternatives?.[0];
  const sentences = (alternative?.paragraphs?.paragraphs ?? []).flatMap((p) => (Array.isArray(p.sentences) ? p.sentences : []));
  const fromSentences = segmentsFromTimed(sentences);
  if (fromSentences.length) return fromSentences;
  const fromUtterances = segmentsFromTimed(Array.isArray(body.results?.utterances) ? body.results.utterances : []);
  if (fromUtterances.length) return fromUtterances;
  return segmentsFromWords(Array.isArray(alternative?.words) ? alternative.words : []);
}

/** The cost of `seconds` of audio on `model`, when its price is known. */
export function deepgramCost(model: string, seconds: number): { costUsd?: number; usage: { seconds: number } } {
  const rate = DEEPGRAM_PRICE_PER_MINUTE_USD[model];
  return { ...(rate !== undefined ? { costUsd: Math.round((seconds / 60) * rate * 1e8) / 1e8 } : {}), usage: { seconds } };
}

/** Deepgram's error body (legacy `err_code`/`err_msg` or modern `category`/`message`/`details`): message and code. */
export function parseDeepgramError(body: unknown): { message: string; code: string } | undefined {
  if (typeof body === 'string') return body.trim() && body.length <= 300 && !body.trim().startsWith('<') ? { message: body.trim(), code: '' } : undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { err_code?: unknown; err_msg?: unknown; category?: unknown; message?: unknown; details?: unknown };
  const code = typeof b.err_code === 'string' ? b.err_code : typeof b.category === 'string' ? b.category : '';
  const text = typeof b.err_msg === 'string' ? b.err_msg : typeof b.message === 'string' ? b.message : '';
  if (!code && !text) return undefined;
  const details = typeof b.details === 'string' && b.details ? ` ${b.details}` : '';
  return { message: `${text || code}${details}${code && text ? ` (${code})` : ''}`, code };
}

const MODEL_REFUSED = /no such model|model.*(not found|not allowed|does not exist|not available|unknown|invalid|unsupported|access)|(not found|not allowed|no access|does not have access|invalid|unknown|unsupported).*model/i;

/** An HTTP error answer from Deepgram as a classified ProviderError. */
export function deepgramStatusError(status: number, body: unknown, headers: Headers | undefined, model: string): ProviderError {
  const parsed = parseDeepgramError(body);
  const code = parsed?.code ?? '';
  const message = parsed?.message || `${PROVIDER} answered HTTP ${status}`;
  let errorClass: AiErrorClass;
  let fix: ProviderFix | undefined;
  if (status === 402 || /PAYMENT_REQUIRED/i.test(code) || /insufficient (balance|credit|fund)|not have enough credit|out of credit|payment required/i.test(message)) {
    errorClass = 'unavailable';
    fix = { setting: 'DEEPGRAM_API_KEY', reason: OUT_OF_CREDIT };
  } else if ((status === 400 || status === 403 || status === 404) && MODEL_REFUSED.test(message)) {
    errorClass = 'unavailable';
    fix = { setting: 'DEEPGRAM_MODEL', model, reason: `Deepgram refused the model ${model}: ${message}` };
  } else if (status === 401 || status === 403 || code === 'INVALID_AUTH' || code === 'INSUFFICIENT_PERMISSIONS') {
    errorClass = 'authentication';
    fix = { setting: 'DEEPGRAM_API_KEY', reason: `Deepgram refused the key (${status}${code ? ` ${code}` : ''})` };
  } else if (status === 429 || code === 'TOO_MANY_REQUESTS') {
    errorClass = 'rate_limit';
  } else if (status === 413 || code === 'PAYLOAD_TOO_LARGE') {
    errorClass = 'file_too_large';
  } else if (status >= 500) {
    errorClass = 'server';
  } else {
    errorClass = classifyAiError(status, message);
  }
  const wait = status === 429 || status === 503 ? retryAfterSeconds(headers?.get('retry-after')) : undefined;
  return new ProviderError(PROVIDER, message, status, errorClass, { ...(wait !== undefined ? { retryAfterSeconds: wait } : {}), ...(fix ? { fix } : {}) });
}

/** Rejects when the signal aborts (the SDK's backoff between retries does not listen to it). */
function abortedBy(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

export function createDeepgramTranscriber(settings: DeepgramSettings): SpeechTranscriber {
  const model = settings.model ?? DEEPGRAM_DEFAULTS.model;
  const timeoutMs = settings.timeoutMs ?? DEEPGRAM_DEFAULTS.timeoutMs;
  const baseUrl = (settings.baseUrl ?? DEEPGRAM_DEFAULTS.baseUrl).replace(/\/+$/, '');
  const client = new DeepgramClient({
    apiKey: settings.apiKey,
    baseUrl,
    maxRetries: settings.maxRetries ?? DEEPGRAM_DEFAULTS.maxRetries,
    // Each attempt's own limit in the SDK sits above ours: the call's timeout below is the one that fires.
    timeoutInSeconds: timeoutMs / 1000 + 5,
    fetch: settings.fetch ?? providerFetch(timeoutMs),
  });

  return {
    name: PROVIDER,
    key: 'deepgram',
    async transcribe({ audio, mime, language, signal }) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
      let body: ListenResponse;
      try {
        const call = client.listen.v1.media.transcribeFile(
          { data: audio, contentType: mime },
          { model, smart_format: true, punctuate: true, ...(language ? { language } : { detect_language: true }) },
          { abortSignal: combined },
        );
        body = (await Promise.race([call, abortedBy(combined)])) as ListenResponse;
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        let result: ProviderError;
        if (signal?.aborted) {
          result = new ProviderError(PROVIDER, `The request to ${PROVIDER} was cancelled`, undefined, 'unknown');
        } else if (timeout.aborted || error instanceof DeepgramTimeoutError) {
          result = new ProviderError(PROVIDER, `${PROVIDER} did not answer within ${formatMs(timeoutMs)} (timed out)`, undefined, 'timeout');
        } else if (error instanceof DeepgramError && error.statusCode !== undefined) {
          if (error.statusCode >= 200 && error.statusCode < 300) throw malformed(PROVIDER, 'an answer that is not JSON', error.statusCode);
          result = deepgramStatusError(error.statusCode, error.body, error.rawResponse?.headers, model);
        } else {
          const host = new URL(baseUrl).host;
          result = new ProviderError(PROVIDER, `Network error reaching ${PROVIDER} at ${host}: ${networkDetail((error as { cause?: unknown }).cause ?? error)}`, undefined, 'network');
        }
        result.cause = error;
        throw result;
      }
      // The SDK hands a 200 whose body is not JSON back as its own { ok: false, error: { reason: 'non-json' } }.
      const odd = body as unknown as { ok?: unknown; error?: { reason?: unknown; rawBody?: unknown } };
      if (odd && odd.ok === false && odd.error?.reason === 'non-json') {
        const text = typeof odd.error.rawBody === 'string' ? odd.error.rawBody.trim() : '';
        throw malformed(PROVIDER, `an answer that is not JSON (${text ? `starts with ${JSON.stringify(text.slice(0, 40))}` : 'empty body'})`, 200);
      }
      const channel = body?.results?.channels?.[0];
      const alternative = channel?.alternatives?.[0];
      const transcript = alternative?.transcript;
      if (typeof transcript !== 'string') throw malformed(PROVIDER, 'an answer without results.channels[0].alternatives[0].transcript');
      const duration = Number(body.metadata?.duration);
      if (!Number.isFinite(duration) || duration < 0) throw malformed(PROVIDER, 'an answer without metadata.duration');
      const detected = channel?.detected_language ?? language;
      return {
        text: transcript.trim(),
        durationSeconds: duration,
        provider: PROVIDER,
        model,
        segments: segmentsOf(body),
        ...(detected ? { language: detected } : {}),
        ...deepgramCost(model, duration),
      };
    },
  };
}
