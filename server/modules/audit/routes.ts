import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditQuery, adminAuditResponse } from '../../../contract/admin.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { AuditService } from './service.ts';

/** GET /api/admin/audit: the log shown at the bottom of each admin tab. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, deps) => {
  app.get(
    '/audit',
    {
      config: { auth: 'admin' },
      schema: { tags: ['admin'], summary: 'The newest admin changes filed under a tab', querystring: adminAuditQuery, response: { 200: okSchema(adminAuditResponse) } },
    },
    async (request) => ok({ entries: await deps.audit.list(request.query.area, request.query.limit) }),
  );
};
