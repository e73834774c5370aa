import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE } from '../../contract/constants.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { safeEqual, sha256 } from '../lib/crypto.ts';
import { findLiveSession, type SessionRow, type UserRow } from '../modules/auth/repository.ts';
import { AppError, forbidden, unauthenticated } from './errors.ts';

export interface RequestAuth {
  user: UserRow;
  session: SessionRow;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'user' needs a session, 'admin' the admin role. Default: anyone. */
    auth?: 'user' | 'admin';
    /** Set false only for calls authenticated otherwise (signed webhooks). */
    csrf?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The signed-in user of a route declared with `auth: 'user'`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/**
 * Loads the session of every API request, then enforces the route's `auth` and, on mutating calls
 * made with a session, the session's CSRF token. Runs before the body is read, so a refused call
 * changes nothing and costs little.
 */
export function registerSessionGuard(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 128) {
      const tokenHash = sha256(token);
      const found = await findLiveSession(deps.db, tokenHash, deps.clock.now());
      if (found) request.auth = { ...found, tokenHash };
    }
    const config = request.routeOptions.config;
    if (config.auth && !request.auth) throw unauthenticated();
    if (config.auth === 'admin' && !request.auth!.user.roles.includes('admin')) {
      throw forbidden('Access denied. Admin privileges required.');
    }
    if (request.auth && MUTATING.has(request.method) && config.csrf !== false) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, request.auth.session.csrfToken)) {
        throw new AppError('CSRF_INVALID', 'Missing or invalid security token. Reload the page and try again.');
      }
    }
  });
}
