import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_SCOPE_LABELS, API_SCOPES, type ApiScope } from '../../contract/api-keys.ts';
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

const API_DESCRIPTION = [
  'Every call answers { success, data } or { success: false, error: { code, message } }.',
  'Call it from a signed-in browser (the session cookie, and X-CSRF-Token on every change), or from a script with a personal API key:',
  '`Authorization: Bearer ak_live_…` on the operations its scopes open (each operation names its scope in x-api-key-scope).',
  'Paid calls take an Idempotency-Key header: a retry with the same key gets the first answer and is charged once.',
].join(' ');

/**
 * Who may make an operation, as its `security` says: a route an API key's scope opens lists the bearer key beside the
 * session, and names the scope (`x-api-key-scope`, and in its description); a public route's is optional.
 */
function securityOf(config: { auth?: string; scope?: ApiScope }, schema: { description?: string }): Record<string, unknown> {
  if (config.auth !== 'user' && config.auth !== 'admin' && !config.scope) return {};
  const session = { session: [], csrf: [] };
  if (!config.scope) return { security: [session] };
  const note = `API key scope: \`${config.scope}\` (${API_SCOPE_LABELS[config.scope].toLowerCase()}).`;
  return {
    security: [...(config.auth === 'public' ? [{}] : []), session, { apiKey: [] }],
    'x-api-key-scope': config.scope,
    description: schema.description ? `${schema.description}\n\n${note}` : note,
  };
}

/**
 * The OpenAPI document generated from the zod contract, at /api/docs (and /api/docs/json). With scope 'public' the
 * admin and webhook routes, their bodies included, are left out: anyone can read the page.
 */
export async function registerApiDocs(app: FastifyInstance, scope: ApiDocsScope) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${APP_NAME} API`, version: '1.0.0', description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ampkit_session', description: 'The browser session, set by signing in.' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: "The session's token, sent on every POST, PUT and DELETE made with the session cookie." },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ak_live_… or ak_test_…',
            description: `A personal API key from the dashboard's "API keys" tab. It opens the operations whose x-api-key-scope is one of its scopes (${API_SCOPES.join(', ')}); no cookie and no CSRF token.`,
          },
        },
      },
    },
    transform: (input) => {
      const config = (input.route.config ?? {}) as { auth?: string; scope?: ApiScope };
      if (scope === 'public' && !DOCUMENTED_FOR_ANYONE.has(config.auth ?? '')) return { schema: { hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      return { ...transformed, schema: { ...transformed.schema, ...securityOf(config, transformed.schema) } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
