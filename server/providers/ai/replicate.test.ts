import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../../test-support/fake-ai/expect-provider-error.ts';
import { refusedUrl } from '../../test-support/fake-ai/http.ts';
import { REPLICATE_OUTPUT_COLOR, startFakeReplicate, type FakeReplicate } from '../../test-support/fake-ai/replicate.ts';
import { jsonOf, replicateCreateBody } from '../../test-support/fake-ai/request-bodies.ts';
import { makePng } from '../../test-support/media.ts';
import { createReplicateUpscaler, REPLICATE_DEFAULTS, type ReplicateSettings, type ReplicateUpscaler } from './replicate.ts';
import type { UpscaleRequest } from './types.ts';
import { settlesBefore } from '../../test-support/timing.ts';

let fake: FakeReplicate;
let replicate: ReplicateUpscaler;
let source: Buffer;

const fast = (extra: Partial<ReplicateSettings> = {}) =>
  createReplicateUpscaler({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000, pollIntervalMs: 10, maxPolls: 5, ...extra });

beforeAll(async () => {
  fake = await startFakeReplicate();
  replicate = fast();
  source = await makePng(64, 48);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.deliveryRequests.length = 0;
});

const upscale = (overrides: Partial<UpscaleRequest> = {}, upscaler = replicate) =>
  upscaler.upscale({ image: { data: source, mime: 'image/png' }, scale: 2, tier: 'standard', ...overrides });

describe('Replicate upscaling', () => {
  it('offers 2x and 4x, standard and high quality, creativity and sharpen, under the key "replicate"', () => {
    expect(replicate.name).toBe('replicate');
    expect(replicate.displayName).toBe('Replicate');
    expect(replicate.capabilities).toEqual({
      scale_factors: [2, 4],
      quality_tiers: ['standard', 'high_quality'],
      supports_creativity: true,
      supports_sharpen: true,
    });
  });

  it('creates a prediction with the version, the image as a data URL and the mapped inputs', async () => {
    await upscale({ prompt: 'masterpiece, sharp focus', creativity: 0.35, resemblance: 2.1, sharpen: 1.5 });

    const create = fake.requests[0]!;
    expect(create.method).toBe('POST');
    expect(create.path).toBe('/v1/predictions');
    expect(create.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(create.headers.prefer).toBe('wait=4');
    const body = jsonOf(create, replicateCreateBody);
    expect(body.version).toBe(REPLICATE_DEFAULTS.version);
    expect(body.input).toEqual({
      image: `data:image/png;base64,${source.toString('base64')}`,
      scale_factor: 2,
      num_inference_steps: 18,
      output_format: 'png',
      prompt: 'masterpiece, sharp focus',
      creativity: 0.35,
      resemblance: 2.1,
      sharpen: 1.5,
    });
  });

  it('downloads the output file without the token and returns the upscaled image', async () => {
    const result = await upscale();

    expect(fake.requests).toHaveLength(1);
    expect(fake.deliveryRequests).toHaveLength(1);
    expect(fake.deliveryRequests[0]!.path).toMatch(/^\/pbxt\/\w+\/output\.png$/);
    expect(fake.deliveryRequests[0]!.headers.authorization).toBeUndefined();
    expect(result).toMatchObject({ mime: 'image/png', provider: 'Replicate', model: REPLICATE_DEFAULTS.model });
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([128, 96]);
    expect([data[0], data[1], data[2]]).toEqual([REPLICATE_OUTPUT_COLOR.r, REPLICATE_OUTPUT_COLOR.g, REPLICATE_OUTPUT_COLOR.b]);
  });

  it('high quality at 4x runs more steps and leaves unset options to the model', async () => {
    const result = await upscale({ scale: 4, tier: 'high_quality' });
    const { input } = jsonOf(fake.requests[0]!, replicateCreateBody);
    expect(input.scale_factor).toBe(4);
    expect(input.num_inference_steps).toBe(30);
    expect(Object.keys(input)).not.toContain('prompt');
    expect(Object.keys(input)).not.toContain('sharpen');
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height]).toEqual([256, 192]);
  });

  it('polls GET /v1/predictions/{id} until the run succeeds', async () => {
    fake.planNext({ polls: 3 });
    const result = await upscale();

    const [create, ...polls] = fake.requests;
    expect(create!.path).toBe('/v1/predictions');
    const id = polls[0]!.path.split('/').pop()!;
    expect(polls.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill(`GET /v1/predictions/${id}`));
    expect(polls.every((r) => r.headers.authorization === `Bearer ${fake.apiKey}`)).toBe(true);
    expect(fake.prediction(id)!.status).toBe('succeeded');
    expect((await sharp(result.data).metadata()).width).toBe(128);
  });

  it('runs an official model through /v1/models/{owner}/{name}/predictions without a version', async () => {
    const official = fast({ model: 'nightmareai/real-esrgan' });
    const result = await upscale({}, official);
    expect(fake.requests[0]!.path).toBe('/v1/models/nightmareai/real-esrgan/predictions');
    expect(jsonOf(fake.requests[0]!, replicateCreateBody).version).toBeUndefined();
    expect(result.model).toBe('nightmareai/real-esrgan');
  });

  it('refuses a tier or scale it does not offer, without calling Replicate', async () => {
    await expectProviderError(upscale({ tier: 'fast' }), 'unknown', 'Replicate');
    await expectProviderError(upscale({ scale: 3 }), 'unknown', 'Replicate');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Replicate prediction outcomes', () => {
  it('a failed prediction carries its error; out of memory is a server error, NSFW is content policy', async () => {
    fake.planNext(
      { polls: 1, outcome: 'failed', error: 'CUDA out of memory. Tried to allocate 2.00 GiB' },
      { outcome: 'failed', error: 'NSFW content detected in the output image' },
    );
    expect((await expectProviderError(upscale(), 'server', 'Replicate')).message).toContain('CUDA out of memory');
    expect((await expectProviderError(upscale(), 'content_policy', 'Replicate')).message).toContain('NSFW');
    expect(fake.deliveryRequests).toHaveLength(0);
  });

  it('a canceled prediction fails', async () => {
    fake.planNext({ polls: 1, outcome: 'canceled' });
    expect((await expectProviderError(upscale(), 'unknown', 'Replicate')).message).toContain('canceled');
  });

  it('gives up after maxPolls, cancels the prediction and reports a timeout', async () => {
    fake.planNext({ outcome: 'never' });
    const error = await expectProviderError(upscale(), 'timeout', 'Replicate');
    expect(error.message).toContain('after 5 polls');
    const gets = fake.requests.filter((r) => r.method === 'GET');
    expect(gets).toHaveLength(5);
    const cancel = fake.requests.at(-1)!;
    expect(cancel.method).toBe('POST');
    expect(cancel.path).toMatch(/^\/v1\/predictions\/\w+\/cancel$/);
    expect(fake.prediction(cancel.path.split('/')[3]!)!.status).toBe('canceled');
  });

  it("the caller's abort while polling cancels the prediction", async () => {
    fake.planNext({ outcome: 'never' });
    const slow = fast({ pollIntervalMs: 50, maxPolls: 100 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 120);
    const error = await expectProviderError(upscale({ signal: controller.signal }, slow), 'unknown', 'Replicate');
    expect(error.message).toContain('cancelled');
    expect(fake.requests.at(-1)!.path).toMatch(/\/cancel$/);
  });

  it('an output file that cannot be downloaded is a server error naming the status', async () => {
    fake.planNext({ outputMissing: true });
    const error = await expectProviderError(upscale(), 'server', 'Replicate');
    expect(error.status).toBe(404);
    expect(error.message).toContain('could not be downloaded (HTTP 404)');
  });
});

describe('Replicate failures', () => {
  it('429 is a rate limit with the throttle detail', async () => {
    fake.failNext('rate_limit');
    const error = await expectProviderError(upscale(), 'rate_limit', 'Replicate');
    expect(error.status).toBe(429);
    expect(error.message).toContain('Your rate limit resets in ~30s');
  });

  it('a wrong token is authentication (401 Unauthenticated)', async () => {
    const wrong = fast({ apiKey: 'r8_wrong' });
    const error = await expectProviderError(upscale({}, wrong), 'authentication', 'Replicate');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Unauthenticated: You did not pass a valid authentication token');
  });

  it('413 is file too large, 500 a server error, 422 keeps the validation detail', async () => {
    fake.failNext('too_large', 'server', 'invalid_input');
    expect((await expectProviderError(upscale(), 'file_too_large', 'Replicate')).status).toBe(413);
    expect((await expectProviderError(upscale(), 'server', 'Replicate')).status).toBe(500);
    const invalid = await expectProviderError(upscale(), 'unknown', 'Replicate');
    expect(invalid.status).toBe(422);
    expect(invalid.message).toContain('input.scale_factor');
  });

  it('a slow answer is a timeout', async () => {
    const quick = fast({ timeoutMs: 300 });
    fake.failNext({ delayMs: 3000 });
    const call = expectProviderError(upscale({}, quick), 'timeout', 'Replicate');
    // The fake answers after 3000 ms: the call gave up before that answer came, whatever the machine's load.
    expect(await settlesBefore(call, 3000)).toBe(true);
    await call;
  });

  it('a refused port and a dropped connection are network errors', async () => {
    const down = fast({ baseUrl: await refusedUrl() });
    expect((await expectProviderError(upscale({}, down), 'network', 'Replicate')).message).toContain('ECONNREFUSED');
    fake.failNext('disconnect');
    await expectProviderError(upscale(), 'network', 'Replicate');
  });

  it('a body that is not JSON or not a prediction is a server error', async () => {
    fake.failNext('malformed', 'empty');
    expect((await expectProviderError(upscale(), 'server', 'Replicate')).message).toContain('not JSON');
    expect((await expectProviderError(upscale(), 'server', 'Replicate')).message).toContain('not a prediction');
  });
});
