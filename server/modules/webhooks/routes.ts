import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdWebhookResponse,
  createWebhookRequest,
  webhookDeletedResponse,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookEndpointsResponse,
  webhookIdParams,
} from '../../../contract/webhooks.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentSession } from '../../http/session.ts';
import type { WebhooksService } from './service.ts';

const tags = ['webhooks'];

/** /api/account/webhooks: managed from a signed-in browser (no API-key scope). */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  app.get(
    '/',
    { config: { auth: 'user' }, schema: { tags, summary: 'My webhook endpoints, newest first (never their secrets)', response: { 200: okSchema(webhookEndpointsResponse) } } },
    async (request) => ok(await webhooks.list(currentSession(request).user.id)),
  );

  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Add an HTTPS endpoint and the events it gets: `secret` (it signs every delivery) is in this answer only',
        body: createWebhookRequest,
        response: { 200: okSchema(createdWebhookResponse) },
      },
    },
    async (request) => ok(await webhooks.create(currentSession(request).user.id, request.body)),
  );

  app.delete(
    '/:id',
    { config: { auth: 'user' }, schema: { tags, summary: 'Delete an endpoint and its deliveries', params: webhookIdParams, response: { 200: okSchema(webhookDeletedResponse) } } },
    async (request) => ok(await webhooks.remove(currentSession(request).user.id, request.params.id)),
  );

  app.get(
    '/:id/deliveries',
    {
      config: { auth: 'user' },
      schema: { tags, summary: "An endpoint's last 50 deliveries, newest first, with status and last answer", params: webhookIdParams, response: { 200: okSchema(webhookDeliveriesResponse) } },
    },
    async (request) => ok(await webhooks.deliveries(currentSession(request).user.id, request.params.id)),
  );

  app.post(
    '/:id/deliveries/:delivery_id/redeliver',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Send a delivery again now (the same event id and body, signed anew)', params: webhookDeliveryParams, response: { 200: okSchema(webhookDeliverySchema) } },
    },
    async (request) => ok(await webhooks.redeliver(currentSession(request).user.id, request.params.id, request.params.delivery_id)),
  );
};
