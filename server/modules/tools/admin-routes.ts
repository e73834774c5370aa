import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toolsConfigResponse, toolsConfigUpdateRequest, toolsSyncResponse } from '../../../contract/tools.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { ToolsService } from './service.ts';

const tags = ['admin'];

/** /api/admin/tools-config and /api/admin/tools-sync. Every route is `auth: 'admin'`. */
export const adminToolsRoutes: FastifyPluginAsyncZod<{ tools: ToolsService }> = async (app, deps) => {
  app.post(
    '/tools-config',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Save the tools: status, featured, and the order of the list (renumbered from 1)',
        body: toolsConfigUpdateRequest,
        response: { 200: okSchema(toolsConfigResponse) },
      },
    },
    async (request) => ok({ tools: await deps.tools.saveConfig(currentUser(request).id, request.body) }),
  );

  app.post(
    '/tools-sync',
    {
      config: { auth: 'admin' },
      schema: { tags, summary: "Bring the stored tools in line with the app's catalogue", response: { 200: okSchema(toolsSyncResponse) } },
    },
    async (request) => ok(await deps.tools.syncWithCatalogue(currentUser(request).id)),
  );
};
