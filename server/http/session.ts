import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE } from '../../contract/constants.ts';
import type { creditAccounts } from '../db/schema/credits.ts';
import type { SessionRow, UserRow } from '../db/schema/users.ts';
import type { Clock } from '../lib/clock.ts';
import { safeEqual, sha256 } from '../lib/crypto.ts';
import { AppError, forbidden, unauthenticated } from '../lib/errors.ts';

/** The credit account's stored figures (decimal strings); null before the account's first grant. */
export type AccountFigures = Pick<typeof creditAccounts.$inferSelect, 'balance' | 'held' | 'lifetimeUsed' | 'lifetimePurchased'>;

/**
 * What the guard's one lookup finds for a session cookie: the session, its user (with the storage the user's files
 * take) and the credit account, so the profile call answers without another query.
 */
export interface LiveSession {
  user: UserRow;
  session: SessionRow;
  account: AccountFigures | null;
}

export interface RequestAuth extends LiveSession {
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route, required on every /api route (the app refuses to start otherwise):
     * 'public' anyone (a session is still read, and a mutating call made with one needs its CSRF token),
     * 'user' a session (401), 'admin' the admin role (403), 'webhook' a caller that proves itself another way
     * (a signature): no session is read and no CSRF token is asked for.
     */
    auth?: RouteAccess;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export const ROUTE_ACCESS = ['public', 'user', 'admin', 'webhook'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that plugins add under /api (the OpenAPI reference), classified here since we do not declare them. */
const PLUGIN_PUBLIC_PREFIX = '/api/docs';

/** The signed-in user of a route declared with `auth: 'user'`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
}

/** The session, user and account figures of a route declared with `auth: 'user'`. */
export function currentAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/** The unexpired session with this token hash, its user and account; the auth module answers it (wired in server/app.ts). */
export type FindLiveSession = (tokenHash: string, now: Date) => Promise<LiveSession | undefined>;

/**
 * Loads the session of every API request, then enforces the route's `auth` and, on mutating calls
 * made with a session, the session's CSRF token. Runs before the body is read, so a refused call
 * changes nothing and costs little.
 */
export function registerSessionGuard(app: FastifyInstance, deps: { findLiveSession: FindLiveSession; clock: Clock }) {
  app.decorateRequest('auth', null);
  // Every API route says who may call it; one that does not is a bug found at start-up, not in production.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const config = (route.config ??= {}) as { auth?: RouteAccess };
    if (route.url.startsWith(PLUGIN_PUBLIC_PREFIX)) config.auth ??= 'public';
    if (!config.auth || !ROUTE_ACCESS.includes(config.auth)) {
      throw new Error(`Route ${String(route.method)} ${route.url} has no access class (config.auth: ${ROUTE_ACCESS.join(' | ')})`);
    }
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config.auth === 'webhook') return;
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 128) {
      const tokenHash = sha256(token);
      const found = await deps.findLiveSession(tokenHash, deps.clock.now());
      if (found) request.auth = { ...found, tokenHash };
    }
    if ((config.auth === 'user' || config.auth === 'admin') && !request.auth) throw unauthenticated();
    if (config.auth === 'admin' && !request.auth!.user.roles.includes('admin')) {
      throw forbidden('Access denied. Admin privileges required.');
    }
    if (request.auth && MUTATING.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, request.auth.session.csrfToken)) {
        throw new AppError('CSRF_INVALID', 'Missing or invalid security token. Reload the page and try again.');
      }
    }
  });
}
