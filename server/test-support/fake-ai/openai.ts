import {
  commonFailureAnswer,
  delayOf,
  field,
  imageSize,
  solidPng,
  startFakeHttp,
  type CommonFailure,
  type FakeAnswer,
  type RecordedAiRequest,
} from './http.ts';
import { openAiChatBody, sentModel } from './request-bodies.ts';

/**
 * The schemas of OpenAI's published OpenAPI document (server/test-support/provider-schemas/openai.json, derived from
 * github.com/openai/openai-openapi) each route's request and answers are held to, by `validator('openai')`.
 */
export const OPENAI_ROUTE_SCHEMAS = {
  '/v1/images/edits': { request: 'CreateImageEditRequest', multipart: true, response: () => 'ImagesResponse' },
  '/v1/chat/completions': { request: 'CreateChatCompletionRequest', multipart: false, response: () => 'CreateChatCompletionResponse' },
  '/v1/audio/transcriptions': {
    request: 'CreateTranscriptionRequest',
    multipart: true,
    response: (request: RecordedAiRequest) => (field(request, 'response_format') === 'verbose_json' ? 'CreateTranscriptionResponseVerboseJson' : 'CreateTranscriptionResponseJson'),
  },
} as const;

/**
 * A recorded request's body as the object the document's request schema describes. JSON bodies as sent. Multipart
 * bodies: each text field a string (multipart carries text; we send only string-typed fields); each file part a
 * string (the document's `type: string, format: binary`), written `<binary filename type bytes>`; a field named
 * `name[]` (how the SDK sends an array, e.g. `image[]`) becomes the array `name`, and a plain field sent more than
 * once an array too.
 */
export function openAiRequestBody(request: RecordedAiRequest): unknown {
  if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) return request.json;
  const body: Record<string, unknown> = {};
  const put = (name: string, values: string[]) => {
    if (name.endsWith('[]')) {
      const key = name.slice(0, -2);
      body[key] = [...((body[key] as string[] | undefined) ?? []), ...values];
    } else {
      body[name] = values.length === 1 ? values[0] : values;
    }
  };
  for (const [name, values] of Object.entries(request.fields)) put(name, values);
  for (const [name, files] of Object.entries(request.files)) put(name, files.map((f) => `<binary ${f.filename} ${f.type} ${f.data.length}>`));
  return body;
}

/** An answer the fake sent, for holding it to the document's response schema. */
export interface OpenAiAnswer {
  path: string;
  status: number;
  body: unknown;
  /** The request it answered. */
  request: RecordedAiRequest;
  /** The failure it was told to answer (failNext), if any: 'empty' and 'malformed' break the document on purpose. */
  failure?: string;
}

/** Image models OpenAI has retired (gpt-image-1 on 23 Oct 2026; DALL·E 2 and 3): 404 model_not_found. */
export const OPENAI_RETIRED_MODELS = /^(gpt-image-1|dall-e-\d.*)$/;

/**
 * A fake OpenAI-compatible API on a loopback port (base URL `{origin}/v1`, `Authorization: Bearer …`):
 *
 * - `POST /v1/images/edits` (multipart `image[]`/`image`, `prompt`, `mask`, `model`, `size`) →
 *   `{ created, data: [{ b64_json }], output_format, size, usage }`; the PNG is 1/32 of the asked size
 *   (1536x1024 → 48x32) or, for `auto`, the first image's size (the answer's `size` names the standard size nearest
 *   its shape, as the document's enum allows only 1024x1024, 1024x1536 and 1536x1024). Retired models (gpt-image-1,
 *   dall-e-*) answer 404 model_not_found; images that are not PNG, JPEG or WebP answer 400 invalid_image_format.
 * - `POST /v1/chat/completions` → a `chat.completion` object with the configured text.
 * - `POST /v1/audio/transcriptions` (multipart `file`, `model`, `response_format`, `language`) →
 *   verbose_json `{ task, language, duration, text, segments, usage: duration }` or json `{ text, usage }` (token
 *   usage for the gpt-*transcribe* models, duration usage for whisper). The gpt-4o-*transcribe models refuse any
 *   format but json (and text), as the document says: 400 unsupported_value.
 *
 * Errors use OpenAI's body `{ error: { message, type, param, code } }`. Every request is in `requests`, every answer
 * the fake sent in `answers`, so tests hold both to the published document (OPENAI_ROUTE_SCHEMAS).
 */

export type OpenAiFailure =
  | CommonFailure
  /** 429 insufficient_quota. */
  | 'quota'
  /** 404 model_not_found for the model the request named. */
  | 'model_not_found'
  /** 400 moderation_blocked (gpt-image safety system). */
  | 'moderation_blocked'
  /** 400 content_policy_violation (DALL·E safety system). */
  | 'content_policy_violation'
  /** Chat answer withheld: finish_reason content_filter, content null. */
  | 'content_filter'
  /** Chat answer with message.refusal. */
  | 'refusal';

export interface FakeOpenAiOptions {
  apiKey?: string;
}

export const OPENAI_OUTPUT_COLOR = { r: 40, g: 90, b: 220 };

function openAiError(message: string, type: string, code: string | null = null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}) {
  const apiKey = options.apiKey ?? 'sk-test-openai-key';
  const failures: OpenAiFailure[] = [];
  const answers: OpenAiAnswer[] = [];
  const state = { chatText: 'A bright test card with a red square.', transcript: 'Hello and welcome to the show.', duration: 12.5 };
  const now = () => Math.floor(Date.now() / 1000);

  async function answer(request: RecordedAiRequest): Promise<FakeAnswer> {
    const told: { failure?: OpenAiFailure } = {};
    const sent = await respond(request, told);
    if (!sent.disconnect && sent.body !== undefined && !Buffer.isBuffer(sent.body) && typeof sent.body === 'object') {
      const failure = typeof told.failure === 'string' ? told.failure : undefined;
      answers.push({ path: request.path, status: sent.status, body: sent.body, request, ...(failure ? { failure } : {}) });
    }
    return sent;
  }

  async function respond(request: RecordedAiRequest, told: { failure?: OpenAiFailure }): Promise<FakeAnswer> {
    const header = request.headers.authorization;
    if (!header) {
      return {
        status: 401,
        body: openAiError(
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
          'invalid_request_error',
        ),
      };
    }
    const key = /^Bearer (.+)$/.exec(header)?.[1] ?? '';
    if (key !== apiKey) {
      const shown = key.length > 8 ? `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}` : key;
      return {
        status: 401,
        body: openAiError(
          `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          'invalid_api_key',
        ),
      };
    }
    const route = `${request.method} ${request.path}`;
    if (!['POST /v1/images/edits', 'POST /v1/chat/completions', 'POST /v1/audio/transcriptions'].includes(route)) {
      return { status: 404, body: openAiError(`Invalid URL (${request.method} ${request.path})`, 'invalid_request_error') };
    }

    const failure = failures.shift();
    told.failure = failure;
    if (failure !== undefined && typeof failure !== 'object') {
      const special = failureAnswer(failure, request);
      if (special) return special;
    }
    const delayMs = delayOf(failure);
    const model = modelOf(request);
    if (model && request.path === '/v1/images/edits' && OPENAI_RETIRED_MODELS.test(model)) return modelNotFound(model);
    const normal =
      request.path === '/v1/images/edits' ? await imageEdit(request) : request.path === '/v1/chat/completions' ? chat(request) : transcription(request);
    return { ...normal, delayMs };
  }

  async function imageEdit(request: RecordedAiRequest): Promise<FakeAnswer> {
    const prompt = field(request, 'prompt');
    if (!prompt) return { status: 400, body: openAiError("Missing required parameter: 'prompt'.", 'invalid_request_error', 'missing_required_parameter', 'prompt') };
    const images = request.files['image[]'] ?? request.files.image ?? [];
    if (images.length === 0) {
      return { status: 400, body: openAiError("Missing required parameter: 'image'.", 'invalid_request_error', 'missing_required_parameter', 'image') };
    }
    const unsupported = images.findIndex((image) => !['image/png', 'image/jpeg', 'image/webp'].includes(image.type));
    if (unsupported >= 0) {
      return {
        status: 400,
        body: openAiError(
          `Invalid file 'image': unsupported mimetype ('${images[unsupported]!.type}'). Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`,
          'invalid_request_error',
          'invalid_image_format',
          'image',
        ),
      };
    }
    const size = field(request, 'size') ?? 'auto';
    const asked = /^(\d+)x(\d+)$/.exec(size);
    const first = await imageSize(images[0]!.data);
    if (!first) return { status: 400, body: openAiError('Invalid image file or mode for image 1, please check your image file.', 'invalid_request_error', 'invalid_image_file', 'image') };
    const [width, height] = asked ? [Number(asked[1]) / 32, Number(asked[2]) / 32] : [first.width, first.height];
    const png = await solidPng(width, height, OPENAI_OUTPUT_COLOR);
    return {
      status: 200,
      body: {
        created: now(),
        background: 'opaque',
        data: [{ b64_json: png.toString('base64') }],
        output_format: 'png',
        quality: 'medium',
        size: asked ? size : nearestStandardSize(first.width, first.height),
        usage: {
          input_tokens: 323,
          input_tokens_details: { image_tokens: 258, text_tokens: 65 },
          output_tokens: 1056,
          output_tokens_details: { image_tokens: 1056, text_tokens: 0 },
          total_tokens: 1379,
        },
      },
    };
  }

  function chat(request: RecordedAiRequest, override?: Partial<{ content: string | null; refusal: string | null; finish_reason: string }>): FakeAnswer {
    if (!sentModel.safeParse(request.json).success) return { status: 400, body: openAiError('you must provide a model parameter', 'invalid_request_error') };
    const body = openAiChatBody.safeParse(request.json);
    if (!body.success) {
      return { status: 400, body: openAiError("Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter', 'messages') };
    }
    const { model } = body.data;
    return {
      status: 200,
      body: {
        id: `chatcmpl-${Math.random().toString(36).slice(2, 14)}`,
        object: 'chat.completion',
        created: now(),
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: state.chatText, refusal: null, annotations: [], ...pick(override, ['content', 'refusal']) },
            logprobs: null,
            finish_reason: override?.finish_reason ?? 'stop',
          },
        ],
        usage: { prompt_tokens: 312, completion_tokens: 14, total_tokens: 326 },
        system_fingerprint: 'fp_fake',
      },
    };
  }

  function transcription(request: RecordedAiRequest): FakeAnswer {
    const file = request.files.file?.[0];
    if (!file) return { status: 400, body: openAiError("Missing required parameter: 'file'.", 'invalid_request_error', 'missing_required_parameter', 'file') };
    if (!field(request, 'model')) return { status: 400, body: openAiError("Missing required parameter: 'model'.", 'invalid_request_error', 'missing_required_parameter', 'model') };
    // The real API refuses audio over 25 MB before reading it.
    if (file.data.length > 25 * 1024 * 1024) {
      return { status: 413, body: openAiError('Maximum content size limit (26214400) exceeded (26214401 bytes read)', 'invalid_request_error', null, null) };
    }
    const model = field(request, 'model')!;
    const format = field(request, 'response_format') ?? 'json';
    // The document: "For gpt-4o-transcribe and gpt-4o-mini-transcribe, the only supported format is json".
    if (/^gpt-4o(-mini)?-transcribe/.test(model) && !['json', 'text'].includes(format) && !model.includes('diarize')) {
      return {
        status: 400,
        body: openAiError(`response_format '${format}' is not compatible with model '${model}'. Use 'json' or 'text' instead.`, 'invalid_request_error', 'unsupported_value', 'response_format'),
      };
    }
    const tokenBilled = /^gpt-.*transcribe/.test(model);
    const audioTokens = Math.round(state.duration * 10);
    const outputTokens = Math.max(1, Math.round(state.transcript.length / 4));
    const usage = tokenBilled
      ? { type: 'tokens', input_tokens: audioTokens + 12, input_token_details: { text_tokens: 12, audio_tokens: audioTokens }, output_tokens: outputTokens, total_tokens: audioTokens + 12 + outputTokens }
      : { type: 'duration', seconds: Math.ceil(state.duration) };
    if (format !== 'verbose_json') return { status: 200, body: { text: state.transcript, usage } };
    return {
      status: 200,
      body: {
        task: 'transcribe',
        language: 'english',
        duration: state.duration,
        text: state.transcript,
        segments: [
          {
            id: 0,
            seek: 0,
            start: 0,
            end: state.duration,
            text: ` ${state.transcript}`,
            tokens: [50364, 2425, 293, 2928, 281, 264, 855, 13],
            temperature: 0,
            avg_logprob: -0.21,
            compression_ratio: 0.91,
            no_speech_prob: 0.01,
          },
        ],
        usage,
      },
    };
  }

  function modelNotFound(model: string): FakeAnswer {
    return { status: 404, body: openAiError(`The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found') };
  }

  function failureAnswer(failure: Exclude<OpenAiFailure, { delayMs: number }>, request: RecordedAiRequest): FakeAnswer | undefined {
    const path = request.path;
    switch (failure) {
      case 'model_not_found':
        return modelNotFound(modelOf(request) ?? 'unknown');
      case 'quota':
        return {
          status: 429,
          body: openAiError(
            'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
            'insufficient_quota',
            'insufficient_quota',
          ),
        };
      case 'moderation_blocked':
        return {
          status: 400,
          body: openAiError(
            'Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_fake123. safety_violations=[violence].',
            'image_generation_user_error',
            'moderation_blocked',
          ),
        };
      case 'content_policy_violation':
        return {
          status: 400,
          body: openAiError(
            'Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.',
            'invalid_request_error',
            'content_policy_violation',
          ),
        };
      case 'content_filter':
        return chat(request, { content: null, finish_reason: 'content_filter' });
      case 'refusal':
        return chat(request, { content: null, refusal: "I'm sorry, I can't help with that image." });
      default:
        return commonFailureAnswer(failure, {
          rate_limit: {
            status: 429,
            headers: { 'retry-after': '12', 'x-ratelimit-remaining-requests': '0' },
            body: openAiError(
              `Rate limit reached for ${modelOf(request) ?? 'gpt-image-2'} in organization org-fake on images per minute (IPM): Limit 5, Used 5, Requested 1. Please try again in 12s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
              'requests',
              'rate_limit_exceeded',
            ),
          },
          unauthorized: {
            status: 401,
            body: openAiError('Incorrect API key provided: sk-re***oked. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', 'invalid_api_key'),
          },
          too_large: { status: 413, body: openAiError('Maximum content size limit (26214400) exceeded (31457280 bytes read)', 'server_error') },
          server: { status: 500, body: openAiError('The server had an error while processing your request. Sorry about that!', 'server_error') },
          empty: {
            status: 200,
            body:
              path === '/v1/images/edits'
                ? { created: now(), data: [] }
                : path === '/v1/chat/completions'
                  ? { id: 'chatcmpl-empty', object: 'chat.completion', created: now(), model: 'x', choices: [] }
                  : { task: 'transcribe' },
          },
        });
    }
  }

  const server = await startFakeHttp((request) => answer(request));
  return {
    /** Base URL for OpenAiSettings.baseUrl (includes /v1). */
    url: `${server.origin}/v1`,
    origin: server.origin,
    apiKey,
    requests: server.requests,
    /** Every JSON answer the fake sent (errors included), with the request it answered. */
    answers,
    failNext(...next: OpenAiFailure[]) {
      failures.push(...next);
    },
    setChatText(text: string) {
      state.chatText = text;
    },
    setTranscript(text: string, durationSeconds: number) {
      state.transcript = text;
      state.duration = durationSeconds;
    },
    close: server.close,
  };
}

function modelOf(request: RecordedAiRequest): string | undefined {
  const model = field(request, 'model') ?? (request.json as { model?: unknown } | undefined)?.model;
  return typeof model === 'string' ? model : undefined;
}

/** The standard GPT image size nearest an image's shape (the document's ImagesResponse.size enum). */
function nearestStandardSize(width: number, height: number): '1024x1024' | '1536x1024' | '1024x1536' {
  const ratio = width / height;
  return ratio > 1.15 ? '1536x1024' : ratio < 1 / 1.15 ? '1024x1536' : '1024x1024';
}

function pick<T extends object>(source: T | undefined, keys: Array<keyof T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of keys) if (source && key in source) out[key] = source[key];
  return out;
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
