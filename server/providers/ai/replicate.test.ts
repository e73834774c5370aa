import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../../test-support/fake-ai/expect-provider-error.ts';
import { refusedUrl, type RecordedAiRequest } from '../../test-support/fake-ai/http.ts';
import {
  FAKE_REAL_ESRGAN_VERSION,
  REPLICATE_OUTPUT_COLOR,
  startFakeReplicate,
  type FakeReplicate,
  type FakeReplicateAnswer,
} from '../../test-support/fake-ai/replicate.ts';
import { jsonOf, replicateCreateBody } from '../../test-support/fake-ai/request-bodies.ts';
import { makePng } from '../../test-support/media.ts';
import { validator } from '../../test-support/provider-schemas/validate.ts';
import { settlesBefore } from '../../test-support/timing.ts';
import {
  createReplicateUpscaler,
  REPLICATE_DEFAULTS,
  REPLICATE_HARDWARE_USD_PER_SECOND,
  type ReplicateSettings,
  type ReplicateUpscaler,
} from './replicate.ts';
import type { UpscaleRequest } from './types.ts';

let fake: FakeReplicate;
let replicate: ReplicateUpscaler;
let source: Buffer;
let notices: string[] = [];

const fast = (extra: Partial<ReplicateSettings> = {}) =>
  createReplicateUpscaler({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    timeoutMs: 5000,
    pollIntervalMs: 10,
    maxPolls: 5,
    retryDelayMs: 1,
    onNotice: (message) => notices.push(message),
    ...extra,
  });

beforeAll(async () => {
  fake = await startFakeReplicate();
  replicate = fast();
  source = await makePng(64, 48);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.answers.length = 0;
  fake.deliveryRequests.length = 0;
  notices = [];
});

const upscale = (overrides: Partial<UpscaleRequest> = {}, upscaler = replicate) =>
  upscaler.upscale({ image: { data: source, mime: 'image/png' }, scale: 2, tier: 'standard', ...overrides });

const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));

// ------------------------------------------------------------------------------------------------------------
// Held to Replicate's published OpenAPI document (provider-schemas/replicate.json).

const schema = validator('replicate');

/** The checks of one request the adapter sent: its body (JSON or multipart) and its Prefer header. */
function requestChecks(r: RecordedAiRequest): Array<[string, unknown]> {
  const checks: Array<[string, unknown]> = [];
  if (r.method === 'POST' && r.path === '/v1/predictions') checks.push(['schemas_version_prediction_request', r.json]);
  if (r.method === 'POST' && /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(r.path)) checks.push(['schemas_prediction_request', r.json]);
  if (r.method === 'POST' && r.path === '/v1/files') {
    const form: Record<string, unknown> = Object.fromEntries(Object.entries(r.fields).map(([k, v]) => [k, v[0]]));
    for (const [name, [file]] of Object.entries(r.files)) {
      form[name] = name === 'metadata' ? JSON.parse(file!.data.toString('utf8')) : `<${file!.data.length} bytes>`;
    }
    checks.push(['files_create_request', form]);
  }
  if (r.headers.prefer !== undefined) checks.push(['prefer_header', r.headers.prefer]);
  return checks;
}

/** The schema of one answer of the fake (none for a 204 or an answer broken on purpose). */
function answerSchema(a: FakeReplicateAnswer): string | undefined {
  if (a.injected === 'malformed' || a.injected === 'empty' || a.injected === 'disconnect' || a.status === 204) return undefined;
  if (a.status >= 400) return 'replicate_problem';
  if (/^\/v1\/(predictions|models\/[^/]+\/[^/]+\/predictions)$/.test(a.path) || /^\/v1\/predictions\/[^/]+(\/cancel)?$/.test(a.path)) {
    return 'schemas_prediction_response';
  }
  if (/^\/v1\/files(\/[^/]+)?$/.test(a.path)) return 'schemas_file_response';
  if (/^\/v1\/models\/[^/]+\/[^/]+$/.test(a.path)) return 'schemas_model_response';
  return 'an answer this test does not know';
}

afterEach(() => {
  const failures: string[] = [];
  for (const r of fake.requests) {
    for (const [name, value] of requestChecks(r)) {
      const check = schema(name)(value);
      if (!check.ok) failures.push(`${r.method} ${r.path} (${name}): ${check.errors.join('; ')}`);
    }
  }
  for (const a of fake.answers) {
    const name = answerSchema(a);
    if (!name) continue;
    const check = schema(name)(a.body);
    if (!check.ok) failures.push(`answer ${a.status} to ${a.method} ${a.path} (${name}): ${check.errors.join('; ')}`);
  }
  expect(failures).toEqual([]);
});

describe('the check against the published document', () => {
  it('fails on bodies the document does not allow', () => {
    // The models route takes no version (additionalProperties: false): what the old adapter would have sent.
    expect(schema('schemas_prediction_request')({ version: REPLICATE_DEFAULTS.version, input: { image: 'data:,' } }).ok).toBe(false);
    expect(schema('schemas_version_prediction_request')({ input: { image: 'data:,' } }).ok).toBe(false);
    expect(schema('schemas_prediction_response')({}).ok).toBe(false);
    const prediction = {
      id: 'x',
      model: 'a/b',
      version: 'v',
      input: {},
      output: null,
      data_removed: false,
      error: null,
      status: 'finished',
      created_at: '2026-01-01T00:00:00Z',
      urls: { get: 'https://x/1', cancel: 'https://x/1/cancel', web: 'https://x' },
    };
    const wrongStatus = schema('schemas_prediction_response')(prediction);
    expect(wrongStatus.ok).toBe(false);
    expect(wrongStatus.errors.join()).toContain('/status');
    expect(schema('schemas_prediction_response')({ ...prediction, status: 'aborted' }).ok).toBe(true);
    expect(schema('schemas_prediction_response')({ ...prediction, status: 'aborted', version: 'hidden' }).ok).toBe(true);
    expect(schema('schemas_prediction_response')({ ...prediction, status: 'aborted', version: 7 }).ok).toBe(false);
    expect(schema('schemas_file_response')({ id: 'f', urls: { get: 'https://x/f' } }).ok).toBe(false);
    expect(schema('prefer_header')('wait=61').ok).toBe(true); // the document's pattern allows 10…99; Replicate's maximum is 60
    expect(schema('prefer_header')('wait=0').ok).toBe(false);
    expect(schema('replicate_problem')({ error: 'nope' }).ok).toBe(false);
  });
});

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

  it('creates a prediction with the pinned version, the image as a data URL and the mapped inputs', async () => {
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
    expect(notices).toEqual([]);
  });

  it('downloads the output file without the token and returns the upscaled image with its cost', async () => {
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

  it('prices the run from metrics.predict_time at the A100 (80GB) rate', async () => {
    expect(REPLICATE_HARDWARE_USD_PER_SECOND[REPLICATE_DEFAULTS.hardware]).toBe(0.0014);
    fake.planNext({ predictTime: 12.5 });
    const result = await upscale();
    expect(result.usage).toEqual({ predict_time_seconds: 12.5 });
    expect(result.costUsd).toBeCloseTo(12.5 * 0.0014, 9);
    const t4 = await upscale({}, fast({ hardware: 'gpu-t4' }));
    expect(t4.costUsd).toBeCloseTo(4.2 * 0.000225, 9);
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

  it('polls GET /v1/predictions/{id} until the run succeeds, telling the progress from its logs', async () => {
    fake.planNext({ polls: 3 });
    const progress: number[] = [];
    const result = await upscale({ onProgress: (fraction) => progress.push(fraction) });

    const [create, ...polls] = fake.requests;
    expect(create!.path).toBe('/v1/predictions');
    const id = polls[0]!.path.split('/').pop()!;
    expect(polls.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill(`GET /v1/predictions/${id}`));
    expect(polls.every((r) => r.headers.authorization === `Bearer ${fake.apiKey}`)).toBe(true);
    expect(fake.prediction(id)!.status).toBe('succeeded');
    expect((await sharp(result.data).metadata()).width).toBe(128);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('refuses a tier or scale it does not offer, without calling Replicate', async () => {
    await expectProviderError(upscale({ tier: 'fast' }), 'unknown', 'Replicate');
    await expectProviderError(upscale({ scale: 3 }), 'unknown', 'Replicate');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Replicate models and versions', () => {
  it('a community model set without a version runs its latest version on /v1/predictions, looked up once, with a notice to pin it', async () => {
    const esrgan = fast({ model: 'nightmareai/real-esrgan' });
    const result = await upscale({}, esrgan);
    await upscale({}, esrgan);

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/models/nightmareai/real-esrgan',
      'POST /v1/predictions',
      'POST /v1/predictions',
    ]);
    expect(jsonOf(creates()[0]!, replicateCreateBody).version).toBe(FAKE_REAL_ESRGAN_VERSION);
    expect(result.model).toBe('nightmareai/real-esrgan');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`REPLICATE_UPSCALE_VERSION=${FAKE_REAL_ESRGAN_VERSION}`);
  });

  it('an official model runs through /v1/models/{owner}/{name}/predictions without a version', async () => {
    const official = fast({ model: 'topazlabs/image-upscale' });
    const result = await upscale({}, official);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/models/topazlabs/image-upscale',
      'POST /v1/models/topazlabs/image-upscale/predictions',
    ]);
    expect(jsonOf(creates()[0]!, replicateCreateBody).version).toBeUndefined();
    expect(result.model).toBe('topazlabs/image-upscale');
    expect(notices).toEqual([]);
  });

  it('the models route refuses a community model (404), which names REPLICATE_UPSCALE_MODEL', async () => {
    const error = await expectProviderError(upscale({}, fast({ model: 'nightmareai/real-esrgan', version: null })), 'unavailable', 'Replicate');
    expect(error.status).toBe(404);
    expect(error.fix).toMatchObject({ setting: 'REPLICATE_UPSCALE_MODEL', model: 'nightmareai/real-esrgan' });
    expect(error.fix!.reason).toContain('official');
  });

  it('a model Replicate does not have is unavailable, naming REPLICATE_UPSCALE_MODEL; the look-up is tried again next time', async () => {
    const missing = fast({ model: 'nobody/no-such-upscaler' });
    const error = await expectProviderError(upscale({}, missing), 'unavailable', 'Replicate');
    expect(error.status).toBe(404);
    expect(error.fix).toEqual({ setting: 'REPLICATE_UPSCALE_MODEL', model: 'nobody/no-such-upscaler', reason: 'Replicate has no model nobody/no-such-upscaler' });
    await expectProviderError(upscale({}, missing), 'unavailable', 'Replicate');
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('a version Replicate does not have (422 "Invalid version or not permitted") is unavailable, naming REPLICATE_UPSCALE_VERSION', async () => {
    const gone = 'a'.repeat(64);
    const error = await expectProviderError(upscale({}, fast({ version: gone })), 'unavailable', 'Replicate');
    expect(error.status).toBe(422);
    expect(error.message).toContain('Invalid version or not permitted');
    expect(error.fix).toMatchObject({ setting: 'REPLICATE_UPSCALE_VERSION', model: gone });
  });
});

describe('Replicate inputs', () => {
  it('an image of 1 MB or more goes through the Files API and the prediction gets its urls.get; the file is deleted after', async () => {
    const big = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThanOrEqual(1024 * 1024);

    const result = await upscale({ image: { data: big, mime: 'image/png' } });

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/files', 'POST /v1/predictions', expect.stringMatching(/^DELETE \/v1\/files\/\w+$/)]);
    const upload = fake.requests[0]!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    const [content] = upload.files.content!;
    expect(content!.data.equals(big)).toBe(true);
    expect(content!.type).toBe('image/png');
    const fileUrl = (fake.answers[0]!.body as { urls: { get: string } }).urls.get;
    expect(jsonOf(creates()[0]!, replicateCreateBody).input.image).toBe(fileUrl);
    expect(fake.uploads.size).toBe(0);
    expect((await sharp(result.data).metadata()).width).toBe(1400);
  });

  it('a small image stays a data URL (threshold configurable)', async () => {
    await upscale({}, fast({ uploadThresholdBytes: source.length }));
    expect(jsonOf(creates()[0]!, replicateCreateBody).input.image).toMatch(/^data:image\/png;base64,/);
    fake.requests.length = 0;
    await upscale({}, fast({ uploadThresholdBytes: source.length - 1 }));
    expect(fake.requests[0]!.path).toBe('/v1/files');
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

  it('an aborted prediction ends at once as a server failure (Replicate stopped it before it ran)', async () => {
    fake.planNext({ polls: 1, outcome: 'aborted' });
    const error = await expectProviderError(upscale(), 'server', 'Replicate');
    expect(error.message).toContain('aborted');
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect(fake.requests.some((r) => r.path.endsWith('/cancel'))).toBe(false);
    expect(fake.deliveryRequests).toHaveLength(0);
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
  it('429 is a rate limit carrying Retry-After; a wait longer than maxRetryWaitMs is not waited (one request)', async () => {
    fake.failNext('rate_limit');
    const error = await expectProviderError(upscale(), 'rate_limit', 'Replicate');
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(30);
    expect(error.message).toContain('Your rate limit resets in ~30s');
    expect(fake.requests).toHaveLength(1);
  });

  it('429 with a short Retry-After is retried after it, even for the create (Replicate created nothing)', async () => {
    fake.failNext({ retryAfterSeconds: 0 }, { retryAfterSeconds: 0 });
    await upscale();
    expect(creates()).toHaveLength(3);
    expect(fake.answers.map((a) => a.status)).toEqual([429, 429, 201]);
  });

  it('429 beyond maxRetries fails with retryAfterSeconds', async () => {
    fake.failNext({ retryAfterSeconds: 0 }, { retryAfterSeconds: 0 }, { retryAfterSeconds: 0 });
    const error = await expectProviderError(upscale(), 'rate_limit', 'Replicate');
    expect(error.retryAfterSeconds).toBe(0);
    expect(creates()).toHaveLength(3); // 1 + maxRetries (2), not the SDK's own 6
  });

  it('a 500 while polling is retried; a 500 or a dropped connection on the create is not (no second prediction)', async () => {
    fake.planNext({ polls: 2, failPolls: 1 });
    await upscale();
    expect(creates()).toHaveLength(1);
    expect(fake.answers.map((a) => a.status)).toEqual([201, 500, 200, 200]);

    fake.requests.length = 0;
    fake.failNext('server');
    expect((await expectProviderError(upscale(), 'server', 'Replicate')).status).toBe(500);
    expect(creates()).toHaveLength(1);

    fake.requests.length = 0;
    fake.failNext('disconnect');
    await expectProviderError(upscale(), 'network', 'Replicate');
    expect(creates()).toHaveLength(1);
  });

  it('402 (insufficient credit) is unavailable, naming REPLICATE_API_TOKEN and billing', async () => {
    fake.failNext('payment_required');
    const error = await expectProviderError(upscale(), 'unavailable', 'Replicate');
    expect(error.status).toBe(402);
    expect(error.message).toContain('insufficient credit');
    expect(error.fix).toEqual({ setting: 'REPLICATE_API_TOKEN', reason: 'the account is out of credit (billing)' });
  });

  it('a wrong token is authentication (401 Unauthenticated), naming REPLICATE_API_TOKEN', async () => {
    const wrong = fast({ apiKey: 'r8_wrong' });
    const error = await expectProviderError(upscale({}, wrong), 'authentication', 'Replicate');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Unauthenticated: You did not pass a valid authentication token');
    expect(error.fix?.setting).toBe('REPLICATE_API_TOKEN');
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
    expect(creates()).toHaveLength(1);
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
