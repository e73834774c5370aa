import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimalString } from '../../../contract/credits.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { PricingService } from './service.ts';

const tags = ['pricing'];
const toolPrice = z.object({ dollar_amount: decimalString, tool_id: z.string(), service_type: z.string() });

export const pricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (app, deps) => {
  app.get(
    '/tools',
    { config: { auth: 'public' }, schema: { tags, summary: 'Price per generation of each tool, keyed by title', response: { 200: okSchema(z.object({ tool_pricing: z.record(z.string(), toolPrice) })) } } },
    async () => ok({ tool_pricing: await deps.pricing.toolPricing() }),
  );

  app.get(
    '/:slug',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "One tool's price, by its title lower-cased with spaces as hyphens",
        params: z.strictObject({ slug: z.string().min(1).max(64).regex(/^[a-z0-9-]+$/) }),
        response: {
          200: okSchema(
            z.object({
              tool_id: z.string(),
              title: z.string(),
              service_type: z.string(),
              service_variant: z.string(),
              dollar_amount: decimalString,
              variants: z.array(z.object({ service_variant: z.string(), user_cost_credits: decimalString, description: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => ok(await deps.pricing.toolPricingBySlug(request.params.slug)),
  );
};
