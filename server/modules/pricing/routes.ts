import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { costPredictionSchema, predictCostQuery } from '../../../contract/credits.ts';
import { toolPricingDetailResponse, toolPricingParams, toolPricingResponse } from '../../../contract/pricing.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { PricingService } from './service.ts';

const tags = ['pricing'];

export const pricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (app, deps) => {
  app.get(
    '/tools',
    { config: { auth: 'public' }, schema: { tags, summary: 'Price per generation of each tool, keyed by title', response: { 200: okSchema(toolPricingResponse) } } },
    async () => ok({ tool_pricing: await deps.pricing.toolPricing() }),
  );

  app.get(
    '/:slug',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "One tool's price, by its title lower-cased with spaces as hyphens",
        params: toolPricingParams,
        response: { 200: okSchema(toolPricingDetailResponse) },
      },
    },
    async (request) => ok(await deps.pricing.toolPricingBySlug(request.params.slug)),
  );
};

/** GET /api/credits/predict-cost: under the credits prefix (where the browser asks), answered by pricing. */
export const costPredictionRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (app, deps) => {
  app.get(
    '/predict-cost',
    {
      config: { auth: 'user', scope: 'generate' },
      schema: {
        tags: ['credits'],
        summary: 'Cost of a service and whether the user can afford it',
        querystring: predictCostQuery,
        response: { 200: okSchema(costPredictionSchema) },
      },
    },
    async (request) => {
      const { service_type, variant, requires_preprocessing } = request.query;
      return ok(await deps.pricing.predictCost(currentUser(request).id, service_type, variant, requires_preprocessing));
    },
  );
};
