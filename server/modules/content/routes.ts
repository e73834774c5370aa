import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentIdParams, contentItemSchema } from '../../../contract/files.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { registerSharingRoutes } from '../sharing-routes.ts';
import type { ContentService } from './service.ts';

const tags = ['content'];

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, deps) => {
  app.get(
    '/:id',
    { config: { auth: 'public' }, schema: { tags, summary: 'A content item: public ones for anyone, private ones for their owner', params: contentIdParams, response: { 200: okSchema(contentItemSchema) } } },
    async (request) => ok(await deps.content.view(request.params.id, request.auth?.user.id ?? null)),
  );

  registerSharingRoutes(app, { tags, page: 'content page', params: contentIdParams, sharing: deps.content });
};
