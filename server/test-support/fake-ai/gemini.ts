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
import { geminiGenerateContentBody, type GeminiGenerateContentBody, type GeminiGenerationConfig } from './request-bodies.ts';

/**
 * A fake Gemini API on a loopback port: `POST /v1beta/models/{model}:generateContent`, key in
 * `x-goog-api-key` (or `?key=`). It answers as the real API does, camelCase:
 * `{ candidates: [{ content: { role: 'model', parts: [{ text }, { inlineData: { mimeType, data } }] },
 * finishReason: 'STOP', index: 0 }], usageMetadata, modelVersion, responseId }`. With IMAGE in
 * generationConfig.responseModalities it returns a solid PNG the size of the first input image (or
 * 64 px wide at imageConfig.aspectRatio). A missing key answers 403 PERMISSION_DENIED, a wrong one
 * 400 INVALID_ARGUMENT with reason API_KEY_INVALID, like the real service.
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
  | 'unavailable';

export interface FakeGeminiOptions {
  apiKey?: string;
}

export const GEMINI_OUTPUT_COLOR = { r: 30, g: 160, b: 90 };

function googleError(code: number, status: string, message: string, details?: unknown[]) {
  return { error: { code, message, status, ...(details ? { details } : {}) } };
}

export async function startFakeGemini(options: FakeGeminiOptions = {}) {
  const apiKey = options.apiKey ?? 'test-gemini-key';
  const failures: GeminiFailure[] = [];
  const state = { text: 'Here is the edited image.', describeText: 'A small square image in soft colours.' };

  const usage = { promptTokenCount: 1290, candidatesTokenCount: 1300, totalTokenCount: 2590 };

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

    const failure = failures.shift();
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
        usageMetadata: usage,
        modelVersion: model,
        responseId: `fake-${Math.random().toString(36).slice(2, 12)}`,
      },
    };
  }

  function failureAnswer(failure: Exclude<GeminiFailure, { delayMs: number }>, model: string): FakeAnswer | undefined {
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
                  violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaValue: '10' }],
                },
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

  async function outputImage(body: GeminiGenerateContentBody, config: GeminiGenerationConfig): Promise<Buffer> {
    const aspect = config.imageConfig?.aspectRatio ?? config.image_config?.aspect_ratio;
    const ratio = aspect ? /^(\d+):(\d+)$/.exec(aspect) : null;
    if (ratio) return solidPng(64, (64 * Number(ratio[2])) / Number(ratio[1]), GEMINI_OUTPUT_COLOR);
    const firstInline = (body.contents[0]?.parts ?? []).map((p) => p.inline_data ?? p.inlineData).find(Boolean);
    const size = firstInline ? await imageSize(Buffer.from(firstInline.data, 'base64')) : undefined;
    return solidPng(size?.width ?? 32, size?.height ?? 32, GEMINI_OUTPUT_COLOR);
  }

  const server = await startFakeHttp((request) => answer(request));
  return {
    /** Base URL for GeminiSettings.baseUrl. */
    url: server.origin,
    apiKey,
    requests: server.requests,
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
    close: server.close,
  };
}

export type FakeGemini = Awaited<ReturnType<typeof startFakeGemini>>;
