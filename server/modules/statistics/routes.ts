import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReferrerQuery, adminReferrerResponse, adminStatisticsQuery, adminStatisticsResponse } from '../../../contract/admin-statistics.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { StatisticsService } from './service.ts';

/** /api/admin/statistics and /api/admin/referrer-stats. Every route is `auth: 'admin'`. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ statistics: StatisticsService }> = async (app, deps) => {
  app.get(
    '/statistics',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Tool usage with margins, user behaviour and the top 20 prompts over the last 7, 30, 90 or 365 days',
        querystring: adminStatisticsQuery,
        response: { 200: okSchema(adminStatisticsResponse) },
      },
    },
    async (request) => ok(await deps.statistics.overview(request.query)),
  );

  app.get(
    '/referrer-stats',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Visits, users, sessions and purchases per referring domain',
        querystring: adminReferrerQuery,
        response: { 200: okSchema(adminReferrerResponse) },
      },
    },
    async (request) => ok(await deps.statistics.referrers(request.query.days)),
  );
};
