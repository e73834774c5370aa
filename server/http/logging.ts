import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach the log. */
const SECRET_PARAMS = /([?&](?:token|code|key|secret|password|session_id)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Structured JSON logs with no cookies, tokens or passwords in them. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.csrf_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
        id: req.id,
      }),
    },
  };
}

/**
 * One log line per request, when it completes (with the request, the status and the time taken), instead of Fastify's
 * two (incoming, completed): the second line was a tenth of the profile call's CPU and told nothing the first did not.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
