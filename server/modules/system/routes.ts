import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devConfigResponse, healthResponse } from '../../../contract/system.ts';
import type { Database } from '../../db/client.ts';
import { notFound, serviceUnavailable } from '../../lib/errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../http/error-handler.ts';
import { pingDatabase } from './repository.ts';

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
      schema: { tags: ['system'], summary: 'Database reachable', response: { 200: okSchema(healthResponse) } },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(deps.database.db);
      } catch {
        // A load balancer or client retries after the same wait every other call names while the database is down.
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        throw serviceUnavailable('Database unreachable');
      }
      return ok({ status: 'ok' as const, database: deps.database.kind });
    },
  );

  app.get(
    '/config',
    {
      config: { auth: 'public' },
      schema: { tags: ['system'], summary: 'Development host only: database and environment', response: { 200: okSchema(devConfigResponse) } },
    },
    async () => {
      if (!deps.isDevelopment) throw notFound();
      return ok({ database: deps.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL', environment: deps.environment });
    },
  );
};
