import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { shareCountResponse, sharedRequest, shareUrlResponse, visibilityResponse } from '../../contract/files.ts';
import { ok, okSchema } from '../http/envelope.ts';
import { currentUser } from '../http/session.ts';

/** The sharing calls of one kind of item, as `createSharing` answers them. */
interface SharingCalls<Id> {
  toggleVisibility(userId: string, id: Id): Promise<{ is_public: boolean }>;
  shareUrl(userId: string, id: Id): Promise<{ share_url: string; is_public: boolean }>;
  recordShare(id: Id, viewerId: string | null): Promise<{ share_count: number }>;
}

/**
 * The three sharing routes every shareable kind has, under its own prefix: `POST /:id/toggle-visibility`,
 * `GET /:id/share-url` (owner only) and `POST /:id/shared` (anyone who may see the item counts a share).
 */
export function registerSharingRoutes<Id>(
  app: FastifyInstance,
  opts: { tags: string[]; page: string; params: z.ZodType<{ id: Id }>; sharing: SharingCalls<Id> },
) {
  const { tags, params, sharing } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/:id/toggle-visibility',
    { config: { auth: 'user' }, schema: { tags, summary: 'Make public or private', params, response: { 200: okSchema(visibilityResponse) } } },
    async (request) => ok(await sharing.toggleVisibility(currentUser(request).id, request.params.id)),
  );
  api.get(
    '/:id/share-url',
    { config: { auth: 'user' }, schema: { tags, summary: `Link to the public ${opts.page}`, params, response: { 200: okSchema(shareUrlResponse) } } },
    async (request) => ok(await sharing.shareUrl(currentUser(request).id, request.params.id)),
  );
  api.post(
    '/:id/shared',
    { config: { auth: 'public' }, schema: { tags, summary: 'Count a share', params, body: sharedRequest, response: { 200: okSchema(shareCountResponse) } } },
    async (request) => ok(await sharing.recordShare(request.params.id, request.auth?.user.id ?? null)),
  );
}
