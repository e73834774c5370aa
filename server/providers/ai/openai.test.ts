import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../../test-support/fake-ai/expect-provider-error.ts';
import { field, refusedUrl, solidPng } from '../../test-support/fake-ai/http.ts';
import {
  OPENAI_OUTPUT_COLOR,
  OPENAI_ROUTE_SCHEMAS,
  openAiRequestBody,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../test-support/fake-ai/openai.ts';
import type { RecordedAiRequest } from '../../test-support/fake-ai/http.ts';
import { jsonOf, openAiChatBody } from '../../test-support/fake-ai/request-bodies.ts';
import { validator } from '../../test-support/provider-schemas/validate.ts';
import { makeJpeg, makePng } from '../../test-support/media.ts';
import {
  createOpenAiProvider,
  OPENAI_AUDIO_LIMIT_BYTES,
  OPENAI_DEFAULTS,
  sizeForAspect,
  transcriptionFormat,
  type OpenAiProvider,
  type OpenAiSettings,
} from './openai.ts';
import { wavOf } from './speech/audio.ts';
import { settlesBefore } from '../../test-support/timing.ts';

let fake: FakeOpenAi;
let openai: OpenAiProvider;
let source: Buffer;
/** Every request the adapter sent in this file, held to the published document at the end. */
const sentRequests: RecordedAiRequest[] = [];

/** A provider on the fake; no SDK retries unless a test asks for them. */
const providerOn = (settings: Partial<OpenAiSettings> = {}) => createOpenAiProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000, maxRetries: 0, ...settings });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  openai = providerOn();
  source = await makePng(64, 48);
});
afterAll(() => fake.close());
beforeEach(() => {
  sentRequests.push(...fake.requests.splice(0));
});

const last = () => fake.requests.at(-1)!;
const audio = Buffer.from('ID3\u0004\u0000fake mp3 frames for the test', 'latin1');

describe('OpenAI image edits', () => {
  it('posts multipart image[], prompt, model and size with the bearer key', async () => {
    await openai.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Add a hat', aspectRatio: '16:9' });

    const request = last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/images/edits');
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(field(request, 'model')).toBe(OPENAI_DEFAULTS.imageModel);
    expect(field(request, 'prompt')).toBe('Add a hat');
    expect(field(request, 'size')).toBe('1536x1024');
    expect(field(request, 'response_format')).toBeUndefined();
    const images = request.files['image[]']!;
    expect(images).toHaveLength(1);
    expect(images[0]!.type).toBe('image/png');
    expect(images[0]!.filename).toBe('image-1.png');
    expect(images[0]!.data.equals(source)).toBe(true);
    expect(request.files.mask).toBeUndefined();
  });

  it('defaults to gpt-image-2 (gpt-image-1 is retired), gpt-4.1-mini and whisper-1', () => {
    expect(OPENAI_DEFAULTS).toMatchObject({ imageModel: 'gpt-image-2', chatModel: 'gpt-4.1-mini', transcriptionModel: 'whisper-1' });
  });

  it('prices the edit from the answer\'s usage (text and image input tokens, image output tokens)', async () => {
    const result = await openai.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Add a hat' });
    expect(result.usage).toMatchObject({ input_tokens: 323, input_text_tokens: 65, input_image_tokens: 258, output_tokens: 1056 });
    // gpt-image-2: $5 / 1M text in, $8 / 1M image in, $30 / 1M image out.
    expect(result.costUsd).toBeCloseTo((65 * 5 + 258 * 8 + 1056 * 30) / 1e6, 8);
    const other = await providerOn({ imageModel: 'flux-compatible' }).editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x' });
    expect(other.usage).toMatchObject({ output_tokens: 1056 });
    expect(other.costUsd).toBeUndefined();
  });

  it('sends a GIF as a PNG of its first frame (the edits endpoint reads PNG, JPEG and WebP only)', async () => {
    const gif = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 10, g: 200, b: 10 } } }).gif().toBuffer();
    await openai.editImage({ images: [{ data: gif, mime: 'image/gif' }], prompt: 'x' });
    const sent = last().files['image[]']![0]!;
    expect([sent.filename, sent.type]).toEqual(['image-1.png', 'image/png']);
    const { info } = await sharp(sent.data).toBuffer({ resolveWithObject: true });
    expect([info.format, info.width, info.height]).toEqual(['png', 30, 20]);
  });

  it('the fake refuses a GIF, as OpenAI does', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).gif().toBuffer();
    const form = new FormData();
    form.append('image[]', new Blob([new Uint8Array(gif)], { type: 'image/gif' }), 'a.gif');
    form.append('prompt', 'x');
    const res = await fetch(`${fake.url}/images/edits`, { method: 'POST', headers: { authorization: `Bearer ${fake.apiKey}` }, body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_image_format');
  });

  it('decodes the b64_json image into the result', async () => {
    const result = await openai.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Add a hat', aspectRatio: '2:3' });

    expect(field(last(), 'size')).toBe('1024x1536');
    expect(result).toMatchObject({ mime: 'image/png', provider: 'OpenAI', model: OPENAI_DEFAULTS.imageModel });
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([32, 48]);
    expect([data[0], data[1], data[2]]).toEqual([OPENAI_OUTPUT_COLOR.r, OPENAI_OUTPUT_COLOR.g, OPENAI_OUTPUT_COLOR.b]);
  });

  it('sends all images, and the mask as a PNG of the source size, transparent where ours is white', async () => {
    // Our mask: left half white (paint here), right half black (keep).
    const left = await solidPng(16, 12, { r: 255, g: 255, b: 255 });
    const mask = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .composite([{ input: left, left: 0, top: 0 }])
      .png()
      .toBuffer();
    const jpeg = await makeJpeg(20, 20);
    await openai.editImage({
      images: [
        { data: source, mime: 'image/png' },
        { data: jpeg, mime: 'image/jpeg' },
      ],
      mask: { data: mask, mime: 'image/png' },
      prompt: 'Replace the left side',
    });

    const request = last();
    expect(request.files['image[]']!.map((f) => [f.filename, f.type])).toEqual([
      ['image-1.png', 'image/png'],
      ['image-2.jpg', 'image/jpeg'],
    ]);
    expect(request.files['image[]']![1]!.data.equals(jpeg)).toBe(true);
    expect(field(request, 'size')).toBe('auto');
    const sent = request.files.mask![0]!;
    expect(sent.type).toBe('image/png');
    const { data, info } = await sharp(sent.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([64, 48, 4]);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(5, 5)).toBe(0);
    expect(alphaAt(60, 40)).toBe(255);
  });

  it('a retired model (dall-e-2, gpt-image-1) is unavailable, naming OPENAI_IMAGE_MODEL and the model', async () => {
    for (const model of ['dall-e-2', 'gpt-image-1']) {
      const retired = providerOn({ imageModel: model });
      const error = await expectProviderError(retired.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x' }), 'unavailable', 'OpenAI');
      expect(error.status).toBe(404);
      expect(error.message).toContain('model_not_found');
      expect(error.fix).toMatchObject({ setting: 'OPENAI_IMAGE_MODEL', model });
      expect(error.fix!.reason.length).toBeGreaterThan(5);
    }
    // dall-e-2 was still sent as it takes it: one image field, b64_json, a square size.
    const dalle = fake.requests.find((r) => field(r, 'model') === 'dall-e-2')!;
    expect(dalle.files.image).toHaveLength(1);
    expect(dalle.files['image[]']).toBeUndefined();
    expect(field(dalle, 'response_format')).toBe('b64_json');
    expect(field(dalle, 'size')).toBe('1024x1024');
  });

  it('maps aspect ratios to the gpt-image sizes', () => {
    expect(['1:1', '4:3', '16:9', '3:4', '9:16', undefined, 'wide'].map((a) => sizeForAspect(a))).toEqual([
      '1024x1024',
      '1536x1024',
      '1536x1024',
      '1024x1536',
      '1024x1536',
      'auto',
      'auto',
    ]);
  });
});

describe('OpenAI chat: vision and refinement', () => {
  it('describes an image sent as an image_url data URL', async () => {
    fake.setChatText('  A gradient test card.  ');
    const jpeg = await makeJpeg(24, 24);
    const result = await openai.describe({ image: { data: jpeg, mime: 'image/jpeg' }, prompt: 'Caption this' });

    expect(result).toMatchObject({ text: 'A gradient test card.', provider: 'OpenAI' });
    // gpt-4.1-mini: $0.40 / 1M in, $1.60 / 1M out.
    expect(result.usage).toMatchObject({ prompt_tokens: 312, completion_tokens: 14 });
    expect(result.costUsd).toBeCloseTo((312 * 0.4 + 14 * 1.6) / 1e6, 10);
    const request = last();
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    const body = jsonOf(request, openAiChatBody);
    expect(body.model).toBe(OPENAI_DEFAULTS.chatModel);
    const content = body.messages[0]!.content;
    if (typeof content === 'string') throw new Error('expected the image and the prompt as content parts');
    expect(content[0]).toEqual({ type: 'text', text: 'Caption this' });
    expect(content[1]!.type).toBe('image_url');
    expect(content[1]!.image_url!.url).toBe(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
  });

  it('refines text with a system instruction and the text as the user message', async () => {
    fake.setChatText('Shorter text.');
    const result = await openai.refine({ text: 'A rather long text here.', instruction: 'Make it shorter' });

    expect(result).toMatchObject({ text: 'Shorter text.', provider: 'OpenAI' });
    const [system, user] = jsonOf(last(), openAiChatBody).messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Instruction: Make it shorter');
    expect(user).toEqual({ role: 'user', content: 'A rather long text here.' });
  });

  it('uses the display name and the organization header of the settings', async () => {
    const other = providerOn({ displayName: 'Groq', organization: 'org-123', chatModel: 'llama-3.3' });
    expect(other.name).toBe('Groq');
    const result = await other.refine({ text: 'a', instruction: 'b' });
    expect(result.provider).toBe('Groq');
    // A model not in the rate table (another service): its usage, no cost.
    expect(result.usage).toMatchObject({ prompt_tokens: 312 });
    expect(result.costUsd).toBeUndefined();
    expect(last().headers['openai-organization']).toBe('org-123');
    expect(jsonOf(last(), openAiChatBody).model).toBe('llama-3.3');
  });
});

describe('OpenAI transcription', () => {
  it('posts the audio as file with model, verbose_json and the language, and reads text and duration', async () => {
    fake.setTranscript('Hello there, creators.', 61.25);
    const result = await openai.transcribe({ audio, mime: 'audio/mpeg', language: 'en-US' });

    expect(result).toMatchObject({ text: 'Hello there, creators.', durationSeconds: 61.25, provider: 'OpenAI', language: 'en' });
    expect(result.segments).toEqual([{ start: 0, end: 61.25, text: 'Hello there, creators.' }]);
    const request = last();
    expect(request.path).toBe('/v1/audio/transcriptions');
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(field(request, 'model')).toBe(OPENAI_DEFAULTS.transcriptionModel);
    expect(field(request, 'response_format')).toBe('verbose_json');
    expect(field(request, 'language')).toBe('en');
    const file = request.files.file![0]!;
    expect([file.filename, file.type]).toEqual(['audio.mp3', 'audio/mpeg']);
    expect(file.data.equals(audio)).toBe(true);
    // whisper-1: $0.006 a minute of the usage's seconds (62, rounded up by OpenAI).
    expect(result.usage).toEqual({ seconds: 62 });
    expect(result.costUsd).toBeCloseTo((62 / 60) * 0.006, 8);
  });

  it('asks gpt-4o-transcribe for json (it answers nothing else), the duration from the request, the cost from tokens', async () => {
    expect([transcriptionFormat('whisper-1'), transcriptionFormat('gpt-4o-transcribe'), transcriptionFormat('gpt-4o-mini-transcribe'), transcriptionFormat('gpt-transcribe')]).toEqual([
      'verbose_json',
      'json',
      'json',
      'json',
    ]);
    fake.setTranscript('Token billed words.', 30);
    const gpt4o = providerOn({ transcriptionModel: 'gpt-4o-transcribe' });
    const result = await gpt4o.transcribe({ audio, mime: 'audio/mpeg', durationSeconds: 29.5 });
    expect(field(last(), 'response_format')).toBe('json');
    expect(field(last(), 'model')).toBe('gpt-4o-transcribe');
    expect(result).toMatchObject({ text: 'Token billed words.', durationSeconds: 29.5, model: 'gpt-4o-transcribe', segments: [] });
    // The fake: 300 audio tokens, 12 text tokens in, 5 out; $6 / 1M audio in, $2.50 / 1M text in, $10 / 1M out.
    expect(result.usage).toMatchObject({ input_audio_tokens: 300, input_text_tokens: 12, output_tokens: 5 });
    expect(result.costUsd).toBeCloseTo((300 * 6 + 12 * 2.5 + 5 * 10) / 1e6, 10);
  });

  it('the fake refuses verbose_json for gpt-4o-transcribe, as OpenAI does (what the old adapter sent)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(audio)], { type: 'audio/mpeg' }), 'audio.mp3');
    form.append('model', 'gpt-4o-transcribe');
    form.append('response_format', 'verbose_json');
    const res = await fetch(`${fake.url}/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${fake.apiKey}` }, body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'unsupported_value', param: 'response_format' });
  });

  it('names the file by its type and leaves the language out when not given', async () => {
    await openai.transcribe({ audio, mime: 'audio/webm;codecs=opus' });
    expect(last().files.file![0]!.filename).toBe('audio.webm');
    expect(field(last(), 'language')).toBeUndefined();
  });
});

describe('OpenAI failures', () => {
  const edit = () => openai.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Edit it' });

  it('429 rate_limit_exceeded is a rate limit carrying Retry-After', async () => {
    fake.failNext('rate_limit');
    const limited = await expectProviderError(edit(), 'rate_limit', 'OpenAI');
    expect(limited.status).toBe(429);
    expect(limited.message).toContain('Rate limit reached for gpt-image-2');
    expect(limited.message).toContain('rate_limit_exceeded');
    expect(limited.retryAfterSeconds).toBe(12);
  });

  it('429 insufficient_quota is a billing stop: unavailable, naming OPENAI_API_KEY, and not retried', async () => {
    const retrying = providerOn({ maxRetries: 2 });
    fake.failNext('quota');
    const error = await expectProviderError(retrying.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x' }), 'unavailable', 'OpenAI');
    expect(error.message).toContain('exceeded your current quota');
    expect(error.fix).toEqual({ setting: 'OPENAI_API_KEY', reason: 'the account is out of quota or credits (billing)' });
    expect(fake.requests).toHaveLength(1);
  });

  it('a model that does not exist is unavailable, naming the setting of the call that used it', async () => {
    fake.failNext('model_not_found', 'model_not_found');
    const chat = await expectProviderError(providerOn({ chatModel: 'gpt-9-nano' }).refine({ text: 'a', instruction: 'b' }), 'unavailable', 'OpenAI');
    expect(chat.fix).toMatchObject({ setting: 'OPENAI_CHAT_MODEL', model: 'gpt-9-nano' });
    expect(chat.message).toContain('does not exist');
    const speech = await expectProviderError(providerOn({ transcriptionModel: 'whisper-0' }).transcribe({ audio, mime: 'audio/mpeg' }), 'unavailable', 'OpenAI');
    expect(speech.fix).toMatchObject({ setting: 'OPENAI_TRANSCRIBE_MODEL', model: 'whisper-0' });
  });

  it('the SDK retries a 500 and the next answer stands', async () => {
    const retrying = providerOn({ maxRetries: 2 });
    fake.failNext('server');
    const result = await retrying.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x' });
    expect(result.mime).toBe('image/png');
    expect(fake.requests.map((r) => r.status)).toEqual([500, 200]);
  });

  it('a call the caller aborts is cancelled (class unknown)', async () => {
    const controller = new AbortController();
    fake.failNext({ delayMs: 3000 });
    const call = expectProviderError(openai.refine({ text: 'a', instruction: 'b', signal: controller.signal }), 'unknown', 'OpenAI');
    setTimeout(() => controller.abort(), 100);
    expect(await settlesBefore(call, 3000)).toBe(true);
    expect((await call).message).toContain('cancelled');
  });

  it('moderation_blocked and content_policy_violation are content policy', async () => {
    fake.failNext('moderation_blocked', 'content_policy_violation');
    const blocked = await expectProviderError(edit(), 'content_policy', 'OpenAI');
    expect(blocked.status).toBe(400);
    expect(blocked.message).toContain('moderation_blocked');
    expect((await expectProviderError(edit(), 'content_policy', 'OpenAI')).message).toContain('content_policy_violation');
  });

  it('a chat answer withheld by the content filter, or refused, is content policy', async () => {
    fake.failNext('content_filter', 'refusal');
    const describe = () => openai.describe({ image: { data: source, mime: 'image/png' }, prompt: 'x' });
    expect((await expectProviderError(describe(), 'content_policy', 'OpenAI')).message).toContain('content_filter');
    expect((await expectProviderError(describe(), 'content_policy', 'OpenAI')).message).toContain("I can't help with that image");
  });

  it('a wrong key is authentication (401 invalid_api_key), with the masked key in the message', async () => {
    const wrong = providerOn({ apiKey: 'sk-wrong-key-123456' });
    const error = await expectProviderError(wrong.refine({ text: 'a', instruction: 'b' }), 'authentication', 'OpenAI');
    expect(error.status).toBe(401);
    expect(error.fix?.setting).toBe('OPENAI_API_KEY');
    expect(error.message).toContain('Incorrect API key provided');
    expect(error.message).not.toContain('sk-wrong-key-123456');
  });

  it('413 is file too large', async () => {
    fake.failNext('too_large');
    const error = await expectProviderError(openai.transcribe({ audio, mime: 'audio/mpeg' }), 'file_too_large', 'OpenAI');
    expect(error.status).toBe(413);
    expect(error.message).toContain('Maximum content size limit');
  });

  it('500 is a server error', async () => {
    fake.failNext('server');
    const error = await expectProviderError(edit(), 'server', 'OpenAI');
    expect(error.status).toBe(500);
    expect(error.message).toContain('The server had an error');
  });

  it('an answer slower than timeoutMs is a timeout', async () => {
    const quick = providerOn({ timeoutMs: 300 });
    fake.failNext({ delayMs: 3000 });
    const call = expectProviderError(quick.transcribe({ audio, mime: 'audio/mpeg' }), 'timeout', 'OpenAI');
    // The fake answers after 3000 ms: the call gave up before that answer came, whatever the machine's load.
    expect(await settlesBefore(call, 3000)).toBe(true);
    await call;
  });

  it('a refused port and a dropped connection are network errors', async () => {
    const down = providerOn({ baseUrl: `${await refusedUrl()}/v1` });
    expect((await expectProviderError(down.refine({ text: 'a', instruction: 'b' }), 'network', 'OpenAI')).message).toContain('ECONNREFUSED');
    fake.failNext('disconnect');
    await expectProviderError(edit(), 'network', 'OpenAI');
  });

  it('malformed and empty answers are server errors for every call', async () => {
    fake.failNext('malformed');
    expect((await expectProviderError(edit(), 'server', 'OpenAI')).message).toContain('not JSON');
    fake.failNext('empty');
    expect((await expectProviderError(edit(), 'server', 'OpenAI')).message).toContain('without b64_json');
    fake.failNext('empty');
    expect((await expectProviderError(openai.refine({ text: 'a', instruction: 'b' }), 'server', 'OpenAI')).message).toContain('without choices');
    fake.failNext('empty');
    expect((await expectProviderError(openai.transcribe({ audio, mime: 'audio/wav' }), 'server', 'OpenAI')).message).toContain('without text');
  });
});

describe('OpenAI transcription of audio over the 25 MB limit', () => {
  /** 16 kHz mono WAV: a tone with a short pause every 30 s, `seconds` long. */
  function longWav(seconds: number): Buffer {
    const samples = new Int16Array(seconds * 16_000).map((_, i) => (i % (30 * 16_000) < 16_000 ? 0 : Math.round(6000 * Math.sin(i / 8))));
    return wavOf(samples);
  }

  it('is refused by the provider in one piece (the fake enforces the real limit)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(longWav(14 * 60))], { type: 'audio/wav' }), 'audio.wav');
    form.append('model', 'whisper-1');
    const res = await fetch(`${fake.url}/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${fake.apiKey}` }, body: form });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('is split at pauses into pieces under the limit with ffmpeg, the texts joined and the timings offset', async () => {
    const splitting = providerOn({ timeoutMs: 60_000, ffmpeg: 'ffmpeg' });
    fake.setTranscript('Piece of the talk.', 600);
    const before = fake.requests.length;
    const audio = longWav(14 * 60);
    expect(audio.length).toBeGreaterThan(OPENAI_AUDIO_LIMIT_BYTES);
    const result = await splitting.transcribe({ audio, mime: 'audio/wav' });
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(2);
    for (const request of sent) expect(request.files.file![0]!.data.length).toBeLessThan(OPENAI_AUDIO_LIMIT_BYTES);
    expect(result.text).toBe('Piece of the talk. Piece of the talk.');
    expect(result.durationSeconds).toBeCloseTo(14 * 60, 0);
    // The second piece's segment starts where the first piece ended: at a pause (a multiple of 30 s, within its first second).
    const second = result.segments![1]!;
    expect(second.start % 30).toBeLessThan(1);
    expect(second.start).toBeGreaterThan(9 * 60);
  }, 120_000);

  it('without ffmpeg says the file is too large instead of sending it', async () => {
    const before = fake.requests.length;
    const plain = providerOn();
    const big = Buffer.alloc(OPENAI_AUDIO_LIMIT_BYTES + 1);
    await expect(plain.transcribe({ audio: big, mime: 'audio/wav' })).rejects.toMatchObject({ errorClass: 'file_too_large' });
    expect(fake.requests.length).toBe(before);
  });
});

describe("held to OpenAI's published OpenAPI document (provider-schemas/openai.json)", () => {
  const schema = validator('openai');
  const routeOf = (path: string) => OPENAI_ROUTE_SCHEMAS[path as keyof typeof OPENAI_ROUTE_SCHEMAS];

  it('every request the adapter sent in this file validates against its request schema', () => {
    sentRequests.push(...fake.requests.splice(0));
    // Requests this file built by hand to show the fake's refusals are not the adapter's.
    const adapters = sentRequests.filter((r) => r.headers['x-stainless-lang'] !== undefined);
    const paths = new Set(adapters.map((r) => r.path));
    expect([...paths].sort()).toEqual(['/v1/audio/transcriptions', '/v1/chat/completions', '/v1/images/edits']);
    for (const request of adapters) {
      const check = schema(routeOf(request.path).request)(openAiRequestBody(request));
      expect(check.errors, `${request.path} ${JSON.stringify(openAiRequestBody(request)).slice(0, 300)}`).toEqual([]);
    }
  });

  it('every answer the fake sent validates against its response schema (errors against ErrorResponse)', () => {
    const answers = fake.answers.filter((a) => a.failure !== 'empty');
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(10);
    expect(answers.filter((a) => a.status >= 400).length).toBeGreaterThan(5);
    for (const answer of answers) {
      const name = answer.status === 200 ? routeOf(answer.path).response(answer.request) : 'ErrorResponse';
      const check = schema(name)(answer.body);
      expect(check.errors, `${answer.path} ${answer.status} ${name}`).toEqual([]);
    }
  });

  it('the check fails on what the document forbids', () => {
    const transcription = schema('CreateTranscriptionRequest');
    const good = { file: '<binary audio.mp3 audio/mpeg 10>', model: 'gpt-4o-transcribe', response_format: 'json' };
    expect(transcription(good).ok).toBe(true);
    // additionalProperties: false, and the response_format enum.
    expect(transcription({ ...good, timestamp_granularity: 'segment' }).errors.join()).toContain('must NOT have additional properties');
    expect(transcription({ ...good, response_format: 'verbose' }).ok).toBe(false);
    // The image edit's required image and prompt; more than 16 images.
    const edit = schema('CreateImageEditRequest');
    expect(edit({ prompt: 'x' }).errors.join()).toContain('image');
    expect(edit({ prompt: 'x', image: Array.from({ length: 17 }, () => 'img') }).ok).toBe(false);
    // A chat message without its role; an answer without text; an error without its fields.
    expect(schema('CreateChatCompletionRequest')({ model: 'gpt-4.1-mini', messages: [{ content: 'hi' }] }).ok).toBe(false);
    expect(schema('CreateTranscriptionResponseJson')({ task: 'transcribe' }).ok).toBe(false);
    expect(schema('ErrorResponse')({ error: { message: 'x' } }).ok).toBe(false);
    // The fake's deliberately empty answer is caught too.
    const empty = fake.answers.find((a) => a.failure === 'empty' && a.path === '/v1/audio/transcriptions');
    expect(empty && schema('CreateTranscriptionResponseJson')(empty.body).ok).toBe(false);
  });
});
