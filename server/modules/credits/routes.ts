import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creditsSchema } from '../../../contract/auth.ts';
import { costPredictionSchema, creditPackageSchema, creditTransactionSchema, predictCostQuery } from '../../../contract/credits.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { PricingService } from '../pricing/service.ts';
import type { CreditsService } from './service.ts';

const tags = ['credits'];

export const creditsRoutes: FastifyPluginAsyncZod<{ credits: CreditsService; pricing: PricingService; payments: PaymentsService }> = async (
  app,
  deps,
) => {
  app.get(
    '/balance',
    { config: { auth: 'user' }, schema: { tags, summary: 'Credit balance', response: { 200: okSchema(z.object({ balance: creditsSchema })) } } },
    async (request) => ok({ balance: await deps.credits.account(currentUser(request).id) }),
  );

  app.get(
    '/transactions',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Recent credit transactions, newest first',
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: okSchema(z.object({ transactions: z.array(creditTransactionSchema) })) },
      },
    },
    async (request) => ok({ transactions: await deps.credits.transactions(currentUser(request).id, request.query.limit) }),
  );

  app.get(
    '/packages',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Credit packages with their payment links', response: { 200: okSchema(z.object({ packages: z.array(creditPackageSchema) })) } },
    },
    async (request) => ok({ packages: await deps.payments.packages(currentUser(request)) }),
  );

  app.get(
    '/predict-cost',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Cost of a service and whether the user can afford it', querystring: predictCostQuery, response: { 200: okSchema(costPredictionSchema) } },
    },
    async (request) => {
      const { service_type, variant, requires_preprocessing } = request.query;
      return ok(await deps.pricing.predictCost(currentUser(request).id, service_type, variant, requires_preprocessing));
    },
  );
};
