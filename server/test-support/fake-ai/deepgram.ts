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
 * results: { channels: [{ alternatives: [{ transcript, confidence, words }] }] } }`.
 * Errors are `{ err_code, err_msg, request_id }`; an empty body answers 400 like the real service.
 */

export type DeepgramFailure = CommonFailure | 'bad_audio';

export interface FakeDeepgramOptions {
  apiKey?: string;
}

function deepgramError(code: string, message: string) {
  return { err_code: code, err_msg: message, request_id: requestId() };
}

export async function startFakeDeepgram(options: FakeDeepgramOptions = {}) {
  const apiKey = options.apiKey ?? 'test-deepgram-key';
  const failures: DeepgramFailure[] = [];
  const state = { transcript: 'Welcome back to the channel. Today we edit a short video.', duration: 42.75 };

  function answer(request: RecordedAiRequest): FakeAnswer {
    const key = /^Token (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (key !== apiKey) return { status: 401, body: deepgramError('INVALID_AUTH', 'Invalid credentials.') };
    if (request.method !== 'POST' || request.path !== '/v1/listen') {
      return { status: 404, body: deepgramError('NOT_FOUND', `No such route: ${request.method} ${request.path}`) };
    }
    const failure = failures.shift();
    if (failure !== undefined && typeof failure !== 'object') {
      const special = failureAnswer(failure);
      if (special) return special;
    }
    if (request.rawBody.length === 0) return failureAnswer('bad_audio')!;
    const words = state.transcript.split(/\s+/).filter(Boolean);
    const step = words.length ? state.duration / words.length : 0;
    const model = request.query.model ?? 'base';
    return {
      status: 200,
      delayMs: delayOf(failure),
      headers: { 'dg-request-id': requestId() },
      body: {
        metadata: {
          transaction_key: 'deprecated',
          request_id: requestId(),
          sha256: createHash('sha256').update(request.rawBody).digest('hex'),
          created: new Date().toISOString(),
          duration: state.duration,
          channels: 1,
          models: ['30089e05-99d1-4376-b32e-c263170674af'],
          model_info: { '30089e05-99d1-4376-b32e-c263170674af': { name: `2-general-${model}`, version: '2024-01-09.29447', arch: model } },
        },
        results: {
          channels: [
            {
              ...(request.query.detect_language === 'true' ? { detected_language: 'en', language_confidence: 0.98 } : {}),
              alternatives: [
                {
                  transcript: state.transcript,
                  confidence: 0.99,
                  words: words.map((word, i) => ({
                    word: word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''),
                    start: Math.round(i * step * 100) / 100,
                    end: Math.round((i + 1) * step * 100) / 100,
                    confidence: 0.98,
                    punctuated_word: word,
                  })),
                },
              ],
            },
          ],
        },
      },
    };
  }

  function failureAnswer(failure: Exclude<DeepgramFailure, { delayMs: number }>): FakeAnswer | undefined {
    if (failure === 'bad_audio') {
      return { status: 400, body: deepgramError('Bad Request', 'Bad Request: failed to process audio: corrupt or unsupported data') };
    }
    return commonFailureAnswer(failure, {
      rate_limit: { status: 429, body: deepgramError('TOO_MANY_REQUESTS', 'Too many requests. Please try again later') },
      unauthorized: { status: 401, body: deepgramError('INVALID_AUTH', 'Invalid credentials.') },
      too_large: { status: 413, body: deepgramError('PAYLOAD_TOO_LARGE', 'Payload too large. The maximum file size is 2 GB.') },
      server: { status: 500, body: deepgramError('INTERNAL_SERVER_ERROR', 'The server encountered an error. Please try again.') },
      empty: { status: 200, body: { metadata: { request_id: requestId(), duration: state.duration }, results: { channels: [] } } },
    });
  }

  const server = await startFakeHttp((request) => answer(request));
  return {
    /** Base URL for DeepgramSettings.baseUrl. */
    url: server.origin,
    apiKey,
    requests: server.requests,
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
