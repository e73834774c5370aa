import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toolsConfigResponse } from '../../../contract/tools.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { ToolsService } from './service.ts';

export const toolsRoutes: FastifyPluginAsyncZod<{ tools: ToolsService }> = async (app, deps) => {
  app.get(
    '/config',
    { config: { auth: 'public' }, schema: { tags: ['tools'], summary: 'The tool catalogue', response: { 200: okSchema(toolsConfigResponse) } } },
    // Read from the database on every call and never stored by the browser or a proxy, so an admin's change shows on
    // the next page load of every user. The spec's 5-minute cache is the web client's in-memory query cache within
    // one page session (TOOLS_CONFIG_CACHE_MS, web/lib/tools-config.ts); the admin's own client refreshes it on save.
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ tools: await deps.tools.list() });
    },
  );
};
