import type { AiErrorClass } from '../../../contract/ai.ts';
import { ProviderError } from './types.ts';

/**
 * One small HTTP helper for every AI adapter: JSON, multipart and raw-body calls with fetch, a per-call
 * timeout combined with the caller's signal, and every failure turned into a classified ProviderError:
 *
 * - an HTTP error status → the provider's own message (each adapter parses its error body) and status;
 * - no answer within the timeout → class `timeout`;
 * - connection refused, reset or closed, DNS failure → class `network`;
 * - an answer that is not what the API promises (not JSON, cut short) → class `server`;
 * - the caller's signal aborting → class `unknown`, message says it was cancelled.
 *
 * Auth headers go only to the provider's own origin, never to a download URL elsewhere.
 */

export interface ParsedProviderError {
  message?: string;
  /** Set when the body names the class for sure (an error code); otherwise status and message decide. */
  errorClass?: AiErrorClass;
}

/** Reads a provider's error body (JSON when it parsed, else undefined) into a message and maybe a class. */
export type ErrorBodyParser = (body: unknown, status: number) => ParsedProviderError | undefined;

export interface HttpClientOptions {
  /** Display name used in errors: 'Gemini', 'OpenAI', … */
  provider: string;
  /** Base URL without a trailing slash requirement; request paths are appended to it. */
  baseUrl: string;
  /** Authentication headers, sent only to baseUrl's origin. */
  authHeaders: Record<string, string>;
  /** Default per-call timeout in milliseconds. */
  timeoutMs: number;
  parseError?: ErrorBodyParser;
  /** Largest answer read into memory (default 64 MB). */
  maxResponseBytes?: number;
}

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Path appended to the base URL ('/v1beta/models/x:generateContent'), or an absolute URL. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body (sets Content-Type: application/json). */
  json?: unknown;
  /** A multipart body (fetch sets the boundary). */
  form?: FormData;
  /** A raw body with its Content-Type. */
  body?: Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}

export interface HttpClient {
  readonly provider: string;
  /** Sends the request and parses a JSON answer. */
  json<T = unknown>(request: HttpRequest): Promise<{ status: number; headers: Headers; body: T }>;
  /** Sends the request and returns the answer's bytes (downloads). */
  bytes(request: HttpRequest): Promise<{ status: number; headers: Headers; data: Buffer; contentType: string }>;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  function resolve(request: HttpRequest): URL {
    const url = /^[a-z][a-z0-9+.-]*:/i.test(request.path)
      ? new URL(request.path)
      : new URL(request.path.replace(/^\//, ''), base);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  async function send(request: HttpRequest): Promise<{ response: Response; data: Buffer }> {
    const url = resolve(request);
    const timeoutMs = request.timeoutMs ?? options.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;

    const headers: Record<string, string> = { ...(url.origin === base.origin ? options.authHeaders : {}), ...request.headers };
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      body = request.form;
    } else if (request.body) {
      headers['Content-Type'] = request.contentType ?? 'application/octet-stream';
      // Buffers are Uint8Array<ArrayBufferLike>; fetch sends any of them as they are (no copy).
      body = request.body as Uint8Array<ArrayBuffer>;
    }

    try {
      const response = await fetch(url, { method: request.method ?? (body ? 'POST' : 'GET'), headers, body, signal });
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel().catch(() => {});
        throw new ProviderError(options.provider, `${options.provider} answered ${declared} bytes, more than the ${maxBytes} allowed`, response.status, 'file_too_large');
      }
      const data = Buffer.from(await response.arrayBuffer());
      if (data.length > maxBytes) {
        throw new ProviderError(options.provider, `${options.provider} answered ${data.length} bytes, more than the ${maxBytes} allowed`, response.status, 'file_too_large');
      }
      return { response, data };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw transportError(options.provider, error, { timedOut: timeout.aborted, cancelled: request.signal?.aborted === true, timeoutMs, url });
    }
  }

  function statusError(response: Response, data: Buffer): ProviderError {
    const text = data.toString('utf8');
    let parsedBody: unknown;
    try {
      parsedBody = text ? JSON.parse(text) : undefined;
    } catch {
      parsedBody = undefined;
    }
    const parsed = (parsedBody !== undefined ? options.parseError?.(parsedBody, response.status) : undefined) ?? {};
    const message =
      parsed.message ||
      (parsedBody !== undefined ? genericErrorMessage(parsedBody) : undefined) ||
      plainTextMessage(text) ||
      `${options.provider} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return new ProviderError(options.provider, message, response.status, parsed.errorClass);
  }

  return {
    provider: options.provider,
    async json<T>(request: HttpRequest) {
      const { response, data } = await send(request);
      if (!response.ok) throw statusError(response, data);
      const text = data.toString('utf8');
      try {
        return { status: response.status, headers: response.headers, body: JSON.parse(text) as T };
      } catch {
        throw malformed(options.provider, `an answer that is not JSON (${describeText(text)})`, response.status);
      }
    },
    async bytes(request: HttpRequest) {
      const { response, data } = await send(request);
      if (!response.ok) throw statusError(response, data);
      return {
        status: response.status,
        headers: response.headers,
        data,
        contentType: response.headers.get('content-type')?.split(';')[0]?.trim() ?? 'application/octet-stream',
      };
    },
  };
}

/** The provider answered, but not with what its API promises: a server-side fault, safe to retry. */
export function malformed(provider: string, what: string, status?: number): ProviderError {
  return new ProviderError(provider, `${provider} sent ${what}`, status, 'server');
}

function transportError(
  provider: string,
  error: unknown,
  context: { timedOut: boolean; cancelled: boolean; timeoutMs: number; url: URL },
): ProviderError {
  let result: ProviderError;
  if (context.timedOut) {
    result = new ProviderError(provider, `${provider} did not answer within ${formatMs(context.timeoutMs)} (timed out)`, undefined, 'timeout');
  } else if (context.cancelled) {
    result = new ProviderError(provider, `The request to ${provider} was cancelled`, undefined, 'unknown');
  } else {
    const detail = networkDetail(error);
    result = new ProviderError(provider, `Network error reaching ${provider} at ${context.url.host}: ${detail}`, undefined, 'network');
  }
  result.cause = error;
  return result;
}

/** fetch's TypeError('fetch failed') hides the reason in `cause` (ECONNREFUSED, UND_ERR_SOCKET, …). */
function networkDetail(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { message?: string; code?: string };
    const piece = [e.code, e.message].filter(Boolean).join(' ');
    if (piece && !parts.some((p) => p.includes(piece))) parts.push(piece);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(': ') || 'fetch failed';
}

/** Error messages in the common shapes: {error:{message}}, {error:'…'}, {message}, {detail}, {err_msg}. */
export function genericErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : undefined;
  const b = body as Record<string, unknown>;
  const error = b.error;
  if (error && typeof error === 'object' && typeof (error as Record<string, unknown>).message === 'string') {
    return (error as Record<string, string>).message;
  }
  for (const value of [error, b.message, b.detail, b.err_msg, b.title]) {
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

function plainTextMessage(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed || trimmed.startsWith('<') || trimmed.length > 300) return undefined;
  return trimmed;
}

function describeText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return 'empty body';
  return `starts with ${JSON.stringify(trimmed.slice(0, 40))}`;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/** The image type from its first bytes (PNG, JPEG, WebP, GIF), or the fallback. */
export function detectImageMime(data: Buffer, fallback = 'image/png'): string {
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 6 && data.toString('ascii', 0, 4) === 'GIF8') return 'image/gif';
  return fallback;
}

/** Resolves after `ms`, or rejects at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
