import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendApiNotFound } from './error-handler.ts';
import { badRequest } from '../lib/errors.ts';

const API_PREFIX = '/api/';

/** Whether a decoded query or path parameter value (a string, or a repeated key's array) holds U+0000. */
function holdsNul(values: unknown): boolean {
  if (values === null || typeof values !== 'object') return false;
  for (const [key, value] of Object.entries(values)) {
    if (key.includes('\u0000')) return true;
    if (typeof value === 'string' && value.includes('\u0000')) return true;
    if (Array.isArray(value) && value.some((item) => typeof item === 'string' && item.includes('\u0000'))) return true;
  }
  return false;
}

/** The URL carries a NUL in some form: percent-encoded (any case of %00 is the same) or raw. */
const urlMayHoldNul = (request: FastifyRequest) => request.url.includes('%00') || request.url.includes('\u0000');

/**
 * Checks every request's address before anything else runs, for every route, present and future:
 * - A NUL character in a query or path parameter is refused with 400, as in JSON bodies (json-body.ts):
 *   PostgreSQL cannot store U+0000 in text, so it would otherwise reach the driver and fail with a 500.
 * - An /api address that no API route took (the static files' catch-all got it, for example because a path
 *   parameter was longer than the router allows) is an unknown API object: 404 with the envelope, never a
 *   static-file answer (its fail-closed 403 for names too long to check).
 */
export function registerUrlGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (urlMayHoldNul(request) && (holdsNul(request.query) || holdsNul(request.params))) {
      throw badRequest('The address contains a NUL character (%00), which no parameter can hold.');
    }
    const route = request.routeOptions.url;
    if (route !== undefined && request.url.startsWith(API_PREFIX) && !route.startsWith(API_PREFIX)) {
      return sendApiNotFound(request, reply);
    }
  });
}
