import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectProviderError } from '../../test-support/fake-ai/expect-provider-error.ts';
import { GEMINI_OUTPUT_COLOR, startFakeGemini, type FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import { refusedUrl, solidPng } from '../../test-support/fake-ai/http.ts';
import { geminiGenerateContentBody, jsonOf } from '../../test-support/fake-ai/request-bodies.ts';
import { makeJpeg, makePng } from '../../test-support/media.ts';
import { validator } from '../../test-support/provider-schemas/validate.ts';
import { settlesBefore } from '../../test-support/timing.ts';
import { costOf, createGeminiProvider, GEMINI_DEFAULTS, GEMINI_RATES, variabilityToTemperature, type GeminiProvider, type GeminiSettings } from './gemini.ts';
import { providerFetch } from './transport.ts';

// The transport's fetch, watched: the SDK must send through it (its undici limits follow the call's timeout).
vi.mock('./transport.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./transport.ts')>();
  return { ...actual, providerFetch: vi.fn((timeoutMs: number) => vi.fn(actual.providerFetch(timeoutMs))) };
});

const schema = validator('gemini');

let fake: FakeGemini;
let gemini: GeminiProvider;
let source: Buffer;

/** A provider on the fake; retries off unless a test turns them on, so one failure answers one call. */
function provider(settings: Partial<GeminiSettings> = {}) {
  return createGeminiProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000, maxRetries: 0, ...settings });
}

beforeAll(async () => {
  fake = await startFakeGemini();
  gemini = provider();
  source = await makePng(64, 48);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.answers.length = 0;
});
// Every request the adapter sent and every answer the fake gave in a test, held to Google's published schema.
afterEach(() => {
  for (const { request, status, body } of fake.answers) {
    if (request.path.includes(':generateContent') && request.json !== undefined) {
      const check = schema('GenerateContentRequest')(request.json);
      expect(check.errors, `request ${request.path}`).toEqual([]);
    }
    if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) continue; // 'malformed', dropped connections
    const check = schema(status === 200 ? 'GenerateContentResponse' : 'Error')(body);
    expect(check.errors, `answer ${status} to ${request.path}`).toEqual([]);
  }
});

const last = () => fake.requests.at(-1)!;
/** The body of the last request, as Gemini's reference defines it. */
const sent = () => jsonOf(last(), geminiGenerateContentBody);

describe("the SDK's requests and the fake's answers against Google's published schema", () => {
  it('gemini.json is derived from googleapis/googleapis and holds the schemas the calls use', async () => {
    const doc = (await import('../../test-support/provider-schemas/gemini.json', { with: { type: 'json' } })).default as {
      'x-derived-from': { source: string; commit: string };
    };
    expect(doc['x-derived-from'].source).toContain('github.com/googleapis/googleapis');
    expect(doc['x-derived-from'].commit).toMatch(/^[0-9a-f]{40}$/);
    for (const name of ['GenerateContentRequest', 'GenerateContentResponse', 'Content', 'Part', 'Blob', 'GenerationConfig', 'ImageConfig', 'UsageMetadata', 'Error']) {
      expect(() => schema(name)).not.toThrow();
    }
  });

  it('fails a request with a misspelled field, a snake_case name, a missing contents, or an unknown enum', () => {
    const good = {
      contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }, { text: 'x' }] }],
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'], temperature: 1, imageConfig: { aspectRatio: '16:9' } },
    };
    expect(schema('GenerateContentRequest')(good)).toEqual({ ok: true, errors: [] });
    const misspelled = { ...good, generationConfig: { responseModalitys: ['IMAGE'] } };
    const check = schema('GenerateContentRequest')(misspelled);
    expect(check.ok).toBe(false);
    expect(check.errors.join('\n')).toContain('responseModalitys');
    // What the old hand-written client sent: the proto names, which the REST parser takes but the published JSON names are not.
    expect(schema('GenerateContentRequest')({ contents: [{ role: 'user', parts: [{ inline_data: { mime_type: 'image/png', data: 'AA==' } }] }] }).ok).toBe(false);
    expect(schema('GenerateContentRequest')({ generationConfig: {} }).ok).toBe(false);
    expect(schema('GenerateContentRequest')({ ...good, generationConfig: { responseModalities: ['PICTURE'] } }).ok).toBe(false);
    // The path parameter does not belong in the body.
    expect(schema('GenerateContentRequest')({ ...good, model: 'models/x' }).ok).toBe(false);
  });

  it('the fake, like Google, refuses an unknown field with 400 INVALID_ARGUMENT and takes the snake_case names too', async () => {
    const post = (body: unknown) =>
      fetch(`${fake.url}/v1beta/models/${GEMINI_DEFAULTS.textModel}:generateContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': fake.apiKey },
        body: JSON.stringify(body),
      });
    const misspelled = await post({ contents: [{ role: 'user', parts: [{ text: 'x' }] }], generationConfig: { temprature: 1 } });
    expect(misspelled.status).toBe(400);
    expect(await misspelled.json()).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', message: `Invalid JSON payload received. Unknown name "temprature" at 'generationConfig': Cannot find field.` },
    });
    const snake = await post({ contents: [{ role: 'user', parts: [{ text: 'x' }] }], generation_config: { temperature: 1 } });
    expect(snake.status).toBe(200);
    fake.answers.length = 0; // these were not the adapter's requests
  });

  it('fails an answer or an error body that is not what Google sends', () => {
    expect(schema('GenerateContentResponse')({ candidates: [{ finishReason: 'DONE' }] }).ok).toBe(false);
    expect(schema('GenerateContentResponse')({ usageMetadata: { promptTokens: 3 } }).ok).toBe(false);
    expect(schema('Error')({ error: { code: 429, message: 'x', status: 'TOO_MANY' } }).ok).toBe(false);
    expect(schema('Error')({ error: { code: 429, message: 'x', status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: 'soon' }] } }).ok).toBe(false);
  });

  it('every failure the fake answers is a body Google publishes (checked after each test)', async () => {
    const failures = ['rate_limit', 'rate_limit_brief', 'daily_quota', 'billing', 'model_not_found', 'unavailable', 'server', 'unauthorized', 'too_large', 'prompt_blocked', 'safety', 'image_safety', 'recitation', 'no_image', 'empty'] as const;
    for (const failure of failures) {
      fake.failNext(failure);
      await gemini.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x' }).catch(() => undefined);
    }
    expect(fake.answers.map((a) => a.status)).toEqual([429, 429, 429, 429, 404, 503, 500, 401, 413, 200, 200, 200, 200, 200, 200]);
  });
});

describe('Gemini image editing', () => {
  it('sends the image as inlineData, the prompt as text, TEXT+IMAGE modalities and the key header, to the current image model', async () => {
    await gemini.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Make the sky purple', variability: 5 });

    expect(GEMINI_DEFAULTS.imageModel).toBe('gemini-3.1-flash-image');
    const request = last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1beta/models/gemini-3.1-flash-image:generateContent');
    expect(request.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(request.query.key).toBeUndefined();
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(request.headers['x-goog-api-client']).toMatch(/^google-genai-sdk\//);
    const body = jsonOf(request, geminiGenerateContentBody);
    expect(body.contents[0]!.role).toBe('user');
    const parts = body.contents[0]!.parts;
    expect(parts).toHaveLength(2);
    expect(parts[0]!.inlineData!.mimeType).toBe('image/png');
    expect(Buffer.from(parts[0]!.inlineData!.data, 'base64').equals(source)).toBe(true);
    expect(parts[1]).toEqual({ text: 'Make the sky purple' });
    expect(body.generationConfig!.responseModalities).toEqual(['TEXT', 'IMAGE']);
    expect(body.generationConfig!.temperature).toBe(1);
    expect(body.generationConfig!.imageConfig).toBeUndefined();
  });

  it('reads the returned inline image and text into the result, with the cost from usageMetadata', async () => {
    fake.setImageText('Purple sky, as asked.');
    const result = await gemini.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Make the sky purple' });

    expect(result.provider).toBe('Gemini');
    expect(result.model).toBe(GEMINI_DEFAULTS.imageModel);
    expect(result.mime).toBe('image/png');
    expect(result.text).toBe('Purple sky, as asked.');
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([64, 48]);
    expect([data[0], data[1], data[2]]).toEqual([GEMINI_OUTPUT_COLOR.r, GEMINI_OUTPUT_COLOR.g, GEMINI_OUTPUT_COLOR.b]);
    // The fake's usage: 1290 tokens in, 1120 image tokens and 10 text tokens out.
    expect(result.usage).toMatchObject({ input_tokens: 1290, output_tokens: 1130, output_image_tokens: 1120, output_text_tokens: 10, input_image_tokens: 1258, input_text_tokens: 32 });
    const rate = GEMINI_RATES['gemini-3.1-flash-image']!;
    expect(result.costUsd).toBeCloseTo((1290 * rate.inputPerMTok + 10 * rate.outputPerMTok + 1120 * rate.imageOutputPerMTok!) / 1e6, 8);
    expect(result.costUsd).toBeGreaterThan(0.05); // about $0.067 a 1K image
  });

  it('sends every source image in order, then the mask with a note in the prompt, and a supported aspect ratio', async () => {
    const second = await makeJpeg(20, 20);
    const mask = await solidPng(64, 48, { r: 255, g: 255, b: 255 });
    const result = await gemini.editImage({
      images: [
        { data: source, mime: 'image/png' },
        { data: second, mime: 'image/jpeg' },
      ],
      mask: { data: mask, mime: 'image/png' },
      prompt: 'Put the logo on the shirt',
      aspectRatio: '16:9',
      variability: 1,
    });

    const parts = sent().contents[0]!.parts;
    expect(parts.map((p) => p.inlineData?.mimeType ?? 'text')).toEqual(['image/png', 'image/jpeg', 'image/png', 'text']);
    expect(Buffer.from(parts[1]!.inlineData!.data, 'base64').equals(second)).toBe(true);
    expect(Buffer.from(parts[2]!.inlineData!.data, 'base64').equals(mask)).toBe(true);
    expect(parts[3]!.text).toMatch(/^Put the logo on the shirt\n\n.*mask.*white/s);
    expect(sent().generationConfig!.imageConfig).toEqual({ aspectRatio: '16:9' });
    expect(sent().generationConfig!.temperature).toBe(0.2);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height]).toEqual([64, 36]);
  });

  it('converts a GIF source (its first frame) to PNG, which the fake, like Gemini, would refuse as GIF', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 200, b: 30 } } }).gif().toBuffer();
    expect(gif.subarray(0, 4).toString('ascii')).toBe('GIF8');

    // Sent as it is, Gemini answers 400 INVALID_ARGUMENT.
    const refused = await fetch(`${fake.url}/v1beta/models/${GEMINI_DEFAULTS.imageModel}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': fake.apiKey },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/gif', data: gif.toString('base64') } }, { text: 'x' }] }] }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: 'Unsupported MIME type: image/gif' } });

    // Through the adapter (even declared as PNG), it arrives as a PNG of the first frame.
    for (const declared of ['image/gif', 'image/png']) {
      fake.requests.length = 0;
      const result = await gemini.editImage({ images: [{ data: gif, mime: declared }], prompt: 'Brighten it' });
      expect(result.mime).toBe('image/png');
      const part = sent().contents[0]!.parts[0]!;
      expect(part.inlineData!.mimeType).toBe('image/png');
      const png = Buffer.from(part.inlineData!.data, 'base64');
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.format, info.width, info.height]).toEqual(['raw', 40, 30]);
      expect((await sharp(png).metadata()).format).toBe('png');
      expect(data[1]).toBeGreaterThan(150);
    }
  });

  it('leaves out an aspect ratio the model does not take', async () => {
    await gemini.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x', aspectRatio: '7:5' });
    expect(sent().generationConfig!.imageConfig).toBeUndefined();
  });

  it('maps variability 1…10 to temperature 0.2…2', () => {
    expect([1, 5, 10, 0, 12].map(variabilityToTemperature)).toEqual([0.2, 1, 2, 0.2, 2]);
  });

  it("sends through the transport's fetch, whose undici limits follow the call's timeout (above Node's 300 s)", async () => {
    const long = provider({ timeoutMs: 600_000 });
    const made = vi.mocked(providerFetch).mock;
    const index = made.calls.findLastIndex(([ms]) => ms === 600_000);
    expect(index).toBeGreaterThanOrEqual(0);
    const transportFetch = made.results[index]!.value as ReturnType<typeof vi.fn>;
    await long.refine({ text: 'a', instruction: 'b' });
    expect(transportFetch).toHaveBeenCalledTimes(1);
    expect(last().headers['x-server-timeout']).toBe('600');
  });
});

describe('Gemini text', () => {
  it('describes an image with the current text model, with its cost', async () => {
    fake.setText('A gradient from black to red.');
    const jpeg = await makeJpeg(30, 30);
    const result = await gemini.describe({ image: { data: jpeg, mime: 'image/jpeg' }, prompt: 'Write a caption' });

    expect(GEMINI_DEFAULTS.textModel).toBe('gemini-3.5-flash-lite');
    expect(result).toMatchObject({ text: 'A gradient from black to red.', provider: 'Gemini' });
    expect(last().path).toBe('/v1beta/models/gemini-3.5-flash-lite:generateContent');
    const parts = sent().contents[0]!.parts;
    expect(Buffer.from(parts[0]!.inlineData!.data, 'base64').equals(jpeg)).toBe(true);
    expect(parts[0]!.inlineData!.mimeType).toBe('image/jpeg');
    expect(parts[1]!.text).toBe('Write a caption');
    expect(sent().generationConfig?.responseModalities).toBeUndefined();
    // 300 in, 12 out and 40 thinking tokens, thinking priced as output.
    const rate = GEMINI_RATES['gemini-3.5-flash-lite']!;
    expect(result.usage).toMatchObject({ input_tokens: 300, output_tokens: 12, thoughts_tokens: 40, output_image_tokens: 0 });
    expect(result.costUsd).toBeCloseTo((300 * rate.inputPerMTok + 52 * rate.outputPerMTok) / 1e6, 10);
  });

  it('refines text with the instruction as the system instruction and the text as user content', async () => {
    fake.setText('Hi there, friends!');
    const result = await gemini.refine({ text: 'hi there friends', instruction: 'Fix punctuation' });

    expect(result).toMatchObject({ text: 'Hi there, friends!', provider: 'Gemini' });
    expect(sent().systemInstruction!.parts[0]!.text).toContain('Instruction: Fix punctuation');
    expect(sent().contents).toEqual([{ role: 'user', parts: [{ text: 'hi there friends' }] }]);
  });

  it('uses the models named in the settings; a model not in the rate table reports usage without a cost', async () => {
    const custom = provider({ textModel: 'gemini-2.5-pro', imageModel: 'gemini-3-pro-image-preview' });
    const refined = await custom.refine({ text: 'a', instruction: 'b' });
    expect(last().path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
    expect(refined.costUsd).toBeUndefined();
    expect(refined.usage).toMatchObject({ input_tokens: 300 });
    await custom.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x' });
    expect(last().path).toBe('/v1beta/models/gemini-3-pro-image-preview:generateContent');
  });

  it('prices image tokens apart only where usageMetadata or the answer says they are image tokens', () => {
    expect(costOf('gemini-3.5-flash-lite', undefined, false)).toEqual({});
    const noDetails = costOf('gemini-3.1-flash-image', { promptTokenCount: 100, candidatesTokenCount: 1120, totalTokenCount: 1220 }, true);
    expect(noDetails.usage).toMatchObject({ output_image_tokens: 1120, output_text_tokens: 0 });
    expect(noDetails.costUsd).toBeCloseTo((100 * 0.5 + 1120 * 60) / 1e6, 8);
  });
});

describe('Gemini failures', () => {
  const edit = (p: GeminiProvider = gemini) => p.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Edit it' });

  it('429 per minute is a rate limit carrying RetryInfo.retryDelay, and a 31 s wait is not retried in the call', async () => {
    fake.failNext('rate_limit');
    const retrying = provider({ maxRetries: 2, retryDelayMs: 10 });
    const error = await expectProviderError(edit(retrying), 'rate_limit', 'Gemini');
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(31);
    expect(error.message).toContain('You exceeded your current quota');
    expect(error.message).toContain('RESOURCE_EXHAUSTED');
    expect(error.fix).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
  });

  it('a 429 asking for a short wait is retried after that wait, then succeeds', async () => {
    fake.failNext('rate_limit_brief');
    const retrying = provider({ maxRetries: 2, retryDelayMs: 10 });
    const started = Date.now();
    const result = await edit(retrying);
    expect(result.mime).toBe('image/png');
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950); // RetryInfo said 1s, not the 10 ms backoff
  });

  it('a 503 with a Retry-After header is retried no sooner than it says', async () => {
    fake.failNext({
      answer: {
        status: 503,
        headers: { 'Retry-After': '1' },
        body: { error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } },
      },
    });
    const started = Date.now();
    await edit(provider({ maxRetries: 1, retryDelayMs: 10 }));
    expect(fake.requests.map((r) => r.status)).toEqual([503, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('a per-day quota is unavailable, names GEMINI_API_KEY, and is not retried', async () => {
    fake.failNext('daily_quota');
    const error = await expectProviderError(edit(provider({ maxRetries: 2, retryDelayMs: 10 })), 'unavailable', 'Gemini');
    expect(error.status).toBe(429);
    expect(error.fix).toEqual({ setting: 'GEMINI_API_KEY', reason: 'the daily quota or billing of this key is exhausted' });
    expect(fake.requests).toHaveLength(1);
  });

  it('depleted prepayment credits (a billing stop) are unavailable too', async () => {
    fake.failNext('billing');
    const error = await expectProviderError(gemini.refine({ text: 'a', instruction: 'b' }), 'unavailable', 'Gemini');
    expect(error.fix).toMatchObject({ setting: 'GEMINI_API_KEY' });
    expect(error.message).toContain('credits are depleted');
  });

  it('a retired image model (404 NOT_FOUND) is unavailable with the fix naming GEMINI_IMAGE_MODEL and the model', async () => {
    const old = provider({ imageModel: 'gemini-2.5-flash-image' });
    const error = await expectProviderError(edit(old), 'unavailable', 'Gemini');
    expect(error.status).toBe(404);
    expect(error.message).toContain('models/gemini-2.5-flash-image is not found');
    expect(error.fix).toEqual({ setting: 'GEMINI_IMAGE_MODEL', model: 'gemini-2.5-flash-image', reason: 'the model is retired or unknown' });
  });

  it('any answer saying the model is deprecated or no longer available is unavailable too', async () => {
    for (const message of [
      'Gemini 1.0 Pro Vision has been deprecated on July 12, 2024. Consider switching to different model, for example gemini-1.5-flash.',
      'This model models/gemini-2.0-flash-exp is no longer available to new users. Please update your code to use a newer model for the latest features and improvements.',
    ]) {
      fake.failNext({ answer: { status: 400, body: { error: { code: 400, message, status: 'FAILED_PRECONDITION' } } } });
      const error = await expectProviderError(edit(), 'unavailable', 'Gemini');
      expect(error.fix).toEqual({ setting: 'GEMINI_IMAGE_MODEL', model: GEMINI_DEFAULTS.imageModel, reason: 'the model is retired or unknown' });
    }
  });

  it('an unknown text model names GEMINI_TEXT_MODEL', async () => {
    fake.failNext('model_not_found');
    const error = await expectProviderError(gemini.describe({ image: { data: source, mime: 'image/png' }, prompt: 'x' }), 'unavailable', 'Gemini');
    expect(error.fix).toEqual({ setting: 'GEMINI_TEXT_MODEL', model: GEMINI_DEFAULTS.textModel, reason: 'the model is retired or unknown' });
  });

  it('a blocked prompt is content policy and names the block reason', async () => {
    fake.failNext('prompt_blocked');
    const error = await expectProviderError(edit(), 'content_policy', 'Gemini');
    expect(error.message).toContain('PROHIBITED_CONTENT');
  });

  it('finishReason SAFETY and IMAGE_SAFETY are content policy', async () => {
    fake.failNext('safety', 'image_safety');
    expect((await expectProviderError(edit(), 'content_policy', 'Gemini')).message).toContain('finishReason SAFETY');
    expect((await expectProviderError(edit(), 'content_policy', 'Gemini')).message).toContain('IMAGE_SAFETY');
  });

  it('finishReason RECITATION is recitation', async () => {
    fake.failNext('recitation');
    const error = await expectProviderError(edit(), 'recitation', 'Gemini');
    expect(error.message).toContain('RECITATION');
  });

  it('a text-only answer is "no image" and carries the model\'s words', async () => {
    fake.failNext('no_image');
    const error = await expectProviderError(edit(), 'unknown', 'Gemini');
    expect(error.message).toContain('returned no image');
    expect(error.message).toContain("I can't make that change");
  });

  it('a wrong key (400 API_KEY_INVALID) and a missing key (403) are authentication, naming GEMINI_API_KEY', async () => {
    const wrong = provider({ apiKey: 'not-the-key' });
    const error = await expectProviderError(wrong.describe({ image: { data: source, mime: 'image/png' }, prompt: 'x' }), 'authentication', 'Gemini');
    expect(error.status).toBe(400);
    expect(error.message).toContain('API key not valid');
    expect(error.fix).toMatchObject({ setting: 'GEMINI_API_KEY' });

    const missing = provider({ apiKey: '' });
    const forbidden = await expectProviderError(missing.refine({ text: 'a', instruction: 'b' }), 'authentication', 'Gemini');
    expect(forbidden.status).toBe(403);
  });

  it('401 UNAUTHENTICATED is authentication', async () => {
    fake.failNext('unauthorized');
    expect((await expectProviderError(edit(), 'authentication', 'Gemini')).status).toBe(401);
  });

  it('413 is file too large', async () => {
    fake.failNext('too_large');
    const error = await expectProviderError(edit(), 'file_too_large', 'Gemini');
    expect(error.status).toBe(413);
    expect(error.message).toContain('payload size exceeds');
  });

  it('500 INTERNAL and 503 UNAVAILABLE are server errors when no retry is left', async () => {
    fake.failNext('server', 'unavailable');
    expect((await expectProviderError(edit(), 'server', 'Gemini')).message).toContain('An internal error has occurred');
    const overloaded = await expectProviderError(edit(), 'server', 'Gemini');
    expect(overloaded.status).toBe(503);
    expect(overloaded.message).toContain('overloaded');
  });

  it("the SDK's retry repeats a 503, then the call succeeds", async () => {
    fake.failNext('unavailable');
    const result = await edit(provider({ maxRetries: 2, retryDelayMs: 10 }));
    expect(result.mime).toBe('image/png');
    expect(fake.requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('retries stop after maxRetries: three 500s are a server error after three requests', async () => {
    fake.failNext('server', 'server', 'server');
    await expectProviderError(edit(provider({ maxRetries: 2, retryDelayMs: 10 })), 'server', 'Gemini');
    expect(fake.requests.map((r) => r.status)).toEqual([500, 500, 500]);
  });

  it('an answer slower than timeoutMs is a timeout, the call gives up on time and is not retried', async () => {
    const quick = provider({ timeoutMs: 300, maxRetries: 2, retryDelayMs: 10 });
    fake.failNext({ delayMs: 3000 });
    const call = expectProviderError(quick.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x' }), 'timeout', 'Gemini');
    // The fake answers after 3000 ms: the call gave up before that answer came, whatever the machine's load.
    expect(await settlesBefore(call, 3000)).toBe(true);
    const error = await call;
    expect(error.message).toContain('300 ms');
    expect(fake.requests).toHaveLength(1);
  });

  it('a refused port and a dropped connection are network errors, not retried', async () => {
    const down = createGeminiProvider({ apiKey: fake.apiKey, baseUrl: await refusedUrl(), timeoutMs: 2000, retryDelayMs: 10 });
    const refused = await expectProviderError(down.refine({ text: 'a', instruction: 'b' }), 'network', 'Gemini');
    expect(refused.message).toContain('ECONNREFUSED');

    fake.failNext('disconnect');
    await expectProviderError(edit(provider({ maxRetries: 2, retryDelayMs: 10 })), 'network', 'Gemini');
    expect(fake.requests).toHaveLength(1);
  });

  it('a body that is not JSON, and an answer with nothing in it, are server errors', async () => {
    fake.failNext('malformed');
    expect((await expectProviderError(edit(), 'server', 'Gemini')).message).toContain('not JSON');
    fake.failNext('empty');
    expect((await expectProviderError(edit(), 'server', 'Gemini')).message).toContain('neither image nor text');
    fake.failNext('empty');
    expect((await expectProviderError(gemini.refine({ text: 'a', instruction: 'b' }), 'server', 'Gemini')).message).toContain('empty answer');
  });

  it("the caller's abort stops the call and is not a provider outage", async () => {
    fake.failNext({ delayMs: 3000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await expectProviderError(
      gemini.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x', signal: controller.signal }),
      'unknown',
      'Gemini',
    );
    expect(error.message).toContain('cancelled');
  });
});
