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
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const rateLimited = (message: string) => new AppError('RATE_LIMITED', message);
