import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ToolsService } from './service.ts';

/** /api/admin/tools-config and /api/admin/tools-sync. Every route is `auth: 'admin'`. */
export const adminToolsRoutes: FastifyPluginAsyncZod<{ tools: ToolsService }> = async (app, deps) => {
  void app;
  void deps;
};
