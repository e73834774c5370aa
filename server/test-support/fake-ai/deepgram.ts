import { createHash } from 'node:crypto';
import {
  commonFailureAnswer,
  delayOf,
  requestId,
  startFakeHttp,
  type CommonFailure,
  type FakeAnswer,
  type RecordedAiRequest,
} from './http.ts';

/**
 * A fake Deepgram API on a loopback port: `POST /v1/listen?model=…&smart_format=true&punctuate=true` with
 * `Authorization: Token …` and the raw audio as the body. Answers
 * `{ metadata: { transaction_key, request_id, sha256, created, duration, channels, models, model_info },
 * results: { channels: [{ alternatives: [{ transcript, confidence, words, paragraphs? }] }], utterances? } }`
 * (paragraphs with smart_format or paragraphs=true, utterances with utterances=true, as the service does).
 * Errors are `{ err_code, err_msg, request_id }`; an empty body answers 400 like the real service, and so does a
 * model outside the published list of public models (V1ListenPostParametersModel0), naming it.
 * Its answers are held to Deepgram's OpenAPI document in deepgram.test.ts (provider-schemas/deepgram.json).
 *
 * The SDK retries 408, 429 and 5xx answers (2 retries by default), so an outage told with `failNext('server')` or
 * `failNext('rate_limit')` answers the whole call: its retries get the same failure (a retry is the same client's
 * x-deepgram-session-id with the same audio, at least RETRY_GAP_MS after the failure; at most `retries` of them).
 * `server_blip` is a single 503 that the SDK's retry gets past.
 */

export type DeepgramFailure = CommonFailure | 'bad_audio' | 'payment_required' | 'server_blip';

export interface FakeDeepgramOptions {
  apiKey?: string;
  /** Retry-After (seconds) of a 429. Default 1. */
  retryAfterSeconds?: number;
  /** How many retries of a call an outage answers too. Default 2 (the SDK's default maxRetries). */
  retries?: number;
}

/** The models every account may use, from Deepgram's OpenAPI document (V1ListenPostParametersModel0). */
export const DEEPGRAM_PUBLIC_MODELS = [
  'nova-3', 'nova-3-general', 'nova-3-medical', 'nova-2', 'nova-2-general', 'nova-2-meeting', 'nova-2-finance',
  'nova-2-conversationalai', 'nova-2-voicemail', 'nova-2-video', 'nova-2-medical', 'nova-2-drivethru', 'nova-2-automotive',
  'nova', 'nova-general', 'nova-phonecall', 'nova-medical', 'enhanced', 'enhanced-general', 'enhanced-meeting',
  'enhanced-phonecall', 'enhanced-finance', 'base', 'meeting', 'phonecall', 'finance', 'conversationalai', 'voicemail', 'video',
] as const;

/** An SDK retry comes after its backoff (about 1 s, 2 s, or Retry-After); a new call by a test comes at once. */
const RETRY_GAP_MS = 500;

/** A recorded query as typed values ('true' → true), to hold to the document's ListenV1MediaTranscribeQuery. */
export function typedListenQuery(query: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      value === 'true' ? true : value === 'false' ? false : key === 'utt_split' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value,
    ]),
  );
}

/** What the fake answered, for holding it to the published schemas. */
export interface DeepgramAnswerRecord {
  status: number;
  body: unknown;
}

interface Word {
  word: string;
  start: number;
  end: number;
  confidence: number;
  punctuated_word: string;
}

/** Sentences (cut after . ! ?) from the words, as Deepgram's paragraphs and utterances carry them. */
function sentencesOf(words: readonly Word[]): Array<{ text: string; start: number; end: number; words: Word[] }> {
  const sentences: Array<{ text: string; start: number; end: number; words: Word[] }> = [];
  let current: Word[] = [];
  for (const w of words) {
    current.push(w);
    if (/[.!?]$/.test(w.punctuated_word)) {
      sentences.push({ text: current.map((c) => c.punctuated_word).join(' '), start: current[0]!.start, end: w.end, words: current });
      current = [];
    }
  }
  if (current.length) sentences.push({ text: current.map((c) => c.punctuated_word).join(' '), start: current[0]!.start, end: current.at(-1)!.end, words: current });
  return sentences;
}

function deepgramError(code: string, message: string) {
  return { err_code: code, err_msg: message, request_id: requestId() };
}

export async function startFakeDeepgram(options: FakeDeepgramOptions = {}) {
  const apiKey = options.apiKey ?? 'test-deepgram-key';
  const retryAfter = options.retryAfterSeconds ?? 1;
  const retries = options.retries ?? 2;
  const failures: DeepgramFailure[] = [];
  const answers: DeepgramAnswerRecord[] = [];
  const state = { transcript: 'Welcome back to the channel. Today we edit a short video.', duration: 42.75 };
  /** The outage the current call is in: its retries get the same answer. */
  let outage: { failure: DeepgramFailure; call: string; at: number; left: number } | undefined;

  function callOf(request: RecordedAiRequest): string {
    return `${String(request.headers['x-deepgram-session-id'] ?? '')}:${createHash('sha256').update(request.rawBody).digest('hex')}`;
  }

  /** The failure this request gets: a retry of an outage's call, else the next one told. */
  function failureFor(request: RecordedAiRequest): DeepgramFailure | undefined {
    const call = callOf(request);
    const now = Date.now();
    if (outage && outage.call === call && outage.left > 0 && now - outage.at >= RETRY_GAP_MS) {
      outage.left -= 1;
      outage.at = now;
      return outage.failure;
    }
    outage = undefined;
    const failure = failures.shift();
    if (failure === 'server' || failure === 'rate_limit') outage = { failure, call, at: now, left: retries };
    return failure;
  }

  function metadataOf(audio: Buffer, model: string) {
    return {
      transaction_key: 'deprecated',
      request_id: requestId(),
      sha256: createHash('sha256').update(audio).digest('hex'),
      created: new Date().toISOString(),
      duration: state.duration,
      channels: 1,
      models: ['30089e05-99d1-4376-b32e-c263170674af'],
      model_info: { '30089e05-99d1-4376-b32e-c263170674af': { name: `general-${model}`, version: '2024-01-09.29447', arch: model } },
    };
  }

  function answer(request: RecordedAiRequest): FakeAnswer {
    const result = answerOf(request);
    answers.push({ status: result.status, body: result.body });
    return result;
  }

  function answerOf(request: RecordedAiRequest): FakeAnswer {
    const key = /^Token (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (key !== apiKey) return { status: 401, body: deepgramError('INVALID_AUTH', 'Invalid credentials.') };
    if (request.method !== 'POST' || request.path !== '/v1/listen') {
      return { status: 404, body: deepgramError('NOT_FOUND', `No such route: ${request.method} ${request.path}`) };
    }
    const failure = failureFor(request);
    if (failure !== undefined && typeof failure !== 'object') {
      const special = failureAnswer(failure);
      if (special) return special;
    }
    if (request.rawBody.length === 0) return failureAnswer('bad_audio')!;
    const model = request.query.model ?? 'base';
    if (!(DEEPGRAM_PUBLIC_MODELS as readonly string[]).includes(model)) {
      return {
        status: 400,
        body: deepgramError('Bad Request', `No such model/language/tier combination found: model ${model}. Please check your model, language, and tier parameters.`),
      };
    }
    const tokens = state.transcript.split(/\s+/).filter(Boolean);
    const step = tokens.length ? state.duration / tokens.length : 0;
    const words: Word[] = tokens.map((word, i) => ({
        word: word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''),
        start: Math.round(i * step * 100) / 100,
        end: Math.round((i + 1) * step * 100) / 100,
        confidence: 0.98,
        punctuated_word: word,
      }));
    const sentences = sentencesOf(words);
    const paragraphs =
      request.query.smart_format === 'true' || request.query.paragraphs === 'true'
        ? {
            paragraphs: {
              transcript: `\n${sentences.map((x) => x.text).join(' ')}`,
              paragraphs: words.length
                ? [{ sentences: sentences.map(({ text, start, end }) => ({ text, start, end })), num_words: words.length, start: words[0]!.start, end: words.at(-1)!.end }]
                : [],
            },
          }
        : {};
    const utterances =
      request.query.utterances === 'true'
        ? {
            utterances: sentences.map((x) => ({
              start: x.start,
              end: x.end,
              confidence: 0.98,
              channel: 0,
              transcript: x.text,
              words: x.words,
              speaker: 0,
              id: requestId(),
            })),
          }
        : {};
    return {
      status: 200,
      delayMs: delayOf(failure),
      headers: { 'dg-request-id': requestId() },
      body: {
        metadata: metadataOf(request.rawBody, model),
        results: {
          channels: [
            {
              ...(request.query.detect_language === 'true' ? { detected_language: 'en', language_confidence: 0.98 } : {}),
              alternatives: [
                {
                  transcript: state.transcript,
                  confidence: 0.99,
                  words,
                  ...paragraphs,
                },
              ],
            },
          ],
          ...utterances,
        },
      },
    };
  }

  function failureAnswer(failure: Exclude<DeepgramFailure, { delayMs: number }>): FakeAnswer | undefined {
    if (failure === 'bad_audio') {
      return { status: 400, body: deepgramError('Bad Request', 'Bad Request: failed to process audio: corrupt or unsupported data') };
    }
    if (failure === 'payment_required') {
      return {
        status: 402,
        body: deepgramError('ASR_PAYMENT_REQUIRED', 'Project does not have enough credits for an ASR request and does not have an overage agreement.'),
      };
    }
    if (failure === 'server_blip') {
      return { status: 503, body: deepgramError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again.') };
    }
    return commonFailureAnswer(failure, {
      rate_limit: {
        status: 429,
        headers: { 'Retry-After': String(retryAfter) },
        body: deepgramError('TOO_MANY_REQUESTS', 'Too many requests. Please try again later'),
      },
      unauthorized: { status: 401, body: deepgramError('INVALID_AUTH', 'Invalid credentials.') },
      too_large: { status: 413, body: deepgramError('PAYLOAD_TOO_LARGE', 'Payload too large. The maximum file size is 2 GB.') },
      server: { status: 500, body: deepgramError('INTERNAL_SERVER_ERROR', 'The server encountered an error. Please try again.') },
      // Valid by the document (channels may be empty), but without the transcript we read.
      empty: { status: 200, body: { metadata: metadataOf(Buffer.alloc(0), 'nova-3'), results: { channels: [] } } },
    });
  }

  const server = await startFakeHttp((request) => answer(request));
  return {
    /** Base URL for DeepgramSettings.baseUrl. */
    url: server.origin,
    apiKey,
    requests: server.requests,
    /** Every answer, in order (status and body; 0 and undefined for a dropped connection). */
    answers,
    failNext(...next: DeepgramFailure[]) {
      failures.push(...next);
    },
    setTranscript(text: string, durationSeconds: number) {
      state.transcript = text;
      state.duration = durationSeconds;
    },
    close: server.close,
  };
}

export type FakeDeepgram = Awaited<ReturnType<typeof startFakeDeepgram>>;
