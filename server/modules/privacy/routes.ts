import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataExportResponse,
  deleteAccountRequest,
  deleteAccountResponse,
  exportIdParams,
  latestExportResponse,
} from '../../../contract/privacy.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { clearSessionCookie, currentUser } from '../../http/session.ts';
import type { PrivacyService } from './service.ts';

const tags = ['account'];

/** /api/account: export my data, delete my account (issue 15). */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService; cookieSecure: boolean }> = async (app, { privacy, cookieSecure }) => {
  app.post(
    '/export',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Start building a ZIP of my data (409 with the running export while one runs)', response: { 200: okSchema(dataExportResponse) } },
    },
    async (request) => ok({ export: await privacy.startExport(currentUser(request).id) }),
  );

  app.get(
    '/export',
    { config: { auth: 'user' }, schema: { tags, summary: 'My newest export, if any is running, ready or failed', response: { 200: okSchema(latestExportResponse) } } },
    async (request) => ok({ export: await privacy.latestExport(currentUser(request).id) }),
  );

  app.get(
    '/export/:export_id',
    { config: { auth: 'user' }, schema: { tags, summary: 'An export of mine: its status and, once ready, its download', params: exportIdParams, response: { 200: okSchema(dataExportResponse) } } },
    async (request) => ok({ export: await privacy.exportStatus(currentUser(request).id, request.params.export_id) }),
  );

  app.get(
    '/export/:export_id/download',
    { config: { auth: 'user' }, schema: { tags, summary: 'The ZIP, for 24 hours, to its owner only', params: exportIdParams } },
    async (request, reply) => {
      const file = await privacy.openDownload(currentUser(request).id, request.params.export_id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/delete',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Delete my account (the email typed again); ends every session', body: deleteAccountRequest, response: { 200: okSchema(deleteAccountResponse) } },
    },
    async (request, reply) => {
      await privacy.deleteAccount(currentUser(request).id, request.body.email);
      clearSessionCookie(reply, cookieSecure);
      return ok({ deleted: true as const });
    },
  );
};
