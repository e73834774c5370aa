/**
 * Error codes of the envelope `{ success: false, error: { code, message } }`.
 * Each code has one HTTP status; the server's error handler and the web client both read this table.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  MAGIC_LINK_INVALID: 400,
  MAGIC_LINK_EXPIRED: 400,
  MAGIC_LINK_USED: 409,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INSUFFICIENT_CREDITS: 402,
  /** A monthly spending cap (the account's or the API key's) would be passed: refused before anything is held. */
  SPENDING_CAP_REACHED: 402,
  CSRF_INVALID: 403,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  RANGE_NOT_SATISFIABLE: 416,
  AI_CONTENT_BLOCKED: 422,
  AI_RATE_LIMITED: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  AI_PROVIDER_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  AI_TIMEOUT: 504,
  TIMEOUT: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  code: ErrorCode;
  /** For people: shown as it is, so it never starts with a field path. */
  message: string;
  /**
   * On a VALIDATION_ERROR from a request schema: the dotted path of the first field refused ('email', 'images.0'),
   * absent when the request as a whole was refused; `fields` lists every issue as `{ path, message }`.
   */
  field?: string;
  /** Extra fields some errors carry, such as required_credits on a 402. */
  [key: string]: unknown;
}

export type Envelope<T> = { success: true; data: T } | { success: false; error: ErrorBody };

/** Messages the browser shows (spec 1 §8). */
export const CLIENT_MESSAGES = {
  nonJson: 'Server configuration error - API not returning JSON',
  requestFailed: 'Request failed',
  magicLinkSendFailed: 'Failed to send magic link',
  verificationFailed: 'Verification failed',
  profileSaveFailed: 'Failed to update profile',
  toolsLoadFailed: 'Failed to load tools configuration',
} as const;
