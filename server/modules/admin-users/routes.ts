import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminUsersService } from './service.ts';

/** /api/admin/users…: User Management. Every route is `auth: 'admin'`. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ users: AdminUsersService }> = async (app, deps) => {
  void app;
  void deps;
};
