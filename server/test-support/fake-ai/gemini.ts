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
import { geminiGenerateContentBody, type GeminiGenerateContentBody, type GeminiGenerationConfig } from './request-bodies.ts';

/**
 * A fake Gemini API on a loopback port: `POST /v1beta/models/{model}:generateContent`, key in
 * `x-goog-api-key` (or `?key=`). It answers as the real API does, camelCase:
 * `{ candidates: [{ content: { role: 'model', parts: [{ text }, { inlineData: { mimeType, data } }] },
 * finishReason: 'STOP', index: 0 }], usageMetadata, modelVersion, responseId }`. With IMAGE in
 * generationConfig.responseModalities it returns a solid PNG the size of the first input image (or
 * 64 px wide at imageConfig.aspectRatio). A missing key answers 403 PERMISSION_DENIED, a wrong one
 * 400 INVALID_ARGUMENT with reason API_KEY_INVALID, a retired or unknown model 404 NOT_FOUND, an image
 * type Gemini does not take (GIF, BMP, …) 400 INVALID_ARGUMENT, and so does a body with a field Google's published
 * GenerateContentRequest does not have (in camelCase or snake_case, which Google's parser both takes), like the real service. Errors are
 * google.rpc.Status bodies with their details (ErrorInfo, RetryInfo, QuotaFailure, Help).
 *
 * Every answer it sends is one Google's published schema allows (provider-schemas/gemini.json:
 * GenerateContentResponse, or Error), which gemini.test.ts checks, with every request.
 * `failNext` failures answer one request each: a retry by the client is a request of its own.
 */

export type GeminiFailure =
  | CommonFailure
  /** promptFeedback.blockReason PROHIBITED_CONTENT, no candidates. */
  | 'prompt_blocked'
  /** finishReason SAFETY, no content. */
  | 'safety'
  /** finishReason IMAGE_SAFETY, no content. */
  | 'image_safety'
  /** finishReason RECITATION with citation metadata. */
  | 'recitation'
  /** Text only, finishReason STOP: the model declined in words. */
  | 'no_image'
  /** 503 UNAVAILABLE, model overloaded. */
  | 'unavailable'
  /** 429 RESOURCE_EXHAUSTED per minute, with RetryInfo retryDelay '1s' (a short wait that a retry can honour). */
  | 'rate_limit_brief'
  /** 429 RESOURCE_EXHAUSTED whose QuotaFailure is a per-day quota (GenerateRequestsPerDayPerProjectPerModel). */
  | 'daily_quota'
  /** 429 RESOURCE_EXHAUSTED: the project's prepayment credits are depleted (a billing stop). */
  | 'billing'
  /** 404 NOT_FOUND: "models/x is not found for API version v1beta …", as for a retired model. */
  | 'model_not_found'
  /** Exactly this answer (status, headers, body): for cases the named failures do not cover. */
  | { answer: FakeAnswer };

export interface FakeGeminiOptions {
  apiKey?: string;
  /** Models that answer 404 NOT_FOUND, as Google answers for a shut-down model. Default: RETIRED_GEMINI_MODELS. */
  retiredModels?: readonly string[];
}

/** Models Google has shut down: gemini-2.5-flash-image on 2 October 2026, and the earlier image previews. */
export const RETIRED_GEMINI_MODELS = [
  'gemini-2.5-flash-image',
  'gemini-2.5-flash-image-preview',
  'gemini-2.0-flash-exp',
  'gemini-2.0-flash-preview-image-generation',
] as const;

/** Image types Gemini takes inline (ai.google.dev image understanding); others answer 400 INVALID_ARGUMENT. */
export const GEMINI_ACCEPTED_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif'];

/** usageMetadata of an image answer: text + one image in, a 1K image and a sentence out (token counts as Google reports them). */
export const GEMINI_IMAGE_USAGE = {
  promptTokenCount: 1290,
  candidatesTokenCount: 1130,
  totalTokenCount: 2420,
  promptTokensDetails: [
    { modality: 'TEXT', tokenCount: 32 },
    { modality: 'IMAGE', tokenCount: 1258 },
  ],
  candidatesTokensDetails: [
    { modality: 'IMAGE', tokenCount: 1120 },
    { modality: 'TEXT', tokenCount: 10 },
  ],
};
/** usageMetadata of a text answer (describe, refine), with thinking tokens. */
export const GEMINI_TEXT_USAGE = {
  promptTokenCount: 300,
  candidatesTokenCount: 12,
  thoughtsTokenCount: 40,
  totalTokenCount: 352,
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: 300 }],
};

export const GEMINI_OUTPUT_COLOR = { r: 30, g: 160, b: 90 };

function googleError(code: number, status: string, message: string, details?: unknown[]) {
  return { error: { code, message, status, ...(details ? { details } : {}) } };
}

/**
 * What Google answers a body its published schema does not allow: the proto3 JSON parser takes each field by its JSON
 * name (camelCase) or its proto name (snake_case), so the body is read with snake_case names turned to camelCase, then
 * held to GenerateContentRequest (provider-schemas/gemini.json). Undefined when it is allowed.
 */
function unknownFields(json: unknown): string | undefined {
  const check = validator('gemini')('GenerateContentRequest')(camelKeys(json));
  if (check.ok) return undefined;
  const unknown = /^(.*): must NOT have additional properties \{"additionalProperty":"([^"]+)"\}/.exec(check.errors.find((e) => e.includes('additionalProperty')) ?? '');
  if (unknown) return `Invalid JSON payload received. Unknown name "${unknown[2]}" at '${(unknown[1] ?? '').replace(/^\//, '').replace(/\//g, '.')}': Cannot find field.`;
  return `Invalid JSON payload received. ${check.errors.join('; ')}`;
}

function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), camelKeys(v)]));
}

export async function startFakeGemini(options: FakeGeminiOptions = {}) {
  const apiKey = options.apiKey ?? 'test-gemini-key';
  const retired = new Set<string>(options.retiredModels ?? RETIRED_GEMINI_MODELS);
  const failures: GeminiFailure[] = [];
  const state = {
    text: 'Here is the edited image.',
    describeText: 'A small square image in soft colours.',
    imageUsage: GEMINI_IMAGE_USAGE as object,
    textUsage: GEMINI_TEXT_USAGE as object,
  };
  const usage = GEMINI_IMAGE_USAGE;

  async function answer(request: RecordedAiRequest): Promise<FakeAnswer> {
    const key = (request.headers['x-goog-api-key'] as string | undefined) ?? request.query.key;
    if (!key) {
      return {
        status: 403,
        body: googleError(
          403,
          'PERMISSION_DENIED',
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        ),
      };
    }
    if (key !== apiKey) {
      return {
        status: 400,
        body: googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'generativelanguage.googleapis.com' },
          },
        ]),
      };
    }
    const match = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(request.path);
    if (request.method !== 'POST' || !match) {
      return { status: 404, body: googleError(404, 'NOT_FOUND', `The requested URL ${request.path} was not found on this server.`) };
    }
    const model = match[1]!;
    const parsed = geminiGenerateContentBody.safeParse(request.json);
    if (!parsed.success) {
      return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified\n') };
    }
    const body = parsed.data;
    const unknown = unknownFields(request.json);
    if (unknown) return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', unknown) };
    if (retired.has(model)) return modelNotFound(model);
    for (const content of [...body.contents, ...(body.systemInstruction ? [body.systemInstruction] : [])]) {
      for (const part of content.parts) {
        const mime = (part.inlineData ?? part.inline_data)?.mimeType ?? (part.inlineData ?? part.inline_data)?.mime_type;
        if (mime?.startsWith('image/') && !GEMINI_ACCEPTED_IMAGE_MIMES.includes(mime)) {
          return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', `Unsupported MIME type: ${mime}`) };
        }
      }
    }

    const failure = failures.shift();
    if (failure !== undefined && typeof failure === 'object' && 'answer' in failure) return failure.answer;
    if (failure !== undefined && typeof failure !== 'object') {
      const special = failureAnswer(failure, model);
      if (special) return special;
    }
    const delayMs = delayOf(failure);

    const config: GeminiGenerationConfig = body.generationConfig ?? body.generation_config ?? {};
    const modalities = (config.responseModalities ?? config.response_modalities ?? []).map((m) => m.toUpperCase());
    const parts: unknown[] = [];
    if (modalities.includes('IMAGE')) {
      const png = await outputImage(body, config);
      parts.push({ text: state.text }, { inlineData: { mimeType: 'image/png', data: png.toString('base64') } });
    } else {
      parts.push({ text: state.describeText });
    }
    return {
      status: 200,
      delayMs,
      body: {
        candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
        usageMetadata: modalities.includes('IMAGE') ? state.imageUsage : state.textUsage,
        modelVersion: model,
        responseId: `fake-${Math.random().toString(36).slice(2, 12)}`,
      },
    };
  }

  function failureAnswer(failure: Exclude<GeminiFailure, object>, model: string): FakeAnswer | undefined {
    switch (failure) {
      case 'prompt_blocked':
        return { status: 200, body: { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: usage, modelVersion: model } };
      case 'safety':
      case 'image_safety':
        return {
          status: 200,
          body: {
            candidates: [{ finishReason: failure === 'safety' ? 'SAFETY' : 'IMAGE_SAFETY', index: 0 }],
            usageMetadata: usage,
            modelVersion: model,
          },
        };
      case 'recitation':
        return {
          status: 200,
          body: {
            candidates: [
              {
                content: { role: 'model', parts: [] },
                finishReason: 'RECITATION',
                index: 0,
                citationMetadata: { citationSources: [{ startIndex: 0, endIndex: 120, uri: 'https://example.com/artwork' }] },
              },
            ],
            usageMetadata: usage,
            modelVersion: model,
          },
        };
      case 'no_image':
        return {
          status: 200,
          body: {
            candidates: [
              {
                content: { role: 'model', parts: [{ text: "I can't make that change to this picture. Could you describe it differently?" }] },
                finishReason: 'STOP',
                index: 0,
              },
            ],
            usageMetadata: usage,
            modelVersion: model,
          },
        };
      case 'unavailable':
        return { status: 503, body: googleError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.') };
      case 'daily_quota':
        return {
          status: 429,
          body: googleError(
            429,
            'RESOURCE_EXHAUSTED',
            `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.\n* Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_paid_tier_requests, limit: 250, model: ${model}\nPlease retry in 14h2m11.5s.`,
            [
              {
                '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
                violations: [
                  {
                    quotaMetric: 'generativelanguage.googleapis.com/generate_content_paid_tier_requests',
                    quotaId: 'GenerateRequestsPerDayPerProjectPerModel',
                  },
                ],
              },
              { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }] },
              { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '50531s' },
            ],
          ),
        };
      case 'rate_limit_brief':
        return {
          status: 429,
          body: googleError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).', [
            {
              '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
              violations: [
                {
                  quotaMetric: 'generativelanguage.googleapis.com/generate_content_paid_tier_requests',
                  quotaId: 'GenerateRequestsPerMinutePerProjectPerModel',
                },
              ],
            },
            { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1s' },
          ]),
        };
      case 'billing':
        return {
          status: 429,
          body: googleError(
            429,
            'RESOURCE_EXHAUSTED',
            'Your prepayment credits are depleted. Please go to AI Studio at https://ai.studio/projects to manage your project and billing.',
          ),
        };
      case 'model_not_found':
        return modelNotFound(model);
      default:
        return commonFailureAnswer(failure, {
          rate_limit: {
            status: 429,
            body: googleError(
              429,
              'RESOURCE_EXHAUSTED',
              'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
              [
                {
                  '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
                  violations: [
                    {
                      quotaMetric: 'generativelanguage.googleapis.com/generate_content_paid_tier_requests',
                      quotaId: 'GenerateRequestsPerMinutePerProjectPerModel',
                    },
                  ],
                },
                { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }] },
                { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '31s' },
              ],
            ),
          },
          unauthorized: {
            status: 401,
            body: googleError(
              401,
              'UNAUTHENTICATED',
              'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
            ),
          },
          too_large: { status: 413, body: googleError(413, 'INVALID_ARGUMENT', 'Request payload size exceeds the limit: 20971520 bytes.') },
          server: {
            status: 500,
            body: googleError(500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'),
          },
          empty: { status: 200, body: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 0 }], usageMetadata: usage } },
        });
    }
  }

  function modelNotFound(model: string): FakeAnswer {
    return {
      status: 404,
      body: googleError(
        404,
        'NOT_FOUND',
        `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
      ),
    };
  }

  async function outputImage(body: GeminiGenerateContentBody, config: GeminiGenerationConfig): Promise<Buffer> {
    const aspect = config.imageConfig?.aspectRatio ?? config.image_config?.aspect_ratio;
    const ratio = aspect ? /^(\d+):(\d+)$/.exec(aspect) : null;
    if (ratio) return solidPng(64, (64 * Number(ratio[2])) / Number(ratio[1]), GEMINI_OUTPUT_COLOR);
    const firstInline = (body.contents[0]?.parts ?? []).map((p) => p.inline_data ?? p.inlineData).find(Boolean);
    const size = firstInline ? await imageSize(Buffer.from(firstInline.data, 'base64')) : undefined;
    return solidPng(size?.width ?? 32, size?.height ?? 32, GEMINI_OUTPUT_COLOR);
  }

  /** Each answer as it was decided, beside its request (a delayed or dropped one too, though the client may not have read it). */
  const answers: Array<{ request: RecordedAiRequest; status: number; body: unknown }> = [];
  const server = await startFakeHttp(async (request) => {
    const decided = await answer(request);
    answers.push({ request, status: decided.status, body: decided.body });
    return decided;
  });
  return {
    /** Base URL for GeminiSettings.baseUrl. */
    url: server.origin,
    apiKey,
    requests: server.requests,
    answers,
    /** The next requests answer these failures, one each, in order. */
    failNext(...next: GeminiFailure[]) {
      failures.push(...next);
    },
    /** Text returned beside generated images. */
    setImageText(text: string) {
      state.text = text;
    },
    /** Text returned for text-only requests (describe, refine). */
    setText(text: string) {
      state.describeText = text;
    },
    /** usageMetadata of the next answers: image answers and text answers (absent: left as they are). */
    setUsage(usage: { image?: object; text?: object }) {
      if (usage.image) state.imageUsage = usage.image;
      if (usage.text) state.textUsage = usage.text;
    },
    close: server.close,
  };
}

export type FakeGemini = Awaited<ReturnType<typeof startFakeGemini>>;
