import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';

export interface SystemRoutesDeps {
  database: Database;
  environment: string;
  isDevelopment: boolean;
}

/** Health for load balancers, and the development-host app config of spec 1 §7. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesDeps> = async (app, deps) => {
  app.get(
    '/health',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Database reachable',
        response: { 200: okSchema(z.object({ status: z.literal('ok'), database: z.string() })) },
      },
    },
    async () => {
      try {
        await deps.database.db.execute(sql`select 1`);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable');
      }
      return ok({ status: 'ok' as const, database: deps.database.kind });
    },
  );

  app.get(
    '/config',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Development host only: database and environment',
        response: { 200: okSchema(z.object({ database: z.string(), environment: z.string() })) },
      },
    },
    async () => {
      if (!deps.isDevelopment) throw notFound();
      return ok({ database: deps.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL', environment: deps.environment });
    },
  );
};
