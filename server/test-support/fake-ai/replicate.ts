import { createHash } from 'node:crypto';
import {
  commonFailureAnswer,
  delayOf,
  imageSize,
  solidPng,
  startFakeHttp,
  type CommonFailure,
  type FakeAnswer,
  type RecordedAiRequest,
} from './http.ts';
import { validator } from '../provider-schemas/validate.ts';
import { replicateCreateBody, type ReplicateInput } from './request-bodies.ts';

/**
 * A fake Replicate API on a loopback port (`Authorization: Bearer r8_…`), plus a second server standing
 * in for replicate.delivery where output files live (another origin, as in production).
 *
 * Held to Replicate's published OpenAPI document (provider-schemas/replicate.json): a create body that does not
 * validate against its schema is refused with 422, as Replicate refuses it, and every answer is kept in `answers` so
 * tests check it against the document too.
 *
 * - `POST /v1/predictions` `{ version, input }` (a version of a model in the catalogue, else 422 "Invalid version or
 *   not permitted") and `POST /v1/models/{owner}/{name}/predictions` `{ input }` (official models only: a community
 *   model answers 404 there, as on Replicate) → 201 with a prediction `{ id, model, version, input, logs, output,
 *   data_removed, error, status, created_at, urls: { cancel, get, stream, web } }`. With `Prefer: wait` and a run
 *   planned to need no polls, it answers already finished.
 * - `GET /v1/predictions/{id}` → the prediction; each GET moves a planned run one step on (tqdm-style logs).
 * - `POST /v1/predictions/{id}/cancel` → canceled.
 * - `GET /v1/models/{owner}/{name}` → the model with `is_official` and `latest_version` (404 when not in the catalogue).
 * - `POST /v1/files` (multipart `content`) → the file object, its `urls.get` usable as a prediction input;
 *   `GET` and `DELETE /v1/files/{id}`.
 * The output is `[deliveryUrl]`, a PNG `scale_factor` times the input's size. Errors are
 * `{ title, detail, status }` (application/problem+json).
 */

export type ReplicateFailure =
  | CommonFailure
  | 'invalid_input'
  /** 402 "Insufficient credit" (a billing stop). */
  | 'payment_required'
  /** 429 with this Retry-After. */
  | { retryAfterSeconds: number };

export interface PlannedRun {
  /** GETs answered still processing before the run ends (0: done within Prefer: wait). */
  polls?: number;
  outcome?: 'succeeded' | 'failed' | 'canceled' | 'aborted' | 'never';
  /** prediction.error for a failed run. */
  error?: string;
  /** The output URL answers 404. */
  outputMissing?: boolean;
  /** metrics.predict_time of the finished run (default 4.2 s). */
  predictTime?: number;
  /** The first this many polls of the run answer 500 (the run goes on). */
  failPolls?: number;
}

/** A model the fake knows: official ones run through the models route, the others by version. */
export interface FakeReplicateModel {
  official?: boolean;
  /** Version ids, newest first (an official model may have none). */
  versions: string[];
}

export interface FakeReplicateOptions {
  apiKey?: string;
  /** The version id of philz1337x/clarity-upscaler accepted by POST /v1/predictions (default: its pinned one). */
  version?: string;
  /** More models by owner/name (added to clarity-upscaler, nightmareai/real-esrgan and the official topazlabs/image-upscale). */
  models?: Record<string, FakeReplicateModel>;
}

/** real-esrgan's version in the fake's catalogue (a community model). */
export const FAKE_REAL_ESRGAN_VERSION = 'f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa';

/** One answer of the API server, as sent (for checks against the published document). */
export interface FakeReplicateAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
  /** The failure that was injected for it ('malformed', 'empty', …), if any. */
  injected?: string;
}

type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';

/** A prediction as the API answers it. */
interface Prediction {
  id: string;
  model: string;
  version: string;
  input: ReplicateInput;
  logs: string;
  output: string[] | null;
  data_removed: boolean;
  error: string | null;
  status: PredictionStatus;
  source: 'api';
  created_at: string;
  started_at?: string;
  completed_at?: string;
  metrics?: { predict_time: number; total_time: number };
  urls: { cancel: string; get: string; stream: string; web: string };
}

interface StoredPrediction {
  body: Prediction;
  plan: Required<Omit<PlannedRun, 'error' | 'predictTime' | 'failPolls'>> & { error?: string; predictTime: number; failPolls: number };
  gets: number;
  filePath: string;
}

export const REPLICATE_OUTPUT_COLOR = { r: 240, g: 200, b: 30 };

function problem(status: number, title: string, detail: string, extra: Record<string, unknown> = {}) {
  return { title, detail, status, ...extra };
}

const PROBLEM = { 'Content-Type': 'application/problem+json' };
const NOT_FOUND: FakeAnswer = { status: 404, headers: PROBLEM, body: { detail: 'The requested resource could not be found.', status: 404 } };

const schemas = validator('replicate');
const versionRequest = schemas('schemas_version_prediction_request');
const modelRequest = schemas('schemas_prediction_request');

export async function startFakeReplicate(options: FakeReplicateOptions = {}) {
  const apiKey = options.apiKey ?? 'r8_test_replicate_token';
  const version = options.version ?? 'dfad41707589d68ecdccd1dfa600d55a208f9310748e44bfe35b4a6291453d5e';
  const models: Record<string, FakeReplicateModel> = {
    'philz1337x/clarity-upscaler': { versions: [version] },
    'nightmareai/real-esrgan': { versions: [FAKE_REAL_ESRGAN_VERSION] },
    'topazlabs/image-upscale': { official: true, versions: [] },
    ...options.models,
  };
  const failures: ReplicateFailure[] = [];
  const plans: PlannedRun[] = [];
  const predictions = new Map<string, StoredPrediction>();
  const files = new Map<string, Buffer>();
  const uploads = new Map<string, { body: Record<string, unknown>; data: Buffer }>();
  const answers: FakeReplicateAnswer[] = [];
  let counter = 0;

  const delivery = await startFakeHttp((request) => {
    const data = request.method === 'GET' ? files.get(request.path) : undefined;
    if (!data) return { status: 404, body: 'Not Found' };
    return { status: 200, body: data, headers: { 'Content-Type': 'image/png' } };
  });

  let apiOrigin = '';

  async function answer(request: RecordedAiRequest, origin: string): Promise<FakeAnswer> {
    apiOrigin = origin;
    const result = await respond(request);
    answers.push({ method: request.method, path: request.path, status: result.answer.status, body: result.answer.body, injected: result.injected });
    return result.answer;
  }

  async function respond(request: RecordedAiRequest): Promise<{ answer: FakeAnswer; injected?: string }> {
    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (key !== apiKey) {
      return { answer: { status: 401, headers: PROBLEM, body: problem(401, 'Unauthenticated', 'You did not pass a valid authentication token') } };
    }
    const failure = failures.shift();
    if (failure !== undefined && typeof failure === 'object' && 'retryAfterSeconds' in failure) {
      return { answer: rateLimited(failure.retryAfterSeconds), injected: 'rate_limit' };
    }
    if (failure !== undefined && typeof failure !== 'object') {
      const special = failureAnswer(failure);
      if (special) return { answer: special, injected: failure };
    }
    const delayMs = delayOf(failure);
    return { answer: { ...(await route(request)), delayMs } };
  }

  async function route(request: RecordedAiRequest): Promise<FakeAnswer> {
    const modelRoute = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(request.path);
    if (request.method === 'POST' && (request.path === '/v1/predictions' || modelRoute)) {
      const check = (modelRoute ? modelRequest : versionRequest)(request.json);
      if (!check.ok) {
        const detail = check.errors.map((e) => `- ${e}`).join('\n');
        return { status: 422, headers: PROBLEM, body: problem(422, 'Input validation failed', detail) };
      }
      if (modelRoute) {
        const name = `${modelRoute[1]}/${modelRoute[2]}`;
        // Replicate runs only official models by name; any other answers 404 there.
        if (!models[name]?.official) return NOT_FOUND;
        return create(request.json, name, 'hidden', request.headers.prefer as string | undefined);
      }
      const sentVersion = (request.json as { version: string }).version;
      const id = sentVersion.includes(':') ? sentVersion.split(':')[1]! : sentVersion;
      const owner = Object.entries(models).find(([, m]) => !m.official && m.versions.includes(id))?.[0];
      if (!owner) {
        return {
          status: 422,
          headers: PROBLEM,
          body: problem(422, 'Invalid version or not permitted', "The specified version does not exist (or perhaps you don't have permission to use it?)"),
        };
      }
      return create(request.json, owner, id, request.headers.prefer as string | undefined);
    }
    const model = /^\/v1\/models\/([^/]+)\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && model) {
      const name = `${model[1]}/${model[2]}`;
      const found = models[name];
      if (!found) return NOT_FOUND;
      const latest = found.versions[0];
      return {
        status: 200,
        body: {
          url: `https://replicate.com/${name}`,
          owner: model[1],
          name: model[2],
          description: 'A fake upscaler',
          visibility: 'public',
          is_official: found.official === true,
          github_url: null,
          paper_url: null,
          license_url: null,
          run_count: 1234,
          cover_image_url: null,
          default_example: null,
          latest_version: latest ? { id: latest, created_at: '2024-03-01T12:00:00.000000Z', cog_version: '0.9.4', openapi_schema: {} } : null,
        },
      };
    }
    if (request.method === 'POST' && request.path === '/v1/files') return upload(request);
    const file = /^\/v1\/files\/([^/]+)$/.exec(request.path);
    if (file && (request.method === 'GET' || request.method === 'DELETE')) {
      const stored = uploads.get(file[1]!);
      if (!stored) return NOT_FOUND;
      if (request.method === 'GET') return { status: 200, body: stored.body };
      uploads.delete(file[1]!);
      return { status: 204 };
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && get) {
      const stored = predictions.get(get[1]!);
      if (!stored) return NOT_FOUND;
      if (stored.plan.failPolls > 0) {
        stored.plan.failPolls--;
        return { status: 500, headers: PROBLEM, body: problem(500, 'Internal Server Error', 'Something went wrong on our end. Please try again later.') };
      }
      stored.gets++;
      if (!terminal(stored.body.status)) {
        stored.body.status = 'processing';
        stored.body.started_at ??= new Date().toISOString();
        const total = Math.max(stored.plan.polls, 1);
        const step = Math.min(stored.gets, total);
        stored.body.logs = `${Math.round((100 * step) / total)}%|${'█'.repeat(step)}${' '.repeat(total - step)}| ${step}/${total} [00:0${step}<00:00,  1.00it/s]\n`;
        if (stored.plan.outcome !== 'never' && stored.gets >= stored.plan.polls) finish(stored);
      }
      return { status: 200, body: stored.body };
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(request.path);
    if (request.method === 'POST' && cancel) {
      const stored = predictions.get(cancel[1]!);
      if (!stored) return NOT_FOUND;
      if (!terminal(stored.body.status)) {
        stored.body.status = 'canceled';
        stored.body.completed_at = new Date().toISOString();
      }
      return { status: 200, body: stored.body };
    }
    return NOT_FOUND;
  }

  function upload(request: RecordedAiRequest): FakeAnswer {
    const content = request.files.content?.[0];
    if (!content) return { status: 400, headers: PROBLEM, body: problem(400, 'Bad request', 'content is required') };
    if (content.data.length > 100 * 1024 * 1024) {
      return { status: 413, headers: PROBLEM, body: problem(413, 'Payload Too Large', 'Files must be less than 100MB in size') };
    }
    const metadataPart = request.files.metadata?.[0]?.data.toString('utf8') ?? request.fields.metadata?.[0];
    const id = `file${(++counter).toString(36).padStart(4, '0')}${Math.random().toString(36).slice(2, 14)}`;
    const created = new Date();
    const body = {
      id,
      content_type: content.type || 'application/octet-stream',
      size: content.data.length,
      checksums: { sha256: createHash('sha256').update(content.data).digest('hex') },
      metadata: metadataPart ? (JSON.parse(metadataPart) as Record<string, unknown>) : {},
      created_at: created.toISOString(),
      expires_at: new Date(created.getTime() + 24 * 3600 * 1000).toISOString(),
      urls: { get: `${apiOrigin}/v1/files/${id}` },
    };
    uploads.set(id, { body, data: content.data });
    return { status: 201, body };
  }

  /** The bytes of an image input: a data URL, or the URL of a file uploaded here. */
  function inputBytes(image: string): Buffer {
    if (image.startsWith('data:')) return Buffer.from(image.slice(image.indexOf(',') + 1), 'base64');
    const id = /\/v1\/files\/([^/]+)$/.exec(image)?.[1];
    return (id && uploads.get(id)?.data) || Buffer.alloc(0);
  }

  async function create(json: unknown, model: string, modelVersion: string, prefer: string | undefined): Promise<FakeAnswer> {
    const body = replicateCreateBody.safeParse(json);
    if (!body.success) {
      return {
        status: 422,
        headers: PROBLEM,
        body: problem(422, 'Input validation failed', '- input: image is required', {
          invalid_fields: [{ type: 'required', field: 'input', description: 'image is required' }],
        }),
      };
    }
    const id = `fake${(++counter).toString(36).padStart(4, '0')}${Math.random().toString(36).slice(2, 14)}`;
    const planned = plans.shift() ?? {};
    const plan: StoredPrediction['plan'] = {
      polls: planned.polls ?? 0,
      outcome: planned.outcome ?? 'succeeded',
      outputMissing: planned.outputMissing ?? false,
      error: planned.error,
      predictTime: planned.predictTime ?? 4.2,
      failPolls: planned.failPolls ?? 0,
    };

    const { input } = body.data;
    const size = await imageSize(inputBytes(input.image));
    const scale = Number(input.scale_factor ?? 2);
    const filePath = `/pbxt/${id}/output.png`;
    if (!plan.outputMissing) files.set(filePath, await solidPng((size?.width ?? 16) * scale, (size?.height ?? 16) * scale, REPLICATE_OUTPUT_COLOR));

    const stored: StoredPrediction = {
      plan,
      gets: 0,
      filePath,
      body: {
        id,
        model,
        version: modelVersion,
        input,
        logs: '',
        output: null,
        data_removed: false,
        error: null,
        status: 'starting',
        source: 'api',
        created_at: new Date().toISOString(),
        urls: {
          cancel: `${apiOrigin}/v1/predictions/${id}/cancel`,
          get: `${apiOrigin}/v1/predictions/${id}`,
          stream: `${delivery.origin}/stream/${id}`,
          web: `https://replicate.com/p/${id}`,
        },
      },
    };
    predictions.set(id, stored);
    if (prefer?.startsWith('wait') && plan.polls === 0 && plan.outcome !== 'never') finish(stored);
    return { status: 201, body: stored.body };
  }

  function finish(stored: StoredPrediction) {
    const { outcome } = stored.plan;
    if (outcome === 'never') return; // callers do not finish such a run; this only narrows the status
    const body = stored.body;
    body.status = outcome;
    body.completed_at = new Date().toISOString();
    if (outcome === 'aborted') return; // ended before it started: no run, no metrics
    body.started_at ??= body.created_at;
    body.metrics = { predict_time: stored.plan.predictTime, total_time: Math.round((stored.plan.predictTime + 0.7) * 1000) / 1000 };
    if (outcome === 'succeeded') {
      body.output = [`${delivery.origin}${stored.filePath}`];
      body.logs = `${body.logs}100%|██████████| 18/18 [00:04<00:00,  4.29it/s]\n`;
    }
    if (outcome === 'failed') body.error = stored.plan.error ?? 'Prediction failed for an unknown reason. It might have run out of memory? (exitcode -9)';
  }

  function rateLimited(seconds: number): FakeAnswer {
    return {
      status: 429,
      headers: { ...PROBLEM, 'retry-after': String(seconds) },
      body: problem(429, 'Request was throttled.', `Request was throttled. Your rate limit resets in ~${seconds}s.`),
    };
  }

  function failureAnswer(failure: Exclude<ReplicateFailure, { delayMs: number } | { retryAfterSeconds: number }>): FakeAnswer | undefined {
    if (failure === 'invalid_input') {
      return {
        status: 422,
        headers: PROBLEM,
        body: problem(422, 'Input validation failed', '- input.scale_factor: Must be less than or equal to 16', {
          invalid_fields: [{ type: 'less_than_equal', field: 'input.scale_factor', description: 'Must be less than or equal to 16' }],
        }),
      };
    }
    if (failure === 'payment_required') {
      return {
        status: 402,
        headers: PROBLEM,
        body: problem(
          402,
          'Insufficient credit',
          'You have insufficient credit to run this model. Go to https://replicate.com/account/billing#billing to purchase credit. Once you purchase credit, please wait a few minutes before trying again.',
        ),
      };
    }
    return commonFailureAnswer(failure, {
      rate_limit: rateLimited(30),
      unauthorized: { status: 401, headers: PROBLEM, body: problem(401, 'Unauthenticated', 'You did not pass a valid authentication token') },
      too_large: { status: 413, headers: PROBLEM, body: problem(413, 'Payload Too Large', 'The request body is too large. Upload files bigger than 1 MB with the files API.') },
      server: { status: 500, headers: PROBLEM, body: problem(500, 'Internal Server Error', 'Something went wrong on our end. Please try again later.') },
      empty: { status: 201, body: {} },
    });
  }

  const api = await startFakeHttp((request, origin) => answer(request, origin));
  apiOrigin = api.origin;

  return {
    /** Base URL for ReplicateSettings.baseUrl. */
    url: api.origin,
    apiKey,
    version,
    requests: api.requests,
    /** The API's answers, in order (status and body as sent), for checks against the published document. */
    answers,
    /** Requests to the output-file host (downloads). */
    deliveryRequests: delivery.requests,
    /** How the next created predictions run, one plan each (default: succeeded at once). */
    planNext(...runs: PlannedRun[]) {
      plans.push(...runs);
    },
    failNext(...next: ReplicateFailure[]) {
      failures.push(...next);
    },
    prediction(id: string) {
      return predictions.get(id)?.body;
    },
    /** Files uploaded through POST /v1/files and not deleted, by id. */
    uploads,
    async close() {
      await Promise.all([api.close(), delivery.close()]);
    },
  };
}

function terminal(status: string): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'canceled' || status === 'aborted';
}

export type FakeReplicate = Awaited<ReturnType<typeof startFakeReplicate>>;
