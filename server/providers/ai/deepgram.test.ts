import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDeepgram, type FakeDeepgram } from '../../test-support/fake-ai/deepgram.ts';
import { expectProviderError } from '../../test-support/fake-ai/expect-provider-error.ts';
import { refusedUrl } from '../../test-support/fake-ai/http.ts';
import { createDeepgramTranscriber, DEEPGRAM_DEFAULTS } from './deepgram.ts';
import type { SpeechTranscriber } from './types.ts';
import { settlesBefore } from '../../test-support/timing.ts';

let fake: FakeDeepgram;
let deepgram: SpeechTranscriber;

/** A real (silent) 16-bit mono WAV, 0.1 s at 8 kHz. */
function silentWav(samples = 800): Buffer {
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const audio = silentWav();

beforeAll(async () => {
  fake = await startFakeDeepgram();
  deepgram = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
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

  it('uses the model of the settings', async () => {
    const nova3 = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'nova-3' });
    await nova3.transcribe({ audio, mime: 'audio/wav' });
    expect(last().query.model).toBe('nova-3');
  });
});

describe('Deepgram failures', () => {
  const transcribe = (transcriber = deepgram) => transcriber.transcribe({ audio, mime: 'audio/wav' });

  it('429 TOO_MANY_REQUESTS is a rate limit', async () => {
    fake.failNext('rate_limit');
    const error = await expectProviderError(transcribe(), 'rate_limit', 'Deepgram');
    expect(error.status).toBe(429);
    expect(error.message).toContain('Too many requests');
    expect(error.message).toContain('TOO_MANY_REQUESTS');
  });

  it('a wrong key is authentication (401 INVALID_AUTH)', async () => {
    const wrong = createDeepgramTranscriber({ apiKey: 'nope', baseUrl: fake.url });
    const error = await expectProviderError(transcribe(wrong), 'authentication', 'Deepgram');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid credentials. (INVALID_AUTH)');
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
    const quick = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 300 });
    fake.failNext({ delayMs: 3000 });
    const call = expectProviderError(transcribe(quick), 'timeout', 'Deepgram');
    // The fake answers after 3000 ms: the call gave up before that answer came, whatever the machine's load.
    expect(await settlesBefore(call, 3000)).toBe(true);
    await call;
  });

  it('a refused port and a dropped connection are network errors', async () => {
    const down = createDeepgramTranscriber({ apiKey: fake.apiKey, baseUrl: await refusedUrl() });
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
