import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchAccepted,
  batchDetail,
  batchIdParams,
  batchList,
  batchListQuery,
  createBatchRequest,
} from '../../../contract/batches.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import { perUserPerMinute } from '../../http/route-helpers.ts';
import { batchZip } from './zip.ts';
import type { BatchesService } from './service.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';

const tags = ['batches'];

export interface BatchRoutesDeps {
  batches: BatchesService;
  storage: ObjectStorage;
  limits: { bodyLimitBytes: number; perUserPerMinute: number };
}

/** /api/batches (issue 28): one image tool over up to 50 images; another user's batch is a 404 everywhere. */
export const batchRoutes: FastifyPluginAsyncZod<BatchRoutesDeps> = async (app, { batches, storage, limits }) => {
  const rateLimit = perUserPerMinute(limits.perUserPerMinute, 'AI requests');

  app.post(
    '/',
    {
      bodyLimit: limits.bodyLimitBytes,
      config: { auth: 'user', scope: 'generate', paid: true, rateLimit },
      schema: {
        tags,
        summary:
          'Start a batch: `tool` (a tool id), `options` (the fields of its single call other than the image), up to 50 items. Items that cannot be used are refused one by one (named in their error) before anything is held; the rest are held and queued. 402 when the whole batch costs more than the available balance',
        body: createBatchRequest,
        response: { 202: okSchema(batchAccepted) },
      },
    },
    async (request, reply) => reply.code(202).send(ok(await batches.create(currentUser(request).id, request.body))),
  );

  app.get(
    '/',
    { config: { auth: 'user', scope: 'generate' }, schema: { tags, summary: 'My batches, newest first (active=true: those still running)', querystring: batchListQuery, response: { 200: okSchema(batchList) } } },
    async (request) => ok({ batches: await batches.list(currentUser(request).id, request.query.active === 'true') }),
  );

  app.get(
    '/:id',
    { config: { auth: 'user', scope: 'generate' }, schema: { tags, summary: 'A batch and each of its items: queued, running, done (its result), failed (why; not charged) or cancelled', params: batchIdParams, response: { 200: okSchema(batchDetail) } } },
    async (request) => ok(await batches.get(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/:id/cancel',
    { config: { auth: 'user', scope: 'generate' }, schema: { tags, summary: 'Cancels the queued items at once (released); running ones finish', params: batchIdParams, response: { 200: okSchema(batchDetail) } } },
    async (request) => ok(await batches.cancel(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/:id/retry',
    {
      config: { auth: 'user', scope: 'generate', rateLimit },
      schema: { tags, summary: 'Holds and queues each failed item again (409 when none can be retried; 402 when the balance is short)', params: batchIdParams, response: { 200: okSchema(batchDetail) } },
    },
    async (request) => ok(await batches.retry(currentUser(request).id, request.params.id)),
  );

  app.get(
    '/:id/download',
    { config: { auth: 'user', scope: 'files:read' }, schema: { tags, summary: "A ZIP of the done items' results, streamed (<original-name>-<tool>.<ext>); 409 while none is done", params: batchIdParams } },
    async (request, reply) => {
      const { batch, entries } = await batches.download(currentUser(request).id, request.params.id);
      const zip = batchZip(storage, batch, entries);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${zip.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    },
  );
};
