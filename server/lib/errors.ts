import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';

/** A failure the user can act on. The error handler turns it into the envelope with its status. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields for the error body (for example required_credits on a 402). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError('VALIDATION_ERROR', message, extra);
export const unauthenticated = (message = 'Please sign in to continue.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError('CONFLICT', message, extra);
export const rateLimited = (message: string) => new AppError('RATE_LIMITED', message);
export const payloadTooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);
export const serviceUnavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);
export const magicLinkInvalid = (message: string) => new AppError('MAGIC_LINK_INVALID', message);

/** The wait a rate limit states, in the largest whole unit that fits (rounded up, never "0 seconds"). */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The one 429 every rate limit answers: `errorResponseBuilder` of @fastify/rate-limit, given what was limited
 * ("requests", "AI requests", "sign-in attempts from your network"). The wait is the limiter's own (its `ttl`,
 * the time left in the window), the same figure as the Retry-After header it sets.
 */
export const tooManyRequests =
  (what: string) =>
  (_request: unknown, context: { ttl: number }): AppError =>
    rateLimited(`Too many ${what}. Please wait ${describeWait(context.ttl)} and try again.`);
