import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StatisticsService } from './service.ts';

/** /api/admin/statistics and /api/admin/referrer-stats. Every route is `auth: 'admin'`. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ statistics: StatisticsService }> = async (app, deps) => {
  void app;
  void deps;
};
