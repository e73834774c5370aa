import Replicate, { parseProgressFromLogs, type Prediction as SdkPrediction } from 'replicate';
import type { AiErrorClass, UpscaleTier } from '../../../contract/ai.ts';
import { classifyAiError } from '../../../contract/ai.ts';
import { detectImageMime, formatMs, malformed, networkDetail, retryAfterSeconds, sleep } from './http.ts';
import { providerFetch, type ProviderFetch } from './transport.ts';
import {
  ProviderError,
  type ImageResult,
  type ImageUpscaler,
  type ProviderCost,
  type ProviderFix,
  type UpscaleCapabilities,
  type UpscaleRequest,
} from './types.ts';

/**
 * Replicate predictions through the official `replicate` SDK (`Authorization: Bearer r8_…`), running a
 * clarity-upscaler-style model. Held to Replicate's published OpenAPI document (https://api.replicate.com/openapi.json;
 * the schemas used are in server/test-support/provider-schemas/replicate.json).
 *
 * - Create: `predictions.create` → `POST /v1/predictions` `{ version, input }` for a pinned version (every community
 *   model such as philz1337x/clarity-upscaler), or `POST /v1/models/{owner}/{name}/predictions` `{ input }` for an
 *   official model (the only kind that route runs; a community model answers 404 there). A model set without a version
 *   is looked up once (`models.get`): an official one, or one without versions, takes the models route; otherwise its
 *   `latest_version.id` is used and `onNotice` says it should be pinned. Header `Prefer: wait=N` so a quick run
 *   answers finished.
 * - Inputs: the image goes as a data URL up to `uploadThresholdBytes` (the document: data URLs for files ≤ 256 kB,
 *   HTTP URLs above), above that through the Files API (`files.create`, `POST /v1/files` multipart `content`) as the
 *   file's `urls.get`; the file is deleted once the run ended.
 * - Poll: `predictions.get` until the status is terminal (succeeded, failed, canceled, aborted); after `maxPolls`
 *   it is cancelled (`predictions.cancel`), as it is when the caller aborts.
 * - Output: a list of file URLs, downloaded without the token. Cost: `metrics.predict_time` × the hardware's price.
 * - Errors: problem JSON `{ title, detail, status }`, turned into classified ProviderErrors (see `fromApiError`).
 *
 * Transport: the SDK is given `fetch` below (on `providerFetch`, so Node's 300 s header limit does not apply). The SDK
 * (1.4.0) retries each request itself (429 on every method, also 5xx and thrown errors on GET, and any thrown error on
 * POST, without waiting and without reading Retry-After), so a dropped connection would re-send a create. Here one SDK
 * request is one `send`: the SDK's repeats of it replay its single outcome, and `send` retries only what is safe —
 * 429 on any method (Replicate refused it: nothing was created), 5xx and network errors on GET, DELETE and cancel —
 * honouring Retry-After up to `maxRetryWaitMs`.
 */

export interface ReplicateSettings {
  apiKey: string;
  /** Default https://api.replicate.com (the SDK's `/v1` is added; a base already ending in /v1 is kept). */
  baseUrl?: string;
  /** owner/name. Default philz1337x/clarity-upscaler. */
  model?: string;
  /**
   * Version id. Unset: the default model's pinned version, or for another model its latest version, looked up once
   * (pin it: REPLICATE_UPSCALE_VERSION). null: the models route without a version (official models only).
   */
  version?: string | null;
  /** Per-request timeout, also for the upload and the download. Default 90 000 ms (above the 60 s of Prefer: wait). */
  timeoutMs?: number;
  /** Prefer: wait=N, 1…60 seconds. Default 60, kept below timeoutMs. */
  waitSeconds?: number;
  /** Pause between polls. Default 2000 ms. */
  pollIntervalMs?: number;
  /** Most polls before giving up (and cancelling). Default 90 (3 minutes at 2 s). */
  maxPolls?: number;
  /** Retries of one request (429 on any method; 5xx and network errors on GET, DELETE and cancel). Default 2. */
  maxRetries?: number;
  /** First pause before a retry when Replicate gave no Retry-After, doubled each time. Default 1000 ms. */
  retryDelayMs?: number;
  /** Longest Retry-After waited within a call; a longer one fails at once as rate_limit with retryAfterSeconds. Default 10 000 ms. */
  maxRetryWaitMs?: number;
  /** Images larger than this go through the Files API instead of a data URL. Default 256 KiB (the document's figure). */
  uploadThresholdBytes?: number;
  /** The hardware the model runs on, for the cost (a key of REPLICATE_HARDWARE_USD_PER_SECOND). Default gpu-a100-large. */
  hardware?: string;
  /** Told what the operator should know (an unpinned model's resolved version). Default: console.warn. */
  onNotice?: (message: string) => void;
}

export const REPLICATE_DEFAULTS = {
  baseUrl: 'https://api.replicate.com',
  model: 'philz1337x/clarity-upscaler',
  version: 'dfad41707589d68ecdccd1dfa600d55a208f9310748e44bfe35b4a6291453d5e',
  timeoutMs: 90_000,
  waitSeconds: 60,
  pollIntervalMs: 2000,
  maxPolls: 90,
  maxRetries: 2,
  retryDelayMs: 1000,
  maxRetryWaitMs: 10_000,
  uploadThresholdBytes: 256 * 1024,
  /** clarity-upscaler runs on an Nvidia A100 (80GB). */
  hardware: 'gpu-a100-large',
} as const;

/**
 * Replicate's published price per second of each hardware SKU (https://replicate.com/pricing, read 2026-11; public
 * models are billed for the time they are processing, i.e. `metrics.predict_time`).
 */
export const REPLICATE_HARDWARE_USD_PER_SECOND: Readonly<Record<string, number>> = {
  cpu: 0.0001,
  'gpu-t4': 0.000225,
  'gpu-a40-small': 0.000575,
  'gpu-a40-large': 0.000725,
  'gpu-l40s': 0.000975,
  'gpu-a100-large': 0.0014,
  'gpu-a100-large-2x': 0.0028,
  'gpu-h100': 0.001525,
};

export const REPLICATE_CAPABILITIES: UpscaleCapabilities = {
  scale_factors: [2, 4],
  quality_tiers: ['standard', 'high_quality'],
  supports_creativity: true,
  supports_sharpen: true,
};

/** Diffusion steps per tier (the model's default is 18). */
const STEPS: Partial<Record<UpscaleTier, number>> = { standard: 18, high_quality: 30 };

const DISPLAY_NAME = 'Replicate';

/** A prediction as the document's schemas_prediction_response describes it (the fields read here). */
export interface Prediction {
  id: string;
  /** starting, processing, succeeded, failed, canceled, aborted (the document's enum). */
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted' | string;
  output?: unknown;
  error?: unknown;
  logs?: string;
  metrics?: { predict_time?: number; total_time?: number };
  urls?: { get?: string; cancel?: string };
}

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

export const parseReplicateError = (body: unknown): { message: string } | undefined => {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { title?: unknown; detail?: unknown };
  const title = typeof b.title === 'string' ? b.title : '';
  const detail = typeof b.detail === 'string' ? b.detail : '';
  if (!title && !detail) return undefined;
  const message = title && detail && !detail.startsWith(title.replace(/\.$/, '')) ? `${title}: ${detail}` : detail || title;
  return { message };
};

export type ReplicateUpscaler = ImageUpscaler & { readonly displayName: string };

/** Where the model to run is, once known: a version on /v1/predictions, or the models route. */
type Target = { version: string } | { model: `${string}/${string}` };

export function createReplicateUpscaler(settings: ReplicateSettings): ReplicateUpscaler {
  const model = settings.model ?? REPLICATE_DEFAULTS.model;
  const timeoutMs = settings.timeoutMs ?? REPLICATE_DEFAULTS.timeoutMs;
  const waitSeconds = Math.max(1, Math.min(60, settings.waitSeconds ?? REPLICATE_DEFAULTS.waitSeconds, Math.floor(timeoutMs / 1000) - 1));
  const pollIntervalMs = settings.pollIntervalMs ?? REPLICATE_DEFAULTS.pollIntervalMs;
  const maxPolls = settings.maxPolls ?? REPLICATE_DEFAULTS.maxPolls;
  const uploadThreshold = settings.uploadThresholdBytes ?? REPLICATE_DEFAULTS.uploadThresholdBytes;
  const rate = REPLICATE_HARDWARE_USD_PER_SECOND[settings.hardware ?? REPLICATE_DEFAULTS.hardware];
  const notice = settings.onNotice ?? ((message: string) => console.warn(message));
  const configuredVersion =
    settings.version === undefined ? (model === REPLICATE_DEFAULTS.model ? REPLICATE_DEFAULTS.version : undefined) : settings.version;
  const transport = createTransport({
    timeoutMs,
    maxRetries: settings.maxRetries ?? REPLICATE_DEFAULTS.maxRetries,
    retryDelayMs: settings.retryDelayMs ?? REPLICATE_DEFAULTS.retryDelayMs,
    maxRetryWaitMs: settings.maxRetryWaitMs ?? REPLICATE_DEFAULTS.maxRetryWaitMs,
  });
  const client = new Replicate({
    auth: settings.apiKey,
    baseUrl: apiBase(settings.baseUrl ?? REPLICATE_DEFAULTS.baseUrl),
    fetch: transport.fetch,
    useFileOutput: false,
  });
  const context: ErrorContext = { model, version: configuredVersion ?? undefined, versionSetting: settings.version !== undefined };

  /** Runs one SDK call, every failure a classified ProviderError. */
  async function call<T>(run: () => Promise<T>, what: ErrorContext['operation']): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toProviderError(error, { ...context, operation: what }, transport);
    }
  }

  let target: Promise<Target> | undefined;
  function resolveTarget(signal?: AbortSignal): Promise<Target> {
    if (configuredVersion) return Promise.resolve({ version: configuredVersion });
    if (configuredVersion === null) return Promise.resolve({ model: model as `${string}/${string}` });
    target ??= lookUp(signal).catch((error: unknown) => {
      target = undefined; // a failed look-up is tried again by the next call
      throw error;
    });
    return target;
  }

  async function lookUp(signal?: AbortSignal): Promise<Target> {
    const [owner, name] = model.split('/') as [string, string];
    const found = (await call(() => client.models.get(owner, name, { signal }), 'model')) as ModelAnswer | undefined;
    const latest = typeof found?.latest_version?.id === 'string' ? found.latest_version.id : undefined;
    if (found?.is_official === true || !latest) return { model: model as `${string}/${string}` };
    context.version = latest;
    notice(
      `Replicate: REPLICATE_UPSCALE_MODEL=${model} has no REPLICATE_UPSCALE_VERSION; running its latest version ${latest}. ` +
        `Pin it (REPLICATE_UPSCALE_VERSION=${latest}) so a new version of the model cannot change the results or break the inputs.`,
    );
    return { version: latest };
  }

  async function imageInput(request: UpscaleRequest): Promise<{ value: string; fileId?: string }> {
    const { data, mime } = request.image;
    if (data.length <= uploadThreshold) return { value: `data:${mime};base64,${data.toString('base64')}` };
    const extension = mime.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
    const file = await call(
      () => client.files.create(new File([new Uint8Array(data)], `image.${extension}`, { type: mime }), {}, { signal: request.signal }),
      'upload',
    );
    const url = (file as { urls?: { get?: unknown } } | undefined)?.urls?.get;
    if (typeof url !== 'string' || !url) throw malformed(DISPLAY_NAME, 'a file without urls.get (files.create)');
    return { value: url, fileId: typeof file.id === 'string' ? file.id : undefined };
  }

  async function create(input: Record<string, unknown>, signal?: AbortSignal): Promise<Prediction> {
    const where = await resolveTarget(signal);
    const prediction = await call(() => client.predictions.create({ ...where, input, wait: waitSeconds, signal }), 'create');
    return checkPrediction(prediction);
  }

  async function cancel(id: string): Promise<void> {
    // Best effort: a prediction we no longer wait for should not keep running (and billing).
    await client.predictions.cancel(id, { signal: AbortSignal.timeout(5000) }).catch(() => {});
  }

  async function poll(prediction: Prediction, request: UpscaleRequest): Promise<Prediction> {
    const { signal } = request;
    let current = prediction;
    try {
      for (let polls = 0; !TERMINAL.has(current.status); polls++) {
        report(current, request);
        if (polls >= maxPolls) {
          await cancel(current.id);
          throw new ProviderError(
            DISPLAY_NAME,
            `Replicate prediction ${current.id} was still ${current.status} after ${maxPolls} polls (timed out); it was cancelled`,
            undefined,
            'timeout',
          );
        }
        await sleep(pollIntervalMs, signal).catch(() => {
          throw cancelled();
        });
        current = checkPrediction(await call(() => client.predictions.get(current.id, { signal }), 'poll'));
      }
      report(current, request);
      return current;
    } catch (error) {
      if (signal?.aborted) await cancel(current.id);
      throw error;
    }
  }

  return {
    name: 'replicate',
    displayName: DISPLAY_NAME,
    capabilities: REPLICATE_CAPABILITIES,

    async upscale(request: UpscaleRequest): Promise<ImageResult> {
      if (!REPLICATE_CAPABILITIES.scale_factors.includes(request.scale)) {
        throw new ProviderError(DISPLAY_NAME, `Replicate upscales by ${REPLICATE_CAPABILITIES.scale_factors.join(' or ')}, not ${request.scale}`, undefined, 'unknown');
      }
      const steps = STEPS[request.tier];
      if (steps === undefined) {
        throw new ProviderError(DISPLAY_NAME, `Replicate does not offer the ${request.tier} quality tier`, undefined, 'unknown');
      }
      const image = await imageInput(request);
      try {
        const input: Record<string, unknown> = { image: image.value, scale_factor: request.scale, num_inference_steps: steps, output_format: 'png' };
        if (request.prompt !== undefined) input.prompt = request.prompt;
        if (request.creativity !== undefined) input.creativity = request.creativity;
        if (request.resemblance !== undefined) input.resemblance = request.resemblance;
        if (request.sharpen !== undefined) input.sharpen = request.sharpen;

        const done = await poll(await create(input, request.signal), request);
        if (done.status === 'failed') {
          const reason = typeof done.error === 'string' && done.error ? done.error : 'no reason given';
          throw new ProviderError(DISPLAY_NAME, `Replicate prediction failed: ${reason}`, undefined, classifyFailure(reason));
        }
        if (done.status === 'canceled') {
          throw new ProviderError(DISPLAY_NAME, `Replicate prediction ${done.id} was canceled`, undefined, 'unknown');
        }
        if (done.status === 'aborted') {
          // Replicate ended it before it started running (its queue, a deadline): its doing, worth another try.
          throw new ProviderError(DISPLAY_NAME, `Replicate prediction ${done.id} was aborted by Replicate before it started running`, undefined, 'server');
        }
        const url = firstOutputUrl(done.output);
        if (!url) throw malformed(DISPLAY_NAME, 'a finished prediction without an output file');
        const data = url.startsWith('data:') ? decodeDataUrl(url) : await download(url, timeoutMs, request.signal);
        if (data.length === 0) throw malformed(DISPLAY_NAME, 'an empty output file');
        return { data, mime: detectImageMime(data), provider: DISPLAY_NAME, model, ...cost(done, rate) };
      } finally {
        if (image.fileId) {
          const id = image.fileId;
          // The user's image need not stay on Replicate once the run ended (best effort).
          await client.files.delete(id, { signal: AbortSignal.timeout(5000) }).catch(() => {});
        }
      }
    },
  };
}

/** The model's cost from the prediction's predict_time (seconds billed) and the hardware's price. */
export function replicateCost(prediction: Pick<Prediction, 'metrics'>, usdPerSecond: number | undefined): ProviderCost {
  return cost(prediction, usdPerSecond);
}

function cost(prediction: Pick<Prediction, 'metrics'>, usdPerSecond: number | undefined): ProviderCost {
  const seconds = prediction.metrics?.predict_time;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return {};
  const usage = { predict_time_seconds: seconds };
  return usdPerSecond === undefined ? { usage } : { usage, costUsd: Math.round(seconds * usdPerSecond * 1e6) / 1e6 };
}

function report(prediction: Prediction, request: UpscaleRequest): void {
  if (!request.onProgress) return;
  if (prediction.status === 'succeeded') return request.onProgress(1);
  const progress = parseProgressFromLogs(prediction as SdkPrediction);
  if (progress) request.onProgress(Math.max(0, Math.min(1, progress.percentage)));
}

/** The SDK's base: the API root with /v1. */
function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

interface ModelAnswer {
  is_official?: boolean;
  latest_version?: { id?: unknown } | null;
}

function checkPrediction(body: unknown): Prediction {
  const p = body as Prediction | undefined;
  if (!p || typeof p !== 'object' || typeof p.id !== 'string' || typeof p.status !== 'string') {
    throw malformed(DISPLAY_NAME, 'an answer that is not a prediction');
  }
  return p;
}

function cancelled(): ProviderError {
  return new ProviderError(DISPLAY_NAME, 'The request to Replicate was cancelled', undefined, 'unknown');
}

/** The output file (replicate.delivery), without the token; an HTTP error on it is Replicate's fault. */
async function download(url: string, timeoutMs: number, signal?: AbortSignal): Promise<Buffer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let data: Buffer;
  try {
    response = await providerFetch(timeoutMs)(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    data = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw transportError(error, { timedOut: timeout.aborted, cancelled: signal?.aborted === true, timeoutMs, url: new URL(url) });
  }
  if (!response.ok) {
    throw new ProviderError(
      DISPLAY_NAME,
      `The Replicate output ${new URL(url).pathname} could not be downloaded (HTTP ${response.status}): ${data.toString('utf8').slice(0, 200) || response.statusText}`,
      response.status,
      'server',
    );
  }
  return data;
}

function classifyFailure(reason: string): AiErrorClass {
  if (/nsfw/i.test(reason)) return 'content_policy';
  const byText = classifyAiError(undefined, reason);
  // A run that failed without a recognisable reason is the model's hiccup: worth another try.
  return byText === 'unknown' ? 'server' : byText;
}

function firstOutputUrl(output: unknown): string | undefined {
  const first = Array.isArray(output) ? output[0] : output;
  if (typeof first === 'string' && /^(https?:|data:)/.test(first)) return first;
  return undefined;
}

function decodeDataUrl(url: string): Buffer {
  const comma = url.indexOf(',');
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  return meta.endsWith(';base64') ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload));
}

// ---------------------------------------------------------------------------------------------------------------
// Transport: one SDK request, one outcome; safe retries with Retry-After.

interface TransportSettings {
  timeoutMs: number;
  maxRetries: number;
  retryDelayMs: number;
  maxRetryWaitMs: number;
}

/** A finished HTTP exchange, kept so the SDK's repeats of a request replay it. */
interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  body: Buffer;
  /** Retry-After in seconds, when Replicate sent one. */
  retryAfterSeconds?: number;
}

interface Transport {
  fetch: ProviderFetch;
  /** The exchange behind a Response the SDK was given (its body already read by the SDK). */
  answerOf(response: unknown): Answer | undefined;
}

function createTransport(settings: TransportSettings): Transport {
  const base = providerFetch(settings.timeoutMs);
  const outcomes = new WeakMap<object, Promise<Answer>>();
  const answers = new WeakMap<object, Answer>();

  function replay(answer: Answer): Response {
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    const response = new Response(empty ? null : new Uint8Array(answer.body), { status: answer.status, statusText: answer.statusText, headers: answer.headers });
    answers.set(response, answer);
    return response;
  }

  async function send(input: RequestInfo | URL, init: RequestInit): Promise<Answer> {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    // Safe to send again: reads, deletes and cancels. A create is sent again only after a 429 (refused, not created).
    const repeatable = method === 'GET' || method === 'DELETE' || /\/cancel$/.test(url.pathname);
    const caller = init.signal ?? undefined;
    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      let answer: Answer;
      try {
        const response = await base(url, { ...init, signal: caller ? AbortSignal.any([caller, timeout]) : timeout });
        answer = {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
          body: Buffer.from(await response.arrayBuffer()),
          retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
        };
      } catch (error) {
        const failure = transportError(error, { timedOut: timeout.aborted, cancelled: caller?.aborted === true, timeoutMs: settings.timeoutMs, url });
        if (failure.errorClass !== 'network' || !repeatable || attempt >= settings.maxRetries) throw failure;
        await pause(settings.retryDelayMs * 2 ** attempt, caller);
        continue;
      }
      const retryable = answer.status === 429 || (repeatable && answer.status >= 500);
      if (!retryable || attempt >= settings.maxRetries) return answer;
      const waitMs = answer.retryAfterSeconds !== undefined ? answer.retryAfterSeconds * 1000 : settings.retryDelayMs * 2 ** attempt;
      if (waitMs > settings.maxRetryWaitMs) return answer; // longer than we hold a call: the caller decides (retryAfterSeconds)
      await pause(waitMs, caller);
    }
  }

  const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (!init) return base(input, init);
    let outcome = outcomes.get(init);
    if (!outcome) {
      outcome = send(input, init);
      outcomes.set(init, outcome);
    }
    return outcome.then(replay);
  }) as ProviderFetch;

  return { fetch: fetchFn, answerOf: (response) => (response && typeof response === 'object' ? answers.get(response) : undefined) };
}

async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  await sleep(ms, signal).catch(() => {
    throw cancelled();
  });
}

function transportError(error: unknown, context: { timedOut: boolean; cancelled: boolean; timeoutMs: number; url: URL }): ProviderError {
  if (error instanceof ProviderError) return error;
  let result: ProviderError;
  if (context.timedOut) {
    result = new ProviderError(DISPLAY_NAME, `Replicate did not answer within ${formatMs(context.timeoutMs)} (timed out)`, undefined, 'timeout');
  } else if (context.cancelled) {
    result = cancelled();
  } else {
    result = new ProviderError(DISPLAY_NAME, `Network error reaching Replicate at ${context.url.host}: ${networkDetail(error)}`, undefined, 'network');
  }
  result.cause = error;
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Errors as Replicate sends them.

interface ErrorContext {
  model: string;
  version?: string;
  /** The version came from the settings (REPLICATE_UPSCALE_VERSION), not the default or a look-up. */
  versionSetting: boolean;
  operation?: 'model' | 'upload' | 'create' | 'poll';
}

function toProviderError(error: unknown, context: ErrorContext, transport: Transport): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof SyntaxError) return malformed(DISPLAY_NAME, `an answer that is not JSON (${error.message})`);
  const response = (error as { response?: unknown } | undefined)?.response;
  const answer = (error as { name?: unknown }).name === 'ApiError' ? transport.answerOf(response) : undefined;
  if (!answer) {
    const message = error instanceof Error ? error.message : String(error);
    return new ProviderError(DISPLAY_NAME, `Replicate call failed: ${message}`, undefined, classifyAiError(undefined, message));
  }
  return fromApiError(answer, context);
}

/**
 * A Replicate error answer as a ProviderError: 429 → rate_limit (retryAfterSeconds); 402 or a billing stop →
 * unavailable (fix REPLICATE_API_TOKEN); a model or version Replicate does not have (404 on the model or its models
 * route, 422 "Invalid version or not permitted") → unavailable (fix the model or version setting); 401/403 →
 * authentication (fix REPLICATE_API_TOKEN); 413 → file_too_large; other 422 → unknown with the detail; 5xx → server.
 */
function fromApiError(answer: Answer, context: ErrorContext): ProviderError {
  const { status } = answer;
  const text = answer.body.toString('utf8');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const message =
    parseReplicateError(body)?.message ||
    (text.trim() && !text.trim().startsWith('<') && text.length < 300 ? text.trim() : '') ||
    `Replicate answered HTTP ${status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
  const make = (errorClass: AiErrorClass, fix?: ProviderFix) =>
    new ProviderError(DISPLAY_NAME, message, status, errorClass, { retryAfterSeconds: answer.retryAfterSeconds, fix });

  if (status === 429) return make('rate_limit');
  if (status === 402 || /insufficient credit|billing|payment required/i.test(message)) {
    return make('unavailable', { setting: 'REPLICATE_API_TOKEN', reason: 'the account is out of credit (billing)' });
  }
  if (status === 401 || status === 403) {
    return make('authentication', { setting: 'REPLICATE_API_TOKEN', reason: `Replicate refused the token (HTTP ${status})` });
  }
  const versionRefused = /invalid version|version does not exist|version.*not (found|permitted)/i.test(message);
  if ((status === 404 || status === 422) && versionRefused && context.operation === 'create' && context.version) {
    return make('unavailable', {
      setting: 'REPLICATE_UPSCALE_VERSION',
      model: context.version,
      reason: `Replicate has no version ${context.version} of ${context.model} that this token may run${context.versionSetting ? '' : ' (set REPLICATE_UPSCALE_VERSION to a current one)'}`,
    });
  }
  if (status === 404 && (context.operation === 'model' || (context.operation === 'create' && !context.version))) {
    return make('unavailable', {
      setting: 'REPLICATE_UPSCALE_MODEL',
      model: context.model,
      reason:
        context.operation === 'model'
          ? `Replicate has no model ${context.model}`
          : `Replicate does not run ${context.model} without a version (only official models do): set REPLICATE_UPSCALE_VERSION`,
    });
  }
  if (status === 413) return make('file_too_large');
  if (status >= 500) return make('server');
  if (status === 422) return make('unknown');
  return make(classifyAiError(status, message));
}
