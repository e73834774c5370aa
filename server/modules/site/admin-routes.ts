import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteService } from './service.ts';

/** /api/notifications/admin… and the FAQ, testimonials and video editors. Every route is `auth: 'admin'`. */
export const siteAdminRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, deps) => {
  void app;
  void deps;
};
