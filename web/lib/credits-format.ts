import { CREDIT_DECIMALS } from '../../../contract/constants.ts';
import { cmp, toFixed } from '../../../contract/decimal.ts';

/** Credits with 2 decimals: '5.0000' → '5.00'. */
export const formatCredits = (value: string | null | undefined) => toFixed(value, CREDIT_DECIMALS);

/** Dollars with a dollar sign and 2 decimals; missing values read $0.00 (spec 1 §9). */
export const formatUsd = (value: string | null | undefined) => `$${toFixed(value, 2)}`;

/** '20 credits + 2 bonus' style parts of a package. */
export function packageCredits(p: { credits: string; bonus_credits: string }): { credits: string; bonus: string | null } {
  return { credits: formatCredits(p.credits), bonus: cmp(p.bonus_credits || '0', 0) > 0 ? formatCredits(p.bonus_credits) : null };
}
