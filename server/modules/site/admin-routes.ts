import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminFaqResponse,
  adminFaqsResponse,
  adminNotificationResponse,
  deletedResponse,
  faqCreateBody,
  faqOrderBody,
  faqParams,
  faqUpdateBody,
  notificationCreateBody,
  notificationParams,
  notificationsResponse,
  notificationUpdateBody,
  siteVideoBody,
  siteVideoResponse,
  testimonialsBody,
  testimonialsResponse,
} from '../../../contract/site.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { SiteService } from './service.ts';

const tags = ['admin'];
const config = { auth: 'admin' as const };

/** /api/notifications/admin… and the FAQ, testimonials and video editors. Every route is `auth: 'admin'`. */
export const siteAdminRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, deps) => {
  const { notificationsAdmin: notifications, faqAdmin: faqs, landingAdmin: landing } = deps.site;

  // --- Notifications (spec 3 §7) ---
  app.get(
    '/notifications/admin',
    { config, schema: { tags, summary: 'Every notification banner, newest first', response: { 200: okSchema(notificationsResponse) } } },
    async () => ok({ notifications: await notifications.list() }),
  );

  app.post(
    '/notifications/admin',
    { config, schema: { tags, summary: 'Create a notification banner', body: notificationCreateBody, response: { 200: okSchema(adminNotificationResponse) } } },
    async (request) => ok({ notification: await notifications.create(currentUser(request).id, request.body) }),
  );

  app.put(
    '/notifications/admin/:uuid',
    {
      config,
      schema: { tags, summary: 'Edit a notification banner, or switch it on or off', params: notificationParams, body: notificationUpdateBody, response: { 200: okSchema(adminNotificationResponse) } },
    },
    async (request) => ok({ notification: await notifications.update(currentUser(request).id, request.params.uuid, request.body) }),
  );

  app.delete(
    '/notifications/admin/:uuid',
    { config, schema: { tags, summary: 'Delete a notification banner', params: notificationParams, response: { 200: okSchema(deletedResponse) } } },
    async (request) => {
      await notifications.remove(currentUser(request).id, request.params.uuid);
      return ok({ deleted: true as const });
    },
  );

  // --- The FAQ (System Settings) ---
  app.get(
    '/admin/faqs',
    { config, schema: { tags, summary: 'Every FAQ entry, active or not, in order', response: { 200: okSchema(adminFaqsResponse) } } },
    async () => ok({ faqs: await faqs.list() }),
  );

  app.post(
    '/admin/faqs',
    { config, schema: { tags, summary: 'Add a FAQ entry at the end', body: faqCreateBody, response: { 200: okSchema(adminFaqResponse) } } },
    async (request) => ok({ faq: await faqs.create(currentUser(request).id, request.body) }),
  );

  app.put(
    '/admin/faqs/order',
    { config, schema: { tags, summary: 'Put the FAQ entries in a new order', body: faqOrderBody, response: { 200: okSchema(adminFaqsResponse) } } },
    async (request) => ok({ faqs: await faqs.reorder(currentUser(request).id, request.body.order) }),
  );

  app.put(
    '/admin/faqs/:faqId',
    { config, schema: { tags, summary: 'Edit a FAQ entry', params: faqParams, body: faqUpdateBody, response: { 200: okSchema(adminFaqResponse) } } },
    async (request) => ok({ faq: await faqs.update(currentUser(request).id, request.params.faqId, request.body) }),
  );

  app.delete(
    '/admin/faqs/:faqId',
    { config, schema: { tags, summary: 'Delete a FAQ entry', params: faqParams, response: { 200: okSchema(deletedResponse) } } },
    async (request) => {
      await faqs.remove(currentUser(request).id, request.params.faqId);
      return ok({ deleted: true as const });
    },
  );

  // --- The landing page's testimonials and video (System Settings) ---
  app.get(
    '/admin/site/testimonials',
    { config, schema: { tags, summary: "The landing page's testimonials", response: { 200: okSchema(testimonialsResponse) } } },
    async () => ok({ testimonials: await landing.testimonials() }),
  );

  app.put(
    '/admin/site/testimonials',
    { config, schema: { tags, summary: "Replace the landing page's testimonials", body: testimonialsBody, response: { 200: okSchema(testimonialsResponse) } } },
    async (request) => ok({ testimonials: await landing.setTestimonials(currentUser(request).id, request.body.testimonials) }),
  );

  app.get(
    '/admin/site/video',
    { config, schema: { tags, summary: "The landing page's video", response: { 200: okSchema(siteVideoResponse) } } },
    async () => ok({ video: await landing.video() }),
  );

  app.put(
    '/admin/site/video',
    { config, schema: { tags, summary: "Set the landing page's video (null hides it)", body: siteVideoBody, response: { 200: okSchema(siteVideoResponse) } } },
    async (request) => ok({ video: await landing.setVideo(currentUser(request).id, request.body.video) }),
  );
};
