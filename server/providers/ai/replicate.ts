import type { AiErrorClass, UpscaleTier } from '../../../contract/ai.ts';
import { classifyAiError } from '../../../contract/ai.ts';
import { createHttpClient, detectImageMime, malformed, sleep, type ErrorBodyParser, type HttpClient } from './http.ts';
import { ProviderError, type ImageResult, type ImageUpscaler, type UpscaleCapabilities, type UpscaleRequest } from './types.ts';

/**
 * Replicate predictions (`Authorization: Bearer r8_…`) running a clarity-upscaler-style model.
 *
 * Create: `POST /v1/predictions` with `{ version, input }` (community models such as
 * philz1337x/clarity-upscaler need a version) or `POST /v1/models/{owner}/{name}/predictions` with
 * `{ input }` (official models), header `Prefer: wait=N` so a quick run answers finished.
 * Poll: `GET /v1/predictions/{id}` until status is succeeded, failed or canceled; give up after
 * `maxPolls` and cancel it (`POST /v1/predictions/{id}/cancel`).
 * Prediction: `{ id, model, version, input, logs, output, error, status, created_at, urls: { get, cancel } }`;
 * the upscaler's output is a list of file URLs, downloaded without the token.
 * Errors: `{ title, detail, status }` (e.g. 401 "You did not pass a valid authentication token",
 * 429 "Request was throttled. …", 422 "Input validation failed").
 */

export interface ReplicateSettings {
  apiKey: string;
  /** Default https://api.replicate.com. */
  baseUrl?: string;
  /** owner/name. Default philz1337x/clarity-upscaler. */
  model?: string;
  /**
   * Version id; when set (the default has one) the prediction goes to /v1/predictions. Set it to null
   * to use /v1/models/{owner}/{name}/predictions (official models).
   */
  version?: string | null;
  /** Per-call timeout, also for the download. Default 90 000 ms (above the 60 s of Prefer: wait). */
  timeoutMs?: number;
  /** Prefer: wait=N, 1…60 seconds. Default 60, kept below timeoutMs. */
  waitSeconds?: number;
  /** Pause between polls. Default 2000 ms. */
  pollIntervalMs?: number;
  /** Most polls before giving up (and cancelling). Default 90 (3 minutes at 2 s). */
  maxPolls?: number;
}

export const REPLICATE_DEFAULTS = {
  baseUrl: 'https://api.replicate.com',
  model: 'philz1337x/clarity-upscaler',
  version: 'dfad41707589d68ecdccd1dfa600d55a208f9310748e44bfe35b4a6291453d5e',
  timeoutMs: 90_000,
  waitSeconds: 60,
  pollIntervalMs: 2000,
  maxPolls: 90,
} as const;

export const REPLICATE_CAPABILITIES: UpscaleCapabilities = {
  scale_factors: [2, 4],
  quality_tiers: ['standard', 'high_quality'],
  supports_creativity: true,
  supports_sharpen: true,
};

/** Diffusion steps per tier (the model's default is 18). */
const STEPS: Partial<Record<UpscaleTier, number>> = { standard: 18, high_quality: 30 };

const DISPLAY_NAME = 'Replicate';

export interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | string;
  output?: unknown;
  error?: unknown;
  logs?: string;
  urls?: { get?: string; cancel?: string };
}

const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);

export const parseReplicateError: ErrorBodyParser = (body) => {
  const b = body as { title?: unknown; detail?: unknown };
  const title = typeof b.title === 'string' ? b.title : '';
  const detail = typeof b.detail === 'string' ? b.detail : '';
  if (!title && !detail) return undefined;
  const message = title && detail && !detail.startsWith(title.replace(/\.$/, '')) ? `${title}: ${detail}` : detail || title;
  return { message };
};

export type ReplicateUpscaler = ImageUpscaler & { readonly displayName: string };

export function createReplicateUpscaler(settings: ReplicateSettings): ReplicateUpscaler {
  const model = settings.model ?? REPLICATE_DEFAULTS.model;
  const version = settings.version === undefined ? (settings.model ? null : REPLICATE_DEFAULTS.version) : settings.version;
  const timeoutMs = settings.timeoutMs ?? REPLICATE_DEFAULTS.timeoutMs;
  const waitSeconds = Math.max(1, Math.min(60, settings.waitSeconds ?? REPLICATE_DEFAULTS.waitSeconds, Math.floor(timeoutMs / 1000) - 1));
  const pollIntervalMs = settings.pollIntervalMs ?? REPLICATE_DEFAULTS.pollIntervalMs;
  const maxPolls = settings.maxPolls ?? REPLICATE_DEFAULTS.maxPolls;
  const http = createHttpClient({
    provider: DISPLAY_NAME,
    baseUrl: settings.baseUrl ?? REPLICATE_DEFAULTS.baseUrl,
    authHeaders: { Authorization: `Bearer ${settings.apiKey}` },
    timeoutMs,
    parseError: parseReplicateError,
  });

  async function create(input: Record<string, unknown>, signal?: AbortSignal): Promise<Prediction> {
    const request = version
      ? { path: '/v1/predictions', json: { version, input } }
      : { path: `/v1/models/${model.split('/').map(encodeURIComponent).join('/')}/predictions`, json: { input } };
    const { body } = await http.json<Prediction>({ method: 'POST', ...request, headers: { Prefer: `wait=${waitSeconds}` }, signal });
    return checkPrediction(body);
  }

  async function poll(prediction: Prediction, signal?: AbortSignal): Promise<Prediction> {
    let current = prediction;
    try {
      for (let polls = 0; !TERMINAL.has(current.status); polls++) {
        if (polls >= maxPolls) {
          await cancel(http, current.id);
          throw new ProviderError(
            DISPLAY_NAME,
            `Replicate prediction ${current.id} was still ${current.status} after ${maxPolls} polls (timed out); it was cancelled`,
            undefined,
            'timeout',
          );
        }
        await sleep(pollIntervalMs, signal).catch(() => {
          throw new ProviderError(DISPLAY_NAME, 'The request to Replicate was cancelled', undefined, 'unknown');
        });
        const { body } = await http.json<Prediction>({ path: `/v1/predictions/${encodeURIComponent(current.id)}`, signal });
        current = checkPrediction(body);
      }
      return current;
    } catch (error) {
      if (signal?.aborted) await cancel(http, current.id);
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
      const input: Record<string, unknown> = {
        image: `data:${request.image.mime};base64,${request.image.data.toString('base64')}`,
        scale_factor: request.scale,
        num_inference_steps: steps,
        output_format: 'png',
      };
      if (request.prompt !== undefined) input.prompt = request.prompt;
      if (request.creativity !== undefined) input.creativity = request.creativity;
      if (request.resemblance !== undefined) input.resemblance = request.resemblance;
      if (request.sharpen !== undefined) input.sharpen = request.sharpen;

      const done = await poll(await create(input, request.signal), request.signal);
      if (done.status === 'failed') {
        const reason = typeof done.error === 'string' && done.error ? done.error : 'no reason given';
        throw new ProviderError(DISPLAY_NAME, `Replicate prediction failed: ${reason}`, undefined, classifyFailure(reason));
      }
      if (done.status === 'canceled') {
        throw new ProviderError(DISPLAY_NAME, `Replicate prediction ${done.id} was canceled`, undefined, 'unknown');
      }
      const url = firstOutputUrl(done.output);
      if (!url) throw malformed(DISPLAY_NAME, 'a finished prediction without an output file');
      const data = url.startsWith('data:') ? decodeDataUrl(url) : await download(http, url, request.signal);
      if (data.length === 0) throw malformed(DISPLAY_NAME, 'an empty output file');
      return { data, mime: detectImageMime(data), provider: DISPLAY_NAME, model };
    },
  };
}

/** The output file; an HTTP error on it is Replicate's fault (the run said it succeeded). */
async function download(http: HttpClient, url: string, signal?: AbortSignal): Promise<Buffer> {
  try {
    return (await http.bytes({ path: url, signal })).data;
  } catch (error) {
    if (!(error instanceof ProviderError) || error.status === undefined) throw error;
    throw new ProviderError(
      DISPLAY_NAME,
      `The Replicate output ${new URL(url).pathname} could not be downloaded (HTTP ${error.status}): ${error.message}`,
      error.status,
      'server',
    );
  }
}

function checkPrediction(body: Prediction): Prediction {
  if (!body || typeof body !== 'object' || typeof body.id !== 'string' || typeof body.status !== 'string') {
    throw malformed(DISPLAY_NAME, 'an answer that is not a prediction');
  }
  return body;
}

/** Best effort: a prediction we no longer wait for should not keep running (and billing). */
async function cancel(http: HttpClient, id: string): Promise<void> {
  await http.json({ method: 'POST', path: `/v1/predictions/${encodeURIComponent(id)}/cancel`, timeoutMs: 5000 }).catch(() => {});
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
