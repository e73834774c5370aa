import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentItemSchema, sharedRequest } from '../../../contract/files.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { ContentService } from './service.ts';

const tags = ['content'];
const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, deps) => {
  app.get(
    '/:id',
    { config: { auth: 'public' }, schema: { tags, summary: 'A content item: public ones for anyone, private ones for their owner', params: idParams, response: { 200: okSchema(contentItemSchema) } } },
    async (request) => ok(await deps.content.view(request.params.id, request.auth?.user.id ?? null)),
  );

  app.post(
    '/:id/toggle-visibility',
    { config: { auth: 'user' }, schema: { tags, summary: 'Make public or private', params: idParams, response: { 200: okSchema(z.object({ is_public: z.boolean() })) } } },
    async (request) => ok(await deps.content.toggleVisibility(currentUser(request).id, request.params.id)),
  );

  app.get(
    '/:id/share-url',
    { config: { auth: 'user' }, schema: { tags, summary: 'Link to the public content page', params: idParams, response: { 200: okSchema(z.object({ share_url: z.string(), is_public: z.boolean() })) } } },
    async (request) => ok(await deps.content.shareUrl(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/:id/shared',
    { config: { auth: 'public' }, schema: { tags, summary: 'Count a share', params: idParams, body: sharedRequest, response: { 200: okSchema(z.object({ share_count: z.number().int() })) } } },
    async (request) => ok(await deps.content.recordShare(request.params.id, request.auth?.user.id ?? null, request.body.platform)),
  );
};
