import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDeepgram, typedListenQuery, type FakeDeepgram } from '../../test-support/fake-ai/deepgram.ts';
import { expectProviderError } from '../../test-support/fake-ai/expect-provider-error.ts';
import { refusedUrl } from '../../test-support/fake-ai/http.ts';
import { validator } from '../../test-support/provider-schemas/validate.ts';
import { createDeepgramTranscriber, DEEPGRAM_DEFAULTS, DEEPGRAM_PRICE_PER_MINUTE_USD } from './deepgram.ts';
import { providerAgent, providerFetch } from './transport.ts';
import type { SpeechTranscriber } from './types.ts';
import { settlesBefore } from '../../test-support/timing.ts';
import { wavOf } from './speech/audio.ts';

const schema = validator('deepgram');

let fake: FakeDeepgram;
let deepgram: SpeechTranscriber;

/** A real (silent) 16-bit mono WAV, 0.1 s at 8 kHz. */
const silentWav = (samples = 800): Buffer => wavOf(new Int16Array(samples), 8000);

const audio = silentWav();

beforeAll(async () => {
  fake = await startFakeDeepgram({ retryAfterSeconds: 7 });
  // No SDK retries here, so each told failure is what the call sees; the retries have tests of their own.
  deepgram = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000, maxRetries: 0 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.answers.length = 0;
});
// Every request the adapter sent and every answer the fake gave, held to Deepgram's published OpenAPI document.
afterEach(() => {
  for (const request of fake.requests) {
    expect(schema('ListenV1MediaTranscribeQuery')(typedListenQuery(request.query))).toEqual({ ok: true, errors: [] });
    expect(request.headers['content-type']).toMatch(/^(audio|video)\/|^application\/octet-stream/);
  }
  for (const answer of fake.answers) {
    // A dropped connection, and the deliberately broken non-JSON answer, have no body to hold.
    if (answer.status === 0 || typeof answer.body === 'string') continue;
    const name = answer.status === 200 ? 'listen_v1_media_transcribe_Response_200' : 'ErrorResponseLegacyError';
    expect(schema(name)(answer.body)).toEqual({ ok: true, errors: [] });
  }
});

const last = () => fake.requests.at(-1)!;

describe('Deepgram transcription', () => {
  it('posts the raw audio with its type, the Token header and the model options', async () => {
    await deepgram.transcribe({ audio, mime: 'audio/wav', language: 'es' });

    const request = last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/listen');
    expect(request.headers.authorization).toBe(`Token ${fake.apiKey}`);
    expect(request.headers['content-type']).toBe('audio/wav');
    expect(request.rawBody.equals(audio)).toBe(true);
    expect(request.query).toEqual({ model: DEEPGRAM_DEFAULTS.model, smart_format: 'true', punctuate: 'true', language: 'es' });
  });

  it('asks Deepgram to detect the language when none is given', async () => {
    await deepgram.transcribe({ audio, mime: 'audio/mpeg' });
    expect(last().query.detect_language).toBe('true');
    expect(last().query.language).toBeUndefined();
    expect(last().headers['content-type']).toBe('audio/mpeg');
  });

  it('reads the first alternative transcript and metadata.duration', async () => {
    fake.setTranscript('Today we cut a reel. In five minutes.', 8);
    const result = await deepgram.transcribe({ audio, mime: 'audio/wav' });
    expect(result).toMatchObject({ text: 'Today we cut a reel. In five minutes.', durationSeconds: 8, provider: 'Deepgram', language: 'en' });
    // Segments from the word timings, cut after each sentence.
    expect(result.segments).toEqual([
      { start: 0, end: 5, text: 'Today we cut a reel.' },
      { start: 5, end: 8, text: 'In five minutes.' },
    ]);
  });

  it('prices metadata.duration at the model’s per-minute rate: costUsd and usage.seconds', async () => {
    fake.setTranscript('One long interview.', 90);
    const result = await deepgram.transcribe({ audio, mime: 'audio/wav' });
    expect(DEEPGRAM_DEFAULTS.model).toBe('nova-3');
    expect(DEEPGRAM_PRICE_PER_MINUTE_USD['nova-3']).toBe(0.0043);
    expect(result.usage).toEqual({ seconds: 90 });
    expect(result.costUsd).toBeCloseTo(1.5 * 0.0043, 10);
  });

  it('segments come from the paragraphs’ sentences when Deepgram sends them (smart_format)', async () => {
    // 15 s sentences: cut from the words they would be split at 10 s; Deepgram's sentences stay whole.
    fake.setTranscript('First point here. Second point now!', 30);
    fake.answers.length = 0;
    const result = await deepgram.transcribe({ audio, mime: 'audio/wav' });
    const sent = fake.answers.at(-1)!.body as { results: { channels: Array<{ alternatives: Array<{ paragraphs?: unknown }> }> } };
    expect(sent.results.channels[0]!.alternatives[0]!.paragraphs).toBeDefined();
    expect(result.segments).toEqual([
      { start: 0, end: 15, text: 'First point here.' },
      { start: 15, end: 30, text: 'Second point now!' },
    ]);
  });

  it('uses the model of the settings', async () => {
    const nova2 = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'nova-2' });
    const result = await nova2.transcribe({ audio, mime: 'audio/wav' });
    expect(last().query.model).toBe('nova-2');
    expect(result.model).toBe('nova-2');
  });
});

describe('the published document holds', () => {
  it('the check can fail: an unknown query parameter, a wrong type, a body without what the document requires', () => {
    const query = schema('ListenV1MediaTranscribeQuery');
    expect(query(typedListenQuery({ model: 'nova-3', smart_format: 'true' })).ok).toBe(true);
    expect(query(typedListenQuery({ model: 'nova-3', smart_formatting: 'true' })).ok).toBe(false);
    expect(query(typedListenQuery({ model: 'nova-3', punctuate: 'yes' })).ok).toBe(false);
    expect(schema('listen_v1_media_transcribe_Response_200')({ metadata: { duration: 1 }, results: { channels: [] } }).ok).toBe(false);
  });
});

describe('Deepgram through the SDK, on the long-timeout transport', () => {
  it('sends on providerFetch: the undici agent’s limits follow timeoutMs (above Node’s 300 s), and a slow answer arrives', async () => {
    // A timeout no other test uses, so its agent is fresh and its first connection is this call's.
    const timeoutMs = 601_000;
    const agent = providerAgent(timeoutMs) as unknown as { on(event: 'connect', listener: () => void): void; [key: symbol]: unknown };
    const limits = Object.getOwnPropertySymbols(agent)
      .map((s) => agent[s])
      .find((v): v is { headersTimeout?: number; bodyTimeout?: number } => !!v && typeof v === 'object' && 'headersTimeout' in v);
    expect(limits?.headersTimeout).toBeGreaterThan(300_000);
    expect(limits?.headersTimeout).toBe(timeoutMs + 30_000);
    expect(limits?.bodyTimeout).toBe(timeoutMs + 30_000);
    let connects = 0;
    agent.on('connect', () => connects++);

    const slow = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs });
    fake.failNext({ delayMs: 2_000 });
    const started = Date.now();
    const result = await slow.transcribe({ audio, mime: 'audio/wav' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(result.text).toBeTruthy();
    expect(connects).toBe(1);
  });

  it('takes an injected fetch (the one the SDK calls)', async () => {
    const seen: string[] = [];
    const base = providerFetch(5_000);
    const spy = ((input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(String(input));
      return base(input, init);
    }) as typeof fetch;
    await createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, fetch: spy }).transcribe({ audio, mime: 'audio/wav' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(new RegExp(`^${fake.url}/v1/listen\\?`));
  });

  it('the SDK retries a 503 and the call succeeds', async () => {
    const retrying = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 10_000 });
    fake.failNext('server_blip');
    const result = await retrying.transcribe({ audio, mime: 'audio/wav' });
    expect(result.provider).toBe('Deepgram');
    expect(fake.requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('maxRetries 0: a 503 is the answer (server)', async () => {
    fake.failNext('server_blip');
    expect((await expectProviderError(deepgram.transcribe({ audio, mime: 'audio/wav' }), 'server', 'Deepgram')).status).toBe(503);
    expect(fake.requests).toHaveLength(1);
  });

  it('the caller’s signal cancels the call at once, even while the SDK waits to retry', async () => {
    const retrying = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 10_000 });
    fake.failNext('server_blip');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const call = expectProviderError(retrying.transcribe({ audio, mime: 'audio/wav', signal: controller.signal }), 'unknown', 'Deepgram');
    expect(await settlesBefore(call, 800)).toBe(true);
    expect((await call).message).toContain('cancelled');
  });
});

describe('Deepgram failures', () => {
  const transcribe = (transcriber = deepgram) => transcriber.transcribe({ audio, mime: 'audio/wav' });

  it('429 TOO_MANY_REQUESTS is a rate limit carrying Retry-After', async () => {
    fake.failNext('rate_limit');
    const error = await expectProviderError(transcribe(), 'rate_limit', 'Deepgram');
    expect(error.status).toBe(429);
    expect(error.message).toContain('Too many requests');
    expect(error.message).toContain('TOO_MANY_REQUESTS');
    expect(error.retryAfterSeconds).toBe(7);
  });

  it('402 ASR_PAYMENT_REQUIRED (out of credit) is unavailable, naming the setting to fix', async () => {
    fake.failNext('payment_required');
    const error = await expectProviderError(transcribe(), 'unavailable', 'Deepgram');
    expect(error.status).toBe(402);
    expect(error.message).toContain('ASR_PAYMENT_REQUIRED');
    expect(error.fix).toEqual({ setting: 'DEEPGRAM_API_KEY', reason: 'the project is out of credit (billing)' });
  });

  it('a model Deepgram does not have is unavailable, naming DEEPGRAM_MODEL and the model', async () => {
    const retired = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'nova-9', maxRetries: 0 });
    const error = await expectProviderError(transcribe(retired), 'unavailable', 'Deepgram');
    expect(error.status).toBe(400);
    expect(error.fix).toMatchObject({ setting: 'DEEPGRAM_MODEL', model: 'nova-9' });
    expect(error.fix?.reason).toContain('nova-9');
  });

  it('a wrong key is authentication (401 INVALID_AUTH), naming DEEPGRAM_API_KEY', async () => {
    const wrong = createDeepgramTranscriber({ apiKey: 'nope', baseUrl: fake.url });
    const error = await expectProviderError(transcribe(wrong), 'authentication', 'Deepgram');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid credentials. (INVALID_AUTH)');
    expect(error.fix?.setting).toBe('DEEPGRAM_API_KEY');
  });

  it('413 is file too large, 500 a server error', async () => {
    fake.failNext('too_large', 'server');
    expect((await expectProviderError(transcribe(), 'file_too_large', 'Deepgram')).message).toContain('Payload too large');
    expect((await expectProviderError(transcribe(), 'server', 'Deepgram')).status).toBe(500);
  });

  it('audio Deepgram cannot read answers 400 with its reason', async () => {
    fake.failNext('bad_audio');
    const error = await expectProviderError(transcribe(), 'unknown', 'Deepgram');
    expect(error.status).toBe(400);
    expect(error.message).toContain('corrupt or unsupported data');
  });

  it('a slow answer is a timeout', async () => {
    const quick = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 300, maxRetries: 0 });
    fake.failNext({ delayMs: 3000 });
    const call = expectProviderError(transcribe(quick), 'timeout', 'Deepgram');
    // The fake answers after 3000 ms: the call gave up before that answer came, whatever the machine's load.
    expect(await settlesBefore(call, 3000)).toBe(true);
    await call;
  });

  it('a refused port and a dropped connection are network errors', async () => {
    const down = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: await refusedUrl(), maxRetries: 0 });
    expect((await expectProviderError(transcribe(down), 'network', 'Deepgram')).message).toContain('ECONNREFUSED');
    fake.failNext('disconnect');
    await expectProviderError(transcribe(), 'network', 'Deepgram');
  });

  it('a body that is not JSON, or without a transcript, is a server error', async () => {
    fake.failNext('malformed', 'empty');
    expect((await expectProviderError(transcribe(), 'server', 'Deepgram')).message).toContain('not JSON');
    expect((await expectProviderError(transcribe(), 'server', 'Deepgram')).message).toContain('alternatives[0].transcript');
  });
});
