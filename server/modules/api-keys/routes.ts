import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyIdParams, apiKeyRevokedResponse, apiKeysResponse, createApiKeyRequest, createdApiKeyResponse } from '../../../contract/api-keys.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentSession } from '../../http/session.ts';
import type { ApiKeysService } from './service.ts';

const tags = ['api-keys'];

/** /api/account/api-keys: managed from a signed-in browser only (no scope: a key cannot make or revoke keys). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  app.get(
    '/',
    { config: { auth: 'user' }, schema: { tags, summary: 'My live API keys, newest first (never the keys themselves)', response: { 200: okSchema(apiKeysResponse) } } },
    async (request) => ok(await apiKeys.list(currentSession(request).user.id)),
  );

  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Create an API key: `key` is in this answer only, keep it safe (10 live keys at most)',
        body: createApiKeyRequest,
        response: { 200: okSchema(createdApiKeyResponse) },
      },
    },
    async (request) => ok(await apiKeys.create(currentSession(request).user.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Revoke an API key: calls with it fail at once', params: apiKeyIdParams, response: { 200: okSchema(apiKeyRevokedResponse) } },
    },
    async (request) => ok(await apiKeys.revoke(currentSession(request).user.id, request.params.id)),
  );
};
