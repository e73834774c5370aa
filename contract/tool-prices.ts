/**
 * The prices the tools are quoted by and every new database is seeded with, from the tool definitions. Apart from
 * credits.ts on purpose: the app shell imports credits.ts, and this pulls in every tool's definition and request
 * schemas, which only the server and the tool pages need (the public pages' JS budget, scripts/check-page-budgets.ts).
 */
import { UPSCALE_PRICE_MULTIPLIER } from './credits.ts';
import { mul } from './decimal.ts';
import { TOOLS } from './tools.ts';
import type { PricingSeed } from './tools/definition.ts';

export type { PricingSeed } from './tools/definition.ts';

/** Service a tool is priced by (the variant its quote shows); the pricing call keys its answer by the tool's title. */
export const TOOL_SERVICE: Readonly<Record<string, { serviceType: string; variant: string }>> = Object.fromEntries(
  TOOLS.map((tool) => [tool.id, tool.price]),
);

const upscaleEstimates: Array<[string, string, string, string]> = [
  // provider, scale, tier, estimated cost in USD
  ['local', '2x', 'fast', '0.002'],
  ['local', '2x', 'standard', '0.004'],
  ['local', '2x', 'high_quality', '0.008'],
  ['local', '4x', 'fast', '0.004'],
  ['local', '4x', 'standard', '0.008'],
  ['local', '4x', 'high_quality', '0.016'],
  ['replicate', '2x', 'standard', '0.02'],
  ['replicate', '2x', 'high_quality', '0.04'],
  ['replicate', '4x', 'standard', '0.04'],
  ['replicate', '4x', 'high_quality', '0.08'],
];

/**
 * Default prices every new database is seeded with, and a start adds where missing; the admin area edits them.
 * 1 credit = $1. Each tool's rows come from its definition (its price and the local engine's, seeded 0: the admin
 * can price previews later); upscaling keeps its price with either engine (ESRGAN's result is real).
 */
export const DEFAULT_PRICING: readonly PricingSeed[] = [
  ...TOOLS.flatMap((tool) => tool.prices),
  { service_type: 'image_variation', service_variant: 'standard', user_cost_credits: '0.25', actual_cost_usd: '0.04', description: 'Image variation: one generated image' },
  ...upscaleEstimates.map(([provider, scale, tier, usd]) => ({
    service_type: 'upscale',
    service_variant: `${provider}_${scale}_${tier}`,
    user_cost_credits: mul(usd, UPSCALE_PRICE_MULTIPLIER), // estimate x 2.5
    actual_cost_usd: usd,
    description: `Upscale ${scale} (${tier.replace('_', ' ')}) with the ${provider} engine`,
  })),
];
