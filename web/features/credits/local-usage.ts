/** Local credit deduction after a generation (spec 1 §4 "Credits after usage", §9). */
import type { QueryClient } from '@tanstack/react-query';
import type { Credits } from '../../../contract/auth.ts';
import { addDecimal, clampAtZero, compareDecimal, subtractDecimal } from '../../lib/decimal.ts';
import { queryClient as appQueryClient } from '../../lib/query-client.ts';
import { profileQueryKey } from '../auth/api.ts';

/** The server's figures are re-read this long after a local deduction. */
export const CREDIT_REFRESH_DELAY_MS = 2000;

/** Balance and available credits go down by `amount`, never below 0; lifetime used goes up by it. */
export function deductCredits(credits: Credits, amount: string | number): Credits {
  return {
    ...credits,
    balance: clampAtZero(subtractDecimal(credits.balance, amount)),
    available_credits: clampAtZero(subtractDecimal(credits.available_credits, amount)),
    lifetime_used: addDecimal(credits.lifetime_used, amount),
  };
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Call after a generation was charged: lowers the header's balance at once, then re-reads the real figures
 * from the server about 2 s later. Safe to call when signed out (does nothing).
 */
export function applyLocalCreditUsage(amount: string | number, client: QueryClient = appQueryClient): void {
  client.setQueryData(profileQueryKey, (previous) =>
    previous?.credits ? { ...previous, credits: deductCredits(previous.credits, amount) } : previous,
  );
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    void client.invalidateQueries({ queryKey: profileQueryKey });
  }, CREDIT_REFRESH_DELAY_MS);
}

/** Balance colours (spec 1 §2): above 10 green, above 0 yellow, otherwise red. */
export function balanceTone(balance: string | null | undefined): 'green' | 'yellow' | 'red' {
  const value = balance ?? '0';
  if (compareDecimal(value, 10) > 0) return 'green';
  if (compareDecimal(value, 0) > 0) return 'yellow';
  return 'red';
}
