import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PATTERN, API_SCOPES, type ApiScope } from '../../contract/api-keys.ts';
import { CSRF_HEADER, SESSION_COOKIE } from '../../contract/constants.ts';
import type { AccountFigures } from '../db/caller-record.ts';
import type { SessionRow, UserRow } from '../db/schema/users.ts';
import type { Clock } from '../lib/clock.ts';
import { safeEqual, sha256 } from '../lib/crypto.ts';
import { AppError, forbidden, tooManyRequests, unauthenticated } from '../lib/errors.ts';
import { withPayingKey } from '../lib/paying-key.ts';
import type { RateLimitCounter } from './rate-limit-store.ts';

export type { AccountFigures };

/**
 * What the guard's one lookup finds for a session cookie: the session, its user (with the storage the user's files
 * take) and the credit account, so the profile call answers without another query.
 */
export interface LiveSession {
  user: UserRow;
  session: SessionRow;
  account: AccountFigures | null;
}

/** What the guard's one lookup finds for a live (not revoked) API key: the key, its user and account. */
export interface LiveApiKey {
  user: UserRow;
  key: { id: string; scopes: readonly string[] };
  account: AccountFigures | null;
}

/** A caller signed in by the session cookie. */
export interface SessionAuth extends LiveSession {
  kind: 'session';
  tokenHash: string;
}

/** A caller proving itself by `Authorization: Bearer <API key>`, on a route its key's scopes cover. */
export interface KeyAuth extends LiveApiKey {
  kind: 'key';
  session: null;
}

export type RequestAuth = SessionAuth | KeyAuth;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route, required on every /api route (the app refuses to start otherwise):
     * 'public' anyone (a session is still read, and a mutating call made with one needs its CSRF token),
     * 'user' a session (401), 'admin' the admin role (403), 'webhook' a caller that proves itself another way
     * (a signature): no session is read and no CSRF token is asked for.
     */
    auth?: RouteAccess;
    /**
     * The API-key scope (contract/api-keys.ts) that opens the route to `Authorization: Bearer <key>`. Without one a
     * bearer call of a 'user' route answers 403; a 'public' route answers it as a visitor's. Never on 'admin'.
     */
    scope?: ApiScope;
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

/** The caller (session or API key), user and account figures of a route declared with `auth: 'user'`. */
export function currentAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The signed-in session of a route no API key reaches (one without a `scope`): its guard refused a key already. */
export function currentSession(request: FastifyRequest): SessionAuth {
  if (!request.auth) throw unauthenticated();
  if (request.auth.kind !== 'session') throw forbidden(KEY_NOT_ALLOWED);
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
/** The live API key with this SHA-256, its user and account; the api-keys module answers it (wired in server/app.ts). */
export type FindLiveApiKey = (keyHash: string, now: Date) => Promise<LiveApiKey | undefined>;

export const KEY_NOT_ALLOWED = 'API keys cannot make this call. Sign in to Ampkit in the browser to do it.';
const KEY_INVALID = 'This API key is not valid: it was revoked, or it was never issued. Create a key in the dashboard.';

/**
 * The key of an `Authorization` header: null when there is none, undefined when it is not a bearer API key (a
 * malformed or foreign credential, refused as such).
 */
function bearerKey(header: string | undefined): string | null | undefined {
  if (header === undefined) return null;
  const match = /^Bearer[ ]+(\S{1,200})[ ]*$/i.exec(header);
  return match && API_KEY_PATTERN.test(match[1]!) ? match[1]! : undefined;
}

export interface SessionGuardDeps {
  findLiveSession: FindLiveSession;
  findLiveApiKey: FindLiveApiKey;
  clock: Clock;
  /** Each key's own limit (RATE_LIMIT_API_KEY_PER_MINUTE), counted where every web process sees it. */
  keyRateLimit: { perMinute: number; counter: RateLimitCounter };
}

/**
 * Loads the caller of every API request, then enforces the route's `auth` and, on mutating calls made with a
 * session, the session's CSRF token. A request with `Authorization: Bearer <API key>` is that key's, whatever cookie
 * it sends: a live key whose scopes cover the route (its `config.scope`), within the key's rate limit, with no CSRF
 * token (no browser sends the header on its own). Runs before the body is read, so a refused call changes nothing
 * and costs little.
 */
export function registerSessionGuard(app: FastifyInstance, deps: SessionGuardDeps) {
  app.decorateRequest('auth', null);
  // Every API route says who may call it; one that does not is a bug found at start-up, not in production.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const config = (route.config ??= {}) as { auth?: RouteAccess; scope?: string };
    if (route.url.startsWith(PLUGIN_PUBLIC_PREFIX)) config.auth ??= 'public';
    if (!config.auth || !ROUTE_ACCESS.includes(config.auth)) {
      throw new Error(`Route ${String(route.method)} ${route.url} has no access class (config.auth: ${ROUTE_ACCESS.join(' | ')})`);
    }
    if (config.scope !== undefined && (!(API_SCOPES as readonly string[]).includes(config.scope) || config.auth === 'admin' || config.auth === 'webhook')) {
      throw new Error(`Route ${String(route.method)} ${route.url}: scope ${config.scope} on a route API keys may not reach (${config.auth})`);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config.auth === 'webhook') return;
    const bearer = bearerKey(request.headers.authorization);
    if (bearer !== null) {
      if (bearer === undefined) throw unauthenticated('Send an API key as "Authorization: Bearer ak_live_…" (or sign in in the browser).');
      const found = await deps.findLiveApiKey(sha256(bearer), deps.clock.now());
      if (!found) throw unauthenticated(KEY_INVALID);
      if (config.auth === 'admin') throw forbidden('Access denied. API keys never reach the admin area.');
      if (!config.scope) {
        if (config.auth === 'user') throw forbidden(KEY_NOT_ALLOWED);
        return; // a public route: answered as to a visitor
      }
      if (!found.key.scopes.includes(config.scope)) {
        throw forbidden(`This API key lacks the "${config.scope}" scope this call needs. Create a key with it in the dashboard.`);
      }
      const { count, ttlMs } = await deps.keyRateLimit.counter.hit(`api-key:${found.key.id}`, 60_000);
      if (count > deps.keyRateLimit.perMinute) {
        void reply.header('retry-after', Math.max(1, Math.ceil(ttlMs / 1000)));
        throw tooManyRequests('calls with this API key')(request, { ttl: ttlMs });
      }
      request.auth = { ...found, kind: 'key', session: null };
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    let auth: SessionAuth | null = null;
    if (token && token.length <= 128) {
      const tokenHash = sha256(token);
      const found = await deps.findLiveSession(tokenHash, deps.clock.now());
      if (found) request.auth = auth = { ...found, kind: 'session', tokenHash };
    }
    if ((config.auth === 'user' || config.auth === 'admin') && !auth) throw unauthenticated();
    if (config.auth === 'admin' && !auth!.user.roles.includes('admin')) {
      throw forbidden('Access denied. Admin privileges required.');
    }
    if (auth && MUTATING.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, auth.session.csrfToken)) {
        throw new AppError('CSRF_INVALID', 'Missing or invalid security token. Reload the page and try again.');
      }
    }
  });
  // A key's call runs its handler as paid with that key (its own monthly cap, server/lib/paying-key.ts): after the
  // body is read, and with `done` called inside, so the handler and everything it awaits run in the key's context.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.auth?.kind === 'key') withPayingKey(request.auth.key.id, done);
    else done();
  });
}
