import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../../test-support/fake-ai/expect-provider-error.ts';
import { GEMINI_OUTPUT_COLOR, startFakeGemini, type FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import { refusedUrl, solidPng } from '../../test-support/fake-ai/http.ts';
import { geminiGenerateContentBody, jsonOf } from '../../test-support/fake-ai/request-bodies.ts';
import { makeJpeg, makePng } from '../../test-support/media.ts';
import { createGeminiProvider, GEMINI_DEFAULTS, variabilityToTemperature, type GeminiProvider } from './gemini.ts';
import { settlesBefore } from '../../test-support/timing.ts';

let fake: FakeGemini;
let gemini: GeminiProvider;
let source: Buffer;

beforeAll(async () => {
  fake = await startFakeGemini();
  gemini = createGeminiProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000 });
  source = await makePng(64, 48);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const last = () => fake.requests.at(-1)!;
/** The body of the last request, as Gemini's reference defines it. */
const sent = () => jsonOf(last(), geminiGenerateContentBody);

describe('Gemini image editing', () => {
  it('sends the image as inline_data, the prompt as text, TEXT+IMAGE modalities and the key header', async () => {
    await gemini.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Make the sky purple', variability: 5 });

    const request = last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v1beta/models/${GEMINI_DEFAULTS.imageModel}:generateContent`);
    expect(request.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(request.query.key).toBeUndefined();
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    const body = jsonOf(request, geminiGenerateContentBody);
    const parts = body.contents[0]!.parts;
    expect(parts).toHaveLength(2);
    expect(parts[0]!.inline_data!.mime_type).toBe('image/png');
    expect(Buffer.from(parts[0]!.inline_data!.data, 'base64').equals(source)).toBe(true);
    expect(parts[1]).toEqual({ text: 'Make the sky purple' });
    expect(body.generationConfig!.responseModalities).toEqual(['TEXT', 'IMAGE']);
    expect(body.generationConfig!.temperature).toBe(1);
    expect(body.generationConfig!.imageConfig).toBeUndefined();
  });

  it('reads the returned inline image and text into the result', async () => {
    fake.setImageText('Purple sky, as asked.');
    const result = await gemini.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Make the sky purple' });

    expect(result.provider).toBe('Gemini');
    expect(result.model).toBe(GEMINI_DEFAULTS.imageModel);
    expect(result.mime).toBe('image/png');
    expect(result.text).toBe('Purple sky, as asked.');
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([64, 48]);
    expect([data[0], data[1], data[2]]).toEqual([GEMINI_OUTPUT_COLOR.r, GEMINI_OUTPUT_COLOR.g, GEMINI_OUTPUT_COLOR.b]);
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
    expect(parts.map((p) => p.inline_data?.mime_type ?? 'text')).toEqual(['image/png', 'image/jpeg', 'image/png', 'text']);
    expect(Buffer.from(parts[1]!.inline_data!.data, 'base64').equals(second)).toBe(true);
    expect(Buffer.from(parts[2]!.inline_data!.data, 'base64').equals(mask)).toBe(true);
    expect(parts[3]!.text).toMatch(/^Put the logo on the shirt\n\n.*mask.*white/s);
    expect(sent().generationConfig!.imageConfig).toEqual({ aspectRatio: '16:9' });
    expect(sent().generationConfig!.temperature).toBe(0.2);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height]).toEqual([64, 36]);
  });

  it('leaves out an aspect ratio the model does not take', async () => {
    await gemini.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x', aspectRatio: '7:5' });
    expect(sent().generationConfig!.imageConfig).toBeUndefined();
  });

  it('maps variability 1…10 to temperature 0.2…2', () => {
    expect([1, 5, 10, 0, 12].map(variabilityToTemperature)).toEqual([0.2, 1, 2, 0.2, 2]);
  });
});

describe('Gemini text', () => {
  it('describes an image with the text model', async () => {
    fake.setText('A gradient from black to red.');
    const jpeg = await makeJpeg(30, 30);
    const result = await gemini.describe({ image: { data: jpeg, mime: 'image/jpeg' }, prompt: 'Write a caption' });

    expect(result).toEqual({ text: 'A gradient from black to red.', provider: 'Gemini' });
    expect(last().path).toBe(`/v1beta/models/${GEMINI_DEFAULTS.textModel}:generateContent`);
    const parts = sent().contents[0]!.parts;
    expect(Buffer.from(parts[0]!.inline_data!.data, 'base64').equals(jpeg)).toBe(true);
    expect(parts[0]!.inline_data!.mime_type).toBe('image/jpeg');
    expect(parts[1]!.text).toBe('Write a caption');
    expect(sent().generationConfig).toBeUndefined();
  });

  it('refines text with the instruction as the system instruction and the text as user content', async () => {
    fake.setText('Hi there, friends!');
    const result = await gemini.refine({ text: 'hi there friends', instruction: 'Fix punctuation' });

    expect(result).toEqual({ text: 'Hi there, friends!', provider: 'Gemini' });
    expect(sent().systemInstruction!.parts[0]!.text).toContain('Instruction: Fix punctuation');
    expect(sent().contents).toEqual([{ role: 'user', parts: [{ text: 'hi there friends' }] }]);
  });

  it('uses the models named in the settings', async () => {
    const custom = createGeminiProvider({ apiKey: fake.apiKey, baseUrl: fake.url, textModel: 'gemini-2.5-pro', imageModel: 'gemini-3-pro-image-preview' });
    await custom.refine({ text: 'a', instruction: 'b' });
    expect(last().path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
    await custom.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x' });
    expect(last().path).toBe('/v1beta/models/gemini-3-pro-image-preview:generateContent');
  });
});

describe('Gemini failures', () => {
  const edit = () => gemini.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'Edit it' });

  it('429 RESOURCE_EXHAUSTED is a rate limit with the quota message', async () => {
    fake.failNext('rate_limit');
    const error = await expectProviderError(edit(), 'rate_limit', 'Gemini');
    expect(error.status).toBe(429);
    expect(error.message).toContain('You exceeded your current quota');
    expect(error.message).toContain('RESOURCE_EXHAUSTED');
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

  it('a wrong key (400 API_KEY_INVALID) and a missing key (403) are authentication', async () => {
    const wrong = createGeminiProvider({ apiKey: 'not-the-key', baseUrl: fake.url });
    const error = await expectProviderError(wrong.describe({ image: { data: source, mime: 'image/png' }, prompt: 'x' }), 'authentication', 'Gemini');
    expect(error.status).toBe(400);
    expect(error.message).toContain('API key not valid');

    const missing = createGeminiProvider({ apiKey: '', baseUrl: fake.url });
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

  it('500 INTERNAL and 503 UNAVAILABLE are server errors', async () => {
    fake.failNext('server', 'unavailable');
    expect((await expectProviderError(edit(), 'server', 'Gemini')).message).toContain('An internal error has occurred');
    const overloaded = await expectProviderError(edit(), 'server', 'Gemini');
    expect(overloaded.status).toBe(503);
    expect(overloaded.message).toContain('overloaded');
  });

  it('an answer slower than timeoutMs is a timeout, and the call gives up on time', async () => {
    const quick = createGeminiProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 300 });
    fake.failNext({ delayMs: 3000 });
    const call = expectProviderError(quick.editImage({ images: [{ data: source, mime: 'image/png' }], prompt: 'x' }), 'timeout', 'Gemini');
    // The fake answers after 3000 ms: the call gave up before that answer came, whatever the machine's load.
    expect(await settlesBefore(call, 3000)).toBe(true);
    const error = await call;
    expect(error.message).toContain('300 ms');
    expect(fake.requests).toHaveLength(1);
  });

  it('a refused port and a dropped connection are network errors', async () => {
    const down = createGeminiProvider({ apiKey: fake.apiKey, baseUrl: await refusedUrl(), timeoutMs: 2000 });
    const refused = await expectProviderError(down.refine({ text: 'a', instruction: 'b' }), 'network', 'Gemini');
    expect(refused.message).toContain('ECONNREFUSED');

    fake.failNext('disconnect');
    await expectProviderError(edit(), 'network', 'Gemini');
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
