import type { ProviderCost } from './types.ts';

/** What provider calls cost: one result's cost fields, and several calls' added up. */

/** A provider result's cost fields (undefined when it reported none). */
export function costOf(result: ProviderCost): ProviderCost | undefined {
  if (result.costUsd === undefined && !result.usage) return undefined;
  return { ...(result.costUsd !== undefined ? { costUsd: result.costUsd } : {}), ...(result.usage ? { usage: result.usage } : {}) };
}

/**
 * The cost of a generation that made several provider calls (a mockup's styles, a transcript and its refinement):
 * the usage figures added up, and the cost only when every call reported one (else the price table's estimate stands).
 */
export function sumCosts(costs: ReadonlyArray<ProviderCost | undefined>): ProviderCost | undefined {
  if (costs.length === 0) return undefined;
  // Only the cost fields, whatever else the results carry (a transcript's text, an image's bytes).
  if (costs.length === 1) return costs[0] && costOf(costs[0]);
  const usage: Record<string, number> = {};
  for (const cost of costs) for (const [key, value] of Object.entries(cost?.usage ?? {})) usage[key] = (usage[key] ?? 0) + value;
  const priced = costs.every((c) => c?.costUsd !== undefined);
  if (!priced && Object.keys(usage).length === 0) return undefined;
  return { ...(priced ? { costUsd: costs.reduce((sum, c) => sum + c!.costUsd!, 0) } : {}), ...(Object.keys(usage).length ? { usage } : {}) };
}
