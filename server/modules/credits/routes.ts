import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditBalanceResponse, creditTransactionsQuery, creditTransactionsResponse } from '../../../contract/credits.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { CreditsService } from './service.ts';

const tags = ['credits'];

/**
 * The ledger's own routes. /api/credits/packages and /api/credits/predict-cost share the prefix but are registered by
 * payments and pricing, which own them: the ledger sits below both and imports neither.
 */
export const creditsRoutes: FastifyPluginAsyncZod<{ credits: CreditsService }> = async (app, deps) => {
  app.get(
    '/balance',
    { config: { auth: 'user', scope: 'account:read' }, schema: { tags, summary: 'Credit balance', response: { 200: okSchema(creditBalanceResponse) } } },
    async (request) => ok({ balance: await deps.credits.account(currentUser(request).id) }),
  );

  app.get(
    '/transactions',
    {
      config: { auth: 'user', scope: 'account:read' },
      schema: {
        tags,
        summary: 'Recent credit transactions, newest first',
        querystring: creditTransactionsQuery,
        response: { 200: okSchema(creditTransactionsResponse) },
      },
    },
    async (request) => ok({ transactions: await deps.credits.transactions(currentUser(request).id, request.query.limit) }),
  );
};
