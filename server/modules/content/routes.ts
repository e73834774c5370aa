import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentIdParams,
  contentItemSchema,
  shareCountResponse,
  sharedRequest,
  shareUrlResponse,
  visibilityResponse,
} from '../../../contract/files.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { ContentService } from './service.ts';

const tags = ['content'];

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, deps) => {
  app.get(
    '/:id',
    { config: { auth: 'public' }, schema: { tags, summary: 'A content item: public ones for anyone, private ones for their owner', params: contentIdParams, response: { 200: okSchema(contentItemSchema) } } },
    async (request) => ok(await deps.content.view(request.params.id, request.auth?.user.id ?? null)),
  );

  app.post(
    '/:id/toggle-visibility',
    { config: { auth: 'user' }, schema: { tags, summary: 'Make public or private', params: contentIdParams, response: { 200: okSchema(visibilityResponse) } } },
    async (request) => ok(await deps.content.toggleVisibility(currentUser(request).id, request.params.id)),
  );

  app.get(
    '/:id/share-url',
    { config: { auth: 'user' }, schema: { tags, summary: 'Link to the public content page', params: contentIdParams, response: { 200: okSchema(shareUrlResponse) } } },
    async (request) => ok(await deps.content.shareUrl(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/:id/shared',
    { config: { auth: 'public' }, schema: { tags, summary: 'Count a share', params: contentIdParams, body: sharedRequest, response: { 200: okSchema(shareCountResponse) } } },
    async (request) => ok(await deps.content.recordShare(request.params.id, request.auth?.user.id ?? null)),
  );
};
