import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passwordChangedResponse,
  passwordStatusResponse,
  removePasswordRequest,
  sessionIdParams,
  sessionsEndedResponse,
  sessionsResponse,
  setPasswordRequest,
} from '../../../contract/account.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentSession } from '../../http/session.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { AccountSecurityService, Caller } from './account-security.ts';

export interface AccountRoutesDeps {
  security: AccountSecurityService;
  /** The login limit: a password check here is as good a guess as one at sign-in. */
  rateLimits: { loginPerIp: number; windowMinutes: number };
}

const tags = ['account'];

/** The signed-in user and session of a route declared `auth: 'user'` (no scope: never an API key's). */
function callerOf(request: FastifyRequest): Caller {
  const { user, session } = currentSession(request);
  return { user, session };
}

export const accountSecurityRoutes: FastifyPluginAsyncZod<AccountRoutesDeps> = async (app, deps) => {
  const passwordAttempts = {
    max: deps.rateLimits.loginPerIp,
    timeWindow: `${deps.rateLimits.windowMinutes} minutes`,
    errorResponseBuilder: tooManyRequests('password attempts from your network'),
  };

  app.get(
    '/password',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Whether the account has a password, and whether one may be set', response: { 200: okSchema(passwordStatusResponse) } },
    },
    async (request) => ok(await deps.security.passwordStatus(callerOf(request))),
  );

  app.put(
    '/password',
    {
      config: { auth: 'user', rateLimit: passwordAttempts },
      schema: {
        tags,
        summary: 'Set or change the password (the current one when there is one); every other session ends',
        body: setPasswordRequest,
        response: { 200: okSchema(passwordChangedResponse) },
      },
    },
    async (request) => ok(await deps.security.setPassword(callerOf(request), request.body)),
  );

  app.delete(
    '/password',
    {
      config: { auth: 'user', rateLimit: passwordAttempts },
      schema: {
        tags,
        summary: 'Remove the password (the current one required): sign-in links only',
        body: removePasswordRequest,
        response: { 200: okSchema(passwordChangedResponse) },
      },
    },
    async (request) => ok(await deps.security.removePassword(callerOf(request), request.body)),
  );

  app.get(
    '/sessions',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'The signed-in sessions, the current one first', response: { 200: okSchema(sessionsResponse) } },
    },
    async (request) => ok({ sessions: await deps.security.sessions(callerOf(request)) }),
  );

  app.post(
    '/sessions/end-others',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Sign out everywhere else', response: { 200: okSchema(sessionsEndedResponse) } },
    },
    async (request) => ok(await deps.security.endOtherSessions(callerOf(request))),
  );

  app.delete(
    '/sessions/:id',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Sign out one other session', params: sessionIdParams, response: { 200: okSchema(sessionsEndedResponse) } },
    },
    async (request) => ok(await deps.security.endSession(callerOf(request), request.params.id)),
  );
};
