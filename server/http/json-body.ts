import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/** Whether any string (value or key) in a parsed JSON value holds U+0000. Iterative: depth cannot overflow the stack. */
function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (Array.isArray(current)) {
      stack.push(...current);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype poisoning refused, the route's body limit kept), taking an empty body as none, and
 * refusing text with a
 * NUL character: PostgreSQL cannot store U+0000 in text or jsonb, so it would otherwise fail mid-request
 * (after a credit hold) with a 500. JSON can only carry it as the escape \u0000, so other bodies skip the walk.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // The spec's clients send some bodiless calls with a JSON content type (POST /api/analytics/track): no body is
    // no body, and a route that needs one says so through its schema.
    if ((body as string).trim() === '') return done(null, undefined);
    parse(request, body as string, (err, value) => {
      if (err) return done(err, undefined);
      if ((body as string).includes('\\u0000') && holdsNul(value)) {
        return done(badRequest('The request contains a NUL character (\\u0000), which text fields cannot hold.'), undefined);
      }
      done(null, value);
    });
  });
}
