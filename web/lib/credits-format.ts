import { CREDIT_DECIMALS } from '../../contract/constants.ts';
import { cmp, normalize, toFixed } from '../../contract/decimal.ts';

/** Credits with 2 decimals: '5.0000' → '5.00'. */
export const formatCredits = (value: string | null | undefined) => toFixed(value, CREDIT_DECIMALS);

/** Dollars with a dollar sign and 2 decimals; missing values read $0.00 (spec 1 §9). */
export const formatUsd = (value: string | null | undefined) => `$${toFixed(value, 2)}`;

/** '20 credits + 2 bonus' style parts of a package. */
export function packageCredits(p: { credits: string; bonus_credits: string }): { credits: string; bonus: string | null } {
  return { credits: formatCredits(p.credits), bonus: cmp(p.bonus_credits || '0', 0) > 0 ? formatCredits(p.bonus_credits) : null };
}

/** '0.0050' → '0.005', '0.0100' → '0.01', '1' → '1.00': every significant digit, at least two decimals. */
export function formatPreciseCredits(value: string): string {
  const [whole = '0', fraction = ''] = normalize(value).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.length >= 2 ? trimmed : trimmed.padEnd(2, '0')}`;
}

/** Balance colours (spec 1 §2): above 10 green, above 0 yellow, otherwise red. */
export function balanceTone(balance: string | null | undefined): 'green' | 'yellow' | 'red' {
  const value = balance || '0';
  if (cmp(value, 10) > 0) return 'green';
  if (cmp(value, 0) > 0) return 'yellow';
  return 'red';
}
