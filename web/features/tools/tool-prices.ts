/** GET /api/pricing/tools: what one generation of each tool costs now, on the engine that runs it (the cards show it). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toolPricingResponse, type ToolPrice } from '../../../contract/pricing.ts';
import { TOOL_DEFINITIONS } from '../../../contract/tools.ts';
import { api, parseAnswer } from '../../lib/api.ts';

export const toolPricesQueryOptions = queryOptions({
  queryKey: ['pricing', 'tools'] as const,
  queryFn: async () => parseAnswer(toolPricingResponse, await api.get<unknown>('/pricing/tools'), 'Failed to load tool prices').tool_pricing,
  staleTime: 5 * 60_000,
});

/** Prices keyed by tool id; empty while loading or when the call failed (the cards then show no price). */
export function useToolPrices(): Record<string, ToolPrice> {
  const prices = useQuery(toolPricesQueryOptions).data ?? {};
  return Object.fromEntries(Object.values(prices).map((p) => [p.tool_id, p]));
}

/** The stored price types counted otherwise than per generation: transcription by the minute, the photoshoot by the photo. */
const PER_MINUTE = TOOL_DEFINITIONS.transcription.price.serviceType;
const PER_PHOTO = TOOL_DEFINITIONS['ai-photoshoot'].price.serviceType;

/**
 * The card's line: a free local preview (for transcription, the local engine's draft), or credits per generation
 * (per minute for transcription).
 */
export function priceLabel(price: ToolPrice | undefined): string | null {
  if (!price) return null;
  if (Number(price.dollar_amount) === 0) {
    if (price.service_variant !== 'local') return 'Free';
    return price.service_type === PER_MINUTE ? 'Free draft' : 'Free preview';
  }
  const unit = price.service_type === PER_MINUTE ? 'per minute' : price.service_type === PER_PHOTO ? 'per photo' : 'per generation';
  return `${price.dollar_amount} credits ${unit}`;
}

const usd = (amount: number) => (amount === 0 ? 'free' : `$${amount.toFixed(2)}`);

/**
 * The landing page's badge: the cheapest and the dearest generation across the tools (transcription, priced per
 * minute, is left out), or null while the prices are unknown (spec 1 §8: a pricing failure hides the badge).
 */
export function priceRangeLabel(prices: readonly ToolPrice[]): string | null {
  const amounts = prices.filter((p) => p.service_type !== PER_MINUTE).map((p) => Number(p.dollar_amount));
  if (amounts.length === 0) return null;
  const min = Math.min(...amounts);
  const max = Math.max(...amounts);
  if (max === 0) return 'Free previews on every tool · no subscription';
  const range = min === max ? usd(max) : `from ${usd(min)} to ${usd(max)}`;
  return `${range.charAt(0).toUpperCase()}${range.slice(1)} per generation · no subscription`;
}
