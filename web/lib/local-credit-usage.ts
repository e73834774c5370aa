/** Local credit deduction after a generation (spec 1 §4 "Credits after usage", §9). */
import type { QueryClient } from '@tanstack/react-query';
import type { Credits } from '../../contract/auth.ts';
import { add, max0, sub, type DecimalInput } from '../../contract/decimal.ts';
import { queryClient as appQueryClient } from './query-client.ts';
import { profileQueryKey } from './session/profile.ts';
import { creditKeys } from './query-keys.ts';

/** The server's figures are re-read this long after a local deduction. */
export const CREDIT_REFRESH_DELAY_MS = 2000;

/** Balance and available credits go down by `amount`, never below 0; lifetime used goes up by it. */
export function deductCredits(credits: Credits, amount: DecimalInput): Credits {
  return {
    ...credits,
    balance: max0(sub(credits.balance, amount)),
    available_credits: max0(sub(credits.available_credits, amount)),
    lifetime_used: add(credits.lifetime_used, amount),
  };
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Call after a generation was charged: lowers the header's balance at once, then re-reads the real figures
 * from the server about 2 s later. Safe to call when signed out (does nothing).
 */
export function applyLocalCreditUsage(amount: DecimalInput, client: QueryClient = appQueryClient): void {
  client.setQueryData(profileQueryKey, (previous) =>
    previous?.credits ? { ...previous, credits: deductCredits(previous.credits, amount) } : previous,
  );
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    void client.invalidateQueries({ queryKey: profileQueryKey });
    void client.invalidateQueries({ queryKey: creditKeys.all });
  }, CREDIT_REFRESH_DELAY_MS);
}
