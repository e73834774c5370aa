import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';

/**
 * What an admin screen says when a load fails (spec 3 §8): 403 'Access denied. Admin privileges required.', 500 the
 * server-error line of the screen, any other status 'HTTP error {status}' followed by the server's reason when it gave
 * one. A network failure keeps its own message.
 */
export function adminLoadError(error: unknown, serverError: string = ADMIN_MESSAGES.serverError): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return ADMIN_MESSAGES.forbidden;
    if (error.status >= 500) return serverError;
    if (error.status > 0) return error.generic ? ADMIN_MESSAGES.httpError(error.status) : `${ADMIN_MESSAGES.httpError(error.status)}: ${error.message}`;
  }
  return errorMessage(error);
}

/**
 * What an admin write says when it fails: the screen's own line (e.g. 'Failed to save configuration') followed by the
 * server's reason when it gave one, so 'Service type is required' is not hidden behind a generic line.
 */
export function adminWriteError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 403) return ADMIN_MESSAGES.forbidden;
  if (error instanceof ApiError && !error.generic && error.status > 0 && error.status < 500) return `${fallback}: ${error.message}`;
  return fallback;
}
