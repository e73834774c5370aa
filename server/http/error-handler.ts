import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER } from '../../contract/constants.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { AppError } from '../lib/errors.ts';

const STATUS_CODES: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'VALIDATION_ERROR', message: 'The request is not valid.' },
  401: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
  403: { code: 'FORBIDDEN', message: 'You do not have access to this.' },
  404: { code: 'NOT_FOUND', message: 'Not found' },
  405: { code: 'NOT_FOUND', message: 'Not found' },
  408: { code: 'TIMEOUT', message: 'The request took too long. Please try again.' },
  409: { code: 'CONFLICT', message: 'The request conflicts with the current state.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type. Send JSON.' },
  429: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' },
  503: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable.' },
};

/** Fastify's own client errors whose text is safe and useful to show. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ success: false, error: { ...extra, code, message, request_id: request.id } });
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
// SQLSTATE 57P01 admin shutdown (pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now; class 08: connection exceptions.
const CONNECTION_SQLSTATE = /^(57P0[123]|08[0-9A-Z]{3})$/;
// node-postgres raises these without a code: a dropped connection, the pool's connection timeout, a closed pool.
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * Whether an error means the database cannot be reached (as opposed to a query it refused). Drizzle wraps the
 * driver's error, so the `cause` chain is followed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = err; e instanceof Error && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || CONNECTION_SQLSTATE.test(code))) return true;
    if (CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Maps every error to the one envelope; unknown errors are logged and answered with a plain 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // A wait the answer names (an AI provider's own Retry-After) is the header's too, for API clients.
      if (err.status === 429 && typeof err.extra?.retry_after === 'number') reply.header('retry-after', String(err.extra.retry_after));
      return sendError(reply, request, err.status, err.code, err.message, err.extra);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The message is shown to people as it is; the field it concerns is named beside it for API clients and forms.
      const first = err.validation[0];
      const field = first ? fieldOf(first) : undefined;
      return sendError(reply, request, 400, 'VALIDATION_ERROR', first?.message ?? 'The request is not valid.', {
        ...(field ? { field } : {}),
        fields: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = STATUS_CODES[status] ?? STATUS_CODES[400]!;
      const message =
        (err.code && FASTIFY_MESSAGES[err.code]) ||
        (status === 429 && err.message) ||
        (status === 400 ? badJsonMessage(err) : known.message);
      return sendError(reply, request, status, known.code, message);
    }
    if (isDatabaseUnavailable(err)) {
      // The database is down or restarting: a passing state the client should retry, not a bug (health says the same).
      request.log.warn({ err }, 'database unreachable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, request, 503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again shortly.');
    }
    request.log.error({ err }, 'unhandled error');
    if (status === 503) return sendError(reply, request, 503, 'SERVICE_UNAVAILABLE', STATUS_CODES[503]!.message);
    return sendError(reply, request, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
}

/**
 * The field a validation issue concerns, as a dotted path (`tools.0.status`). An unknown key of a strict object is
 * reported at the object itself (its path may be empty), so the first unknown key is appended: `tools.0.extra`.
 */
function fieldOf(issue: { instancePath?: string; keyword?: string; params?: Record<string, unknown> }): string | undefined {
  const at = (issue.instancePath ?? '').replace(/^\//, '');
  const path = at ? at.split('/') : [];
  const keys = issue.params?.keys;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && typeof keys[0] === 'string') path.push(keys[0]);
  return path.length ? path.join('.') : undefined;
}

function badJsonMessage(err: FastifyError): string {
  if (/prototype/i.test(err.message)) return 'The request body contains a forbidden property.';
  if (err instanceof SyntaxError || /JSON/i.test(err.message)) return 'The request body is not valid JSON.';
  return 'The request is not valid.';
}

/**
 * Errors Fastify raises before routing (a URL that does not decode: 400; a path parameter over the length limit: 404):
 * they skip the hooks and the error handler, so they get the envelope and the request id here.
 */
export function sendFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header(REQUEST_ID_HEADER, request.id).header('x-content-type-options', 'nosniff');
  if ((err.statusCode ?? 500) >= 500) {
    request.log.error({ err }, 'framework error');
    return sendError(reply, request, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  }
  // No object has an id that long: answer as for any unknown one.
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, request, 404, 'NOT_FOUND', 'Not found');
  return sendError(reply, request, 400, 'VALIDATION_ERROR', 'The address is not valid.');
}

/** The envelope for unknown API paths. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, request, 404, 'NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`);
}
