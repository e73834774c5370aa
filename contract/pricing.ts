import { z } from 'zod';
import { decimalString } from './credits.ts';

/** One tool's price per generation, on the engine that runs it now (`local`: the local engine's preview). */
export const toolPriceSchema = z.object({ dollar_amount: decimalString, tool_id: z.string(), service_type: z.string(), service_variant: z.string() });
export type ToolPrice = z.infer<typeof toolPriceSchema>;

/** GET /api/pricing/tools: keyed by the tool's title. */
export const toolPricingResponse = z.object({ tool_pricing: z.record(z.string(), toolPriceSchema) });
export type ToolPricingResponse = z.infer<typeof toolPricingResponse>;

/** GET /api/pricing/:slug, the slug being the tool's title lower-cased with spaces as hyphens. */
export const toolPricingParams = z.strictObject({ slug: z.string().min(1).max(64).regex(/^[a-z0-9-]+$/) });
export const toolPricingDetailResponse = z.object({
  tool_id: z.string(),
  title: z.string(),
  service_type: z.string(),
  service_variant: z.string(),
  dollar_amount: decimalString,
  variants: z.array(z.object({ service_variant: z.string(), user_cost_credits: decimalString, description: z.string() })),
});
export type ToolPricingDetailResponse = z.infer<typeof toolPricingDetailResponse>;
