import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toolsConfigResponse } from '../../../contract/tools.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { ToolsService } from './service.ts';

export const toolsRoutes: FastifyPluginAsyncZod<{ tools: ToolsService }> = async (app, deps) => {
  app.get(
    '/config',
    { config: { auth: 'public' }, schema: { tags: ['tools'], summary: 'The tool catalogue', response: { 200: okSchema(toolsConfigResponse) } } },
    async () => ok({ tools: await deps.tools.list() }),
  );
};
