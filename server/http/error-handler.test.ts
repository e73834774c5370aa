import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDatabaseUnavailable, registerErrorHandler } from './error-handler.ts';

/** An error shaped like node-postgres raises it (SQLSTATE or errno in `code`). */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** Drizzle wraps a failed query and keeps the driver's error as `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['refused on every address', Object.assign(new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), { code: 'ECONNREFUSED' })],
    ['reset', pgError('read ECONNRESET', 'ECONNRESET')],
    ['admin shutdown (pg_terminate_backend)', pgError('terminating connection due to administrator command', '57P01')],
    ['crash shutdown', pgError('terminating connection because of crash of another server process', '57P02')],
    ['cannot connect now (starting up)', pgError('the database system is starting up', '57P03')],
    ['connection exception class 08', pgError('connection failure', '08006')],
    ['terminated', pgError('Connection terminated unexpectedly')],
    ['terminated (timeout)', pgError('Connection terminated due to connection timeout')],
    ['pool timeout', pgError('timeout exceeded when trying to connect')],
    ['wrapped by drizzle', wrapped(pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
    ['wrapped twice', wrapped(wrapped(pgError('terminating connection due to administrator command', '57P01')))],
  ])('answers true for %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', pgError('syntax error at or near "x"', '42601')],
    ['a wrapped check violation', wrapped(pgError('new row violates check constraint', '23514'))],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
    ['a cause cycle', (() => { const e = new Error('x') as Error & { cause?: unknown }; e.cause = e; return e; })()],
  ])('answers false for %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('a validation error names the field', () => {
  /** A Fastify app with the app's validator and error handler, and one route with strict bodies at two levels. */
  async function appWithStrictBody() {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandler(app);
    const body = z.strictObject({ tools: z.array(z.strictObject({ id: z.string(), status: z.enum(['on', 'off']) })) });
    app.post('/strict', { schema: { body } }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }
  const errorOf = async (payload: unknown) => {
    const app = await appWithStrictBody();
    try {
      const res = await app.inject({ method: 'POST', url: '/strict', payload: payload as object });
      return { status: res.statusCode, error: (res.json() as { error: { code: string; field?: string; message: string } }).error };
    } finally {
      await app.close();
    }
  };

  it('names the first unknown key of a strict body, where the issue itself has an empty path', async () => {
    const { status, error } = await errorOf({ tools: [], order: [1], other: true });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'order' });
  });

  it('joins an unknown key of a nested strict object with its path', async () => {
    const { error } = await errorOf({ tools: [{ id: 'a', status: 'on' }, { id: 'b', status: 'on', extra: 1 }] });
    expect(error.field).toBe('tools.1.extra');
  });

  it('still names a wrong value by its path', async () => {
    const { error } = await errorOf({ tools: [{ id: 'a', status: 'maybe' }] });
    expect(error.field).toBe('tools.0.status');
  });
});
