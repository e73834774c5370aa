import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { spendingLimitsRequest, spendingResponse } from '../../../contract/spending.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentSession, currentUser } from '../../http/session.ts';
import type { SpendingService } from './spending.ts';

const tags = ['credits'];

/**
 * /api/account/spending: a key with `account:read` may read the limits; only a signed-in browser changes them (a key
 * cannot lift the cap it is held to).
 */
export const spendingRoutes: FastifyPluginAsyncZod<{ spending: SpendingService }> = async (app, { spending }) => {
  app.get(
    '/',
    {
      config: { auth: 'user', scope: 'account:read' },
      schema: { tags, summary: "My spending limits and this month's spending (credits; a month is a calendar month in UTC)", response: { 200: okSchema(spendingResponse) } },
    },
    async (request) => ok(await spending.view(currentUser(request).id)),
  );

  app.put(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Set my monthly spending cap and low-balance alert (credits as decimal strings; null: none)',
        body: spendingLimitsRequest,
        response: { 200: okSchema(spendingResponse) },
      },
    },
    async (request) => ok(await spending.set(currentSession(request).user.id, request.body)),
  );
};
