import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_NAME } from '../../contract/constants.ts';
import type { Config } from '../config.ts';

/** Which routes /api/docs describes: 'public' the public and user routes, 'all' the admin and webhook routes too. */
export type ApiDocsScope = 'public' | 'all';

/** API_DOCS when set; otherwise the public and user routes in production, everything on a development or test host. */
export function apiDocsScope(config: Pick<Config, 'API_DOCS' | 'APP_ENV'>): ApiDocsScope {
  return config.API_DOCS ?? (config.APP_ENV === 'production' ? 'public' : 'all');
}

/** The access classes (config.auth, server/http/session.ts) anyone may read the documentation of. */
const DOCUMENTED_FOR_ANYONE = new Set(['public', 'user']);

/**
 * The OpenAPI document generated from the zod contract, at /api/docs (and /api/docs/json). With scope 'public' the
 * admin and webhook routes, their bodies included, are left out: anyone can read the page.
 */
export async function registerApiDocs(app: FastifyInstance, scope: ApiDocsScope) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${APP_NAME} API`, version: '1.0.0', description: 'Every call answers { success, data } or { success: false, error: { code, message } }.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ampkit_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
    },
    transform: (input) => {
      const auth = (input.route.config as { auth?: string } | undefined)?.auth;
      if (scope === 'public' && !DOCUMENTED_FOR_ANYONE.has(auth ?? '')) return { schema: { hide: true }, url: input.url };
      return jsonSchemaTransform(input);
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
