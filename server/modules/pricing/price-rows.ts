import { cmp, normalize } from '../../../contract/decimal.ts';
import { TOOL_SERVICE } from '../../../contract/tool-prices.ts';
import type { PricingEntry } from '../../../contract/admin-settings.ts';
import { conflict } from '../../lib/errors.ts';
import type { PricingRow } from './repository.ts';

/** A price row as the admin's table, its audit and the copy to production see it (price-table.ts, production-sync.ts). */

/** A price row as the admin screen shows it. */
export function entryOf(row: PricingRow): PricingEntry {
  const user = normalize(row.userCostCredits);
  const actual = normalize(row.actualCostUsd);
  const priced = cmp(user, '0') > 0;
  const inUse = Object.values(TOOL_SERVICE).some((s) => s.serviceType === row.serviceType && s.variant === row.serviceVariant);
  return {
    id: row.id,
    service_type: row.serviceType,
    service_variant: row.serviceVariant,
    user_cost_credits: user,
    actual_cost_usd: String(Number(row.actualCostUsd)),
    description: row.description,
    // A ratio for display (1 credit = $1): one decimal is all the screen shows, so a float is fine here.
    margin_percent: priced ? (((Number(user) - Number(actual)) / Number(user)) * 100).toFixed(1) : null,
    in_use: inUse,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns of a row an admin can change, by their wire names, for the audit's before/after. */
export const wireFields = (row: PricingRow) => ({
  service_type: row.serviceType,
  service_variant: row.serviceVariant,
  user_cost_credits: normalize(row.userCostCredits),
  actual_cost_usd: String(Number(row.actualCostUsd)),
  description: row.description,
});
export type WireFields = ReturnType<typeof wireFields>;

export function changed(before: WireFields, after: WireFields) {
  const keys = (Object.keys(after) as Array<keyof WireFields>).filter((k) => {
    if (k === 'user_cost_credits' || k === 'actual_cost_usd') return Number(before[k]) !== Number(after[k]);
    return before[k] !== after[k];
  });
  return keys.length === 0 ? null : { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

export const duplicate = (type: string, variant: string) => conflict(`A price for ${type} (${variant}) already exists.`, { field: 'service_variant' });
