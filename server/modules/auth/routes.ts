import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmEmailChangeRequest,
  confirmEmailChangeResponse,
  emailChangeStatusQuery,
  emailChangeStatusResponse,
  loginRequest,
  magicLinkRequest,
  magicStatusQuery,
  magicStatusResponse,
  messageResponse,
  profileResponse,
  registerRequest,
  sessionResponse,
  updateProfileRequest,
  updateProfileResponse,
  verifyMagicRequest,
  verifyMagicResponse,
} from '../../../contract/auth.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { clearSessionCookie, currentAuth, currentSession, currentUser, setSessionCookie } from '../../http/session.ts';
import type { AccountService } from '../account/service.ts';
import type { AuthService, IssuedSession } from './service.ts';

export interface AuthRoutesDeps {
  auth: AuthService;
  account: AccountService;
  cookieSecure: boolean;
  rateLimits: { magicLinkPerIp: number; loginPerIp: number; windowMinutes: number };
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesDeps> = async (app, deps) => {
  const window = `${deps.rateLimits.windowMinutes} minutes`;
  const perIp = (max: number, what: string) => ({
    max,
    timeWindow: window,
    errorResponseBuilder: tooManyRequests(`${what} from your network`),
  });

  const signedIn = (reply: FastifyReply, issued: IssuedSession) => {
    setSessionCookie(reply, issued.token, issued.expiresAt, deps.cookieSecure);
    return { user: issued.user, csrf_token: issued.csrfToken, expires_at: issued.expiresAt.toISOString() };
  };

  app.post(
    '/magic-link',
    {
      config: { auth: 'public', rateLimit: perIp(deps.rateLimits.magicLinkPerIp, 'sign-in requests') },
      schema: { tags, summary: 'Email a sign-in link', body: magicLinkRequest, response: { 200: okSchema(messageResponse) } },
    },
    async (request) => ok(await deps.auth.requestMagicLink(request.body.email, request.ip, request.body.next)),
  );

  app.get(
    '/magic-status',
    {
      config: { auth: 'public' },
      schema: { tags, summary: 'State of a sign-in link', querystring: magicStatusQuery, response: { 200: okSchema(magicStatusResponse) } },
    },
    async (request) => ok(await deps.auth.magicStatus(request.query.token)),
  );

  app.post(
    '/verify-magic',
    {
      config: { auth: 'public', rateLimit: perIp(deps.rateLimits.loginPerIp, 'sign-in attempts') },
      schema: { tags, summary: 'Use a sign-in link', body: verifyMagicRequest, response: { 200: okSchema(verifyMagicResponse) } },
    },
    async (request, reply) => {
      // Sign-in rotates the session: any session this browser had ends here.
      if (request.auth?.kind === 'session') await deps.auth.logout(request.auth.tokenHash);
      const issued = await deps.auth.verifyMagic(request.body.token, request.body.name, { userAgent: request.headers['user-agent'] });
      return ok({ ...signedIn(reply, issued), is_new_user: issued.isNewUser, next: issued.next });
    },
  );

  app.post(
    '/register',
    {
      config: { auth: 'public', rateLimit: perIp(deps.rateLimits.loginPerIp, 'sign-up attempts') },
      schema: {
        tags,
        summary: 'Sign up with a password: emails a link that creates the account (the same answer for a known address)',
        body: registerRequest,
        response: { 200: okSchema(messageResponse) },
      },
    },
    async (request) => {
      const { email, name, password } = request.body;
      return ok(await deps.auth.register(email, name, password, request.ip));
    },
  );

  app.post(
    '/login',
    {
      config: { auth: 'public', rateLimit: perIp(deps.rateLimits.loginPerIp, 'sign-in attempts') },
      schema: { tags, summary: 'Sign in with a password', body: loginRequest, response: { 200: okSchema(sessionResponse) } },
    },
    async (request, reply) => {
      const issued = await deps.auth.login(request.body.email, request.body.password, request.ip, { userAgent: request.headers['user-agent'] });
      if (request.auth?.kind === 'session') await deps.auth.logout(request.auth.tokenHash);
      return ok(signedIn(reply, issued));
    },
  );

  app.post(
    '/logout',
    { config: { auth: 'public' }, schema: { tags, summary: 'End the session', response: { 200: okSchema(messageResponse) } } },
    async (request, reply) => {
      if (request.auth?.kind === 'session') await deps.auth.logout(request.auth.tokenHash);
      clearSessionCookie(reply, deps.cookieSecure);
      return ok({ message: 'Signed out' });
    },
  );

  app.get(
    '/profile',
    { config: { auth: 'user', scope: 'account:read' }, schema: { tags, summary: 'The signed-in user', response: { 200: okSchema(profileResponse) } } },
    async (request) => ok(deps.account.profile(currentAuth(request))),
  );

  app.put(
    '/profile',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Change the name at once; a new email is confirmed by a link sent to it first',
        body: updateProfileRequest,
        response: { 200: okSchema(updateProfileResponse) },
      },
    },
    async (request) => ok(await deps.auth.updateProfile(currentUser(request).id, request.body, request.ip)),
  );

  app.get(
    '/email-change',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'State of a change-of-email link: for which account (masked), to which address, and whether you are signed in to it',
        querystring: emailChangeStatusQuery,
        response: { 200: okSchema(emailChangeStatusResponse) },
      },
    },
    async (request) => ok(await deps.auth.emailChangeStatus(request.query.token, request.auth?.user.id ?? null)),
  );

  app.post(
    '/confirm-email',
    {
      config: { auth: 'user', rateLimit: perIp(deps.rateLimits.loginPerIp, 'confirmation attempts') },
      schema: {
        tags,
        summary: 'Confirm a change of email, signed in to the account that asked for it; every other session ends',
        body: confirmEmailChangeRequest,
        response: { 200: okSchema(confirmEmailChangeResponse) },
      },
    },
    async (request) => {
      const { user, session } = currentSession(request);
      return ok(await deps.auth.confirmEmailChange({ userId: user.id, sessionId: session.id }, request.body.token));
    },
  );
};
