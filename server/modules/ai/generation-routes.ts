import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generationList, generationListQuery, generationReceipt, generationStatus } from '../../../contract/generations.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { AiService } from './service.ts';

const tags = ['generations'];
const params = z.strictObject({ id: z.uuid() });

/** A generation's state, the user's running ones, and cancel (durable.ts); another user's id is a 404. */
export const generationRoutes: FastifyPluginAsyncZod<{ ai: Pick<AiService, 'generations'> }> = async (app, deps) => {
  const generations = deps.ai.generations;

  app.get(
    '/',
    {
      config: { auth: 'user', scope: 'generate' },
      schema: { tags, summary: "My generations still queued or running (active=true), newest first", querystring: generationListQuery, response: { 200: okSchema(generationList) } },
    },
    async (request) => ok({ generations: await generations.active(currentUser(request).id) }),
  );

  app.get(
    '/:id',
    {
      config: { auth: 'user', scope: 'generate' },
      schema: {
        tags,
        summary: 'A generation: queued, processing (with progress where the engine knows it), then its result in the shape its tool answers, or its error',
        params,
        response: { 200: okSchema(generationStatus) },
      },
    },
    async (request) => ok(await generations.status(currentUser(request).id, request.params.id)),
  );

  app.get(
    '/:id/receipt',
    {
      config: { auth: 'user', scope: 'account:read' },
      schema: {
        tags,
        summary: 'What a ledger line paid for: the tool, the engine and model, the price charged, the time taken and where the result opens',
        params,
        response: { 200: okSchema(generationReceipt) },
      },
    },
    async (request) => ok(await generations.receipt(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/:id/cancel',
    {
      config: { auth: 'user', scope: 'generate' },
      schema: { tags, summary: 'Stops a queued or running generation and releases its hold (409 once it has finished)', params, response: { 200: okSchema(generationStatus) } },
    },
    async (request) => ok(await generations.cancel(currentUser(request).id, request.params.id)),
  );
};
