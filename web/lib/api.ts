/**
 * The one way the browser talks to the server (spec 1 §7, §8):
 * - every call goes under /api, sends cookies and speaks JSON;
 * - POST, PUT, PATCH and DELETE carry the session's CSRF token in X-CSRF-Token; a paid call can carry an Idempotency-Key;
 * - an answer that is not JSON is rejected with CLIENT_MESSAGES.nonJson;
 * - `{ success: false, error }` (or any non-2xx answer) becomes an ApiError.
 */
import type { z } from 'zod';
import { API_BASE, CSRF_HEADER } from '../../contract/constants.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/credits.ts';
import { CLIENT_MESSAGES, type Envelope } from '../../contract/errors.ts';

/** A failed call: HTTP status (0 when the network failed), the envelope's code and message, and any extra error fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra fields of the error body, e.g. required_credits, available_credits and deficit on a 402. */
  readonly details: Readonly<Record<string, unknown>>;
  /** True when the server gave no message and this one is the generic 'Request failed'. */
  readonly generic: boolean;

  constructor(status: number, code: string, message: string | undefined, details: Record<string, unknown> = {}) {
    super(message || CLIENT_MESSAGES.requestFailed);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.generic = !message;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/**
 * The message to show for a failure: the server's message when it gave one, else the screen's own fallback
 * (e.g. 'Failed to send magic link').
 */
export function errorMessage(error: unknown, fallback: string = CLIENT_MESSAGES.requestFailed): string {
  if (error instanceof ApiError && error.generic) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

// --- The session's CSRF token: set whenever profile, verify or login answers, cleared on logout. ---
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

// --- Requests ---
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData and Blob are sent as they are. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key on a paid call: one per user action (see web/lib/idempotency.ts). */
  idempotencyKey?: string;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/auth/profile` → `/api/auth/profile?…` */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithStatus<T>(path, options)).data;
}

/** apiRequest, also telling the answer's HTTP status (a paid call's 202 means the work goes on: web/lib/generations.ts). */
export async function apiRequestWithStatus<T>(path: string, options: RequestOptions = {}): Promise<{ status: number; data: T }> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (MUTATING.has(method) && csrfToken) headers[CSRF_HEADER] = csrfToken;
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  return { status: response.status, data: await readEnvelope<T>(response) };
}

/** Turns a response into its data, or throws an ApiError. */
export async function readEnvelope<T>(response: Response): Promise<T> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().includes('application/json')) {
    throw new ApiError(response.status, 'NON_JSON', CLIENT_MESSAGES.nonJson);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.status, 'NON_JSON', CLIENT_MESSAGES.nonJson);
  }
  if (response.ok && envelope && envelope.success === true) return envelope.data;

  const error: Record<string, unknown> =
    envelope && envelope.success === false && typeof envelope.error === 'object' && envelope.error !== null
      ? { ...envelope.error }
      : {};
  const { code, message, ...details } = error;
  throw new ApiError(
    response.status,
    typeof code === 'string' && code ? code : 'REQUEST_FAILED',
    typeof message === 'string' && message ? message : undefined,
    details,
  );
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Checks an answer against its contract schema; a shape the app cannot read becomes an Error with the screen's message. */
export function parseAnswer<T>(schema: z.ZodType<T>, data: unknown, message: string): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    console.error(message, result.error);
    throw new Error(message);
  }
  return result.data;
}
