import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqsQuery, faqsResponse, notificationsResponse, siteResponse, trackVisitBody, trackVisitResponse } from '../../../contract/site.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { SiteService } from './service.ts';

const tags = ['site'];
/** The visitor's first-party id (two years) and the browser session's id (until the browser closes). */
export const VISITOR_COOKIE = 'ampkit_vid';
export const VISIT_SESSION_COOKIE = 'ampkit_vsid';
const VISITOR_COOKIE_DAYS = 730;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const validId = (value: string | undefined) => (value && UUID.test(value) ? value.toLowerCase() : null);

export interface SiteRouteDeps {
  site: SiteService;
  cookieSecure: boolean;
  /** Visits recorded per address per minute. */
  trackPerMinute: number;
  /** Whether the Telegram bot is on (the Telegram module's `configured`). */
  telegramBot: boolean;
}

/** GET /api/faqs, GET /api/notifications, GET /api/site, POST /api/analytics/track: the public site's calls. */
export const siteRoutes: FastifyPluginAsyncZod<SiteRouteDeps> = async (app, deps) => {
  app.get(
    '/faqs',
    { config: { auth: 'public' }, schema: { tags, summary: 'FAQ by category (all for every one) and language', querystring: faqsQuery, response: { 200: okSchema(faqsResponse) } } },
    async (request) => ok({ faqs: await deps.site.faqs(request.query) }),
  );

  app.get(
    '/notifications',
    { config: { auth: 'public' }, schema: { tags, summary: 'Active notification banners within their dates', response: { 200: okSchema(notificationsResponse) } } },
    async () => ok({ notifications: await deps.site.activeNotifications() }),
  );

  app.get(
    '/site',
    { config: { auth: 'public' }, schema: { tags, summary: "The site's operator, the landing page's testimonials and video, and whether the Telegram bot is on", response: { 200: okSchema(siteResponse) } } },
    async () => ok({ ...(await deps.site.site()), telegram_bot: deps.telegramBot }),
  );

  app.post(
    '/analytics/track',
    {
      config: { auth: 'public', rateLimit: { max: deps.trackPerMinute, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Record a landing-page visit (bots are ignored)', body: trackVisitBody, response: { 200: okSchema(trackVisitResponse) } },
    },
    async (request: FastifyRequest<{ Body: { referrer?: string | null } }>, reply: FastifyReply) => {
      const trackingId = validId(request.cookies[VISITOR_COOKIE]);
      const sessionId = validId(request.cookies[VISIT_SESSION_COOKIE]);
      const result = await deps.site.trackVisit({
        trackingId,
        sessionId,
        userId: request.auth?.user.id ?? null,
        referrer: request.body?.referrer ?? request.headers.referer,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (!result.recorded) return ok({ success: true, new_visitor: false, tracking_id: trackingId ?? '' });
      const cookie = { httpOnly: true, sameSite: 'lax' as const, secure: deps.cookieSecure, path: '/' };
      reply.setCookie(VISITOR_COOKIE, result.trackingId, { ...cookie, maxAge: VISITOR_COOKIE_DAYS * 86_400 });
      if (!sessionId) reply.setCookie(VISIT_SESSION_COOKIE, result.sessionId, cookie);
      return ok({ success: true, new_visitor: result.newVisitor, tracking_id: result.trackingId });
    },
  );
};
