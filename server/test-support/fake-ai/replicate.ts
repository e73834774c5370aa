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
import { replicateCreateBody, type ReplicateInput } from './request-bodies.ts';

/**
 * A fake Replicate API on a loopback port (`Authorization: Bearer r8_…`), plus a second server standing
 * in for replicate.delivery where output files live (another origin, as in production).
 *
 * - `POST /v1/predictions` `{ version, input }` and `POST /v1/models/{owner}/{name}/predictions` `{ input }`
 *   → 201 with a prediction `{ id, model, version, input, logs, output, data_removed, error, status,
 *   created_at, urls: { cancel, get, stream, web } }`. With `Prefer: wait` and a run planned to need no
 *   polls, it answers already succeeded.
 * - `GET /v1/predictions/{id}` → the prediction; each GET moves a planned run one step on.
 * - `POST /v1/predictions/{id}/cancel` → canceled.
 * The output is `[deliveryUrl]`, a PNG `scale_factor` times the input's size. Errors are
 * `{ title, detail, status }`.
 */

export type ReplicateFailure = CommonFailure | 'invalid_input';

export interface PlannedRun {
  /** GETs answered still processing before the run ends (0: done within Prefer: wait). */
  polls?: number;
  outcome?: 'succeeded' | 'failed' | 'canceled' | 'never';
  /** prediction.error for a failed run. */
  error?: string;
  /** The output URL answers 404. */
  outputMissing?: boolean;
}

export interface FakeReplicateOptions {
  apiKey?: string;
  /** The version id accepted by POST /v1/predictions (default: clarity-upscaler's). */
  version?: string;
}

type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

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
  created_at: string;
  completed_at?: string;
  metrics?: { predict_time: number; total_time: number };
  urls: { cancel: string; get: string; stream: string; web: string };
}

interface StoredPrediction {
  body: Prediction;
  plan: Required<Omit<PlannedRun, 'error'>> & { error?: string };
  gets: number;
  filePath: string;
}

export const REPLICATE_OUTPUT_COLOR = { r: 240, g: 200, b: 30 };

function problem(status: number, title: string, detail: string, extra: Record<string, unknown> = {}) {
  return { title, detail, status, ...extra };
}

export async function startFakeReplicate(options: FakeReplicateOptions = {}) {
  const apiKey = options.apiKey ?? 'r8_test_replicate_token';
  const version = options.version ?? 'dfad41707589d68ecdccd1dfa600d55a208f9310748e44bfe35b4a6291453d5e';
  const failures: ReplicateFailure[] = [];
  const plans: PlannedRun[] = [];
  const predictions = new Map<string, StoredPrediction>();
  const files = new Map<string, Buffer>();
  let counter = 0;

  const delivery = await startFakeHttp((request) => {
    const data = request.method === 'GET' ? files.get(request.path) : undefined;
    if (!data) return { status: 404, body: 'Not Found' };
    return { status: 200, body: data, headers: { 'Content-Type': 'image/png' } };
  });

  let apiOrigin = '';

  async function answer(request: RecordedAiRequest, origin: string): Promise<FakeAnswer> {
    apiOrigin = origin;
    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (key !== apiKey) {
      return { status: 401, body: problem(401, 'Unauthenticated', 'You did not pass a valid authentication token') };
    }
    const failure = failures.shift();
    if (failure !== undefined && typeof failure !== 'object') {
      const special = failureAnswer(failure);
      if (special) return special;
    }
    const delayMs = delayOf(failure);
    return { ...(await route(request)), delayMs };
  }

  async function route(request: RecordedAiRequest): Promise<FakeAnswer> {
    const modelRoute = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(request.path);
    if (request.method === 'POST' && (request.path === '/v1/predictions' || modelRoute)) {
      const body = request.json;
      const sentVersion = typeof body === 'object' && body !== null && 'version' in body ? body.version : undefined;
      if (!modelRoute && sentVersion !== version) {
        return {
          status: 422,
          body: problem(422, 'Invalid version or not permitted', "The specified version does not exist (or perhaps you don't have permission to use it?)"),
        };
      }
      return create(body, modelRoute ? `${modelRoute[1]}/${modelRoute[2]}` : 'philz1337x/clarity-upscaler', request.headers.prefer as string | undefined);
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && get) {
      const stored = predictions.get(get[1]!);
      if (!stored) return { status: 404, body: problem(404, 'Not found', 'Not found.') };
      stored.gets++;
      if (!terminal(stored.body.status)) {
        stored.body.status = 'processing';
        stored.body.logs = `Upscaling… step ${stored.gets}`;
        if (stored.plan.outcome !== 'never' && stored.gets >= stored.plan.polls) finish(stored);
      }
      return { status: 200, body: stored.body };
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(request.path);
    if (request.method === 'POST' && cancel) {
      const stored = predictions.get(cancel[1]!);
      if (!stored) return { status: 404, body: problem(404, 'Not found', 'Not found.') };
      if (!terminal(stored.body.status)) {
        stored.body.status = 'canceled';
        stored.body.completed_at = new Date().toISOString();
      }
      return { status: 200, body: stored.body };
    }
    return { status: 404, body: problem(404, 'Not found', 'Not found.') };
  }

  async function create(json: unknown, model: string, prefer: string | undefined): Promise<FakeAnswer> {
    const body = replicateCreateBody.safeParse(json);
    if (!body.success) {
      return {
        status: 422,
        body: problem(422, 'Input validation failed', '- input: image is required', {
          invalid_fields: [{ type: 'required', field: 'input', description: 'image is required' }],
        }),
      };
    }
    const id = `fake${(++counter).toString(36).padStart(4, '0')}${Math.random().toString(36).slice(2, 14)}`;
    const planned = plans.shift() ?? {};
    const plan: StoredPrediction['plan'] = { polls: planned.polls ?? 0, outcome: planned.outcome ?? 'succeeded', outputMissing: planned.outputMissing ?? false, error: planned.error };

    const { input } = body.data;
    const comma = input.image.indexOf(',');
    const source = input.image.startsWith('data:') ? Buffer.from(input.image.slice(comma + 1), 'base64') : Buffer.alloc(0);
    const size = await imageSize(source);
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
        version: model === 'philz1337x/clarity-upscaler' ? version : 'hidden',
        input,
        logs: '',
        output: null,
        data_removed: false,
        error: null,
        status: 'starting',
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
    body.metrics = { predict_time: 4.2, total_time: 4.9 };
    if (stored.plan.outcome === 'succeeded') body.output = [`${delivery.origin}${stored.filePath}`];
    if (stored.plan.outcome === 'failed') body.error = stored.plan.error ?? 'Prediction failed for an unknown reason. It might have run out of memory? (exitcode -9)';
  }

  function failureAnswer(failure: Exclude<ReplicateFailure, { delayMs: number }>): FakeAnswer | undefined {
    if (failure === 'invalid_input') {
      return {
        status: 422,
        body: problem(422, 'Input validation failed', '- input.scale_factor: Must be less than or equal to 16', {
          invalid_fields: [{ type: 'less_than_equal', field: 'input.scale_factor', description: 'Must be less than or equal to 16' }],
        }),
      };
    }
    return commonFailureAnswer(failure, {
      rate_limit: { status: 429, headers: { 'retry-after': '30' }, body: problem(429, 'Request was throttled.', 'Request was throttled. Your rate limit resets in ~30s.') },
      unauthorized: { status: 401, body: problem(401, 'Unauthenticated', 'You did not pass a valid authentication token') },
      too_large: { status: 413, body: problem(413, 'Payload Too Large', 'The request body is too large. Upload files bigger than 1 MB with the files API.') },
      server: { status: 500, body: problem(500, 'Internal Server Error', 'Something went wrong on our end. Please try again later.') },
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
    async close() {
      await Promise.all([api.close(), delivery.close()]);
    },
  };
}

function terminal(status: string): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'canceled';
}

export type FakeReplicate = Awaited<ReturnType<typeof startFakeReplicate>>;
