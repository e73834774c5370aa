import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ApiScope } from '../../contract/api-keys.ts';
import type { RouteAccess } from '../http/session.ts';

/** One /api route as the app declared it: the real route options, not a hand-written list. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  auth: RouteAccess;
  /** The API-key scope that opens it to a bearer key (config.scope), if any. */
  scope: ApiScope | undefined;
  /** `/api/<area>/…`: the area, which scopes the names of its parameters. */
  area: string;
  /** Names of the path parameters, in order. */
  params: string[];
  schema: RouteOptions['schema'];
  key: string;
}

export const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Runs `build` (which creates one Fastify app) and records every route the app declares, through an onRoute hook
 * that Fastify's `fastify.initialization` channel lets us add before any plugin registers a route.
 * HEAD routes are the automatic twins of GET routes and are left out.
 */
export async function captureRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: ApiRoute[] }> {
  const seen: RouteOptions[] = [];
  const onInit = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
      seen.push(route);
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  let built: T;
  try {
    built = await build();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInit);
  }
  const routes: ApiRoute[] = [];
  for (const route of seen) {
    if (!route.url.startsWith('/api/')) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const { auth, scope } = (route.config ?? {}) as { auth?: RouteAccess; scope?: ApiScope };
      if (!auth) throw new Error(`captured ${method} ${route.url} without config.auth`);
      routes.push({
        method: method as ApiRoute['method'],
        url: route.url,
        auth,
        scope,
        area: route.url.split('/')[2] ?? '',
        params: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
        schema: route.schema,
        key: `${method} ${route.url}`,
      });
    }
  }
  const unique = new Map(routes.map((r) => [r.key, r]));
  return { built: built!, routes: [...unique.values()].sort((a, b) => a.key.localeCompare(b.key)) };
}
