import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Credits } from '../../../contract/auth.ts';
import { fetchBalance, fetchTransactions } from './api.ts';
import { profileQueryKey } from '../../lib/session/profile.ts';
import { creditKeys } from '../../lib/query-keys.ts';

/** Re-read whenever the credits tab opens and whenever the window regains focus (spec 1 §2). */
const fresh = { staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: 'always' } as const;

/**
 * The credits tab's data: the balance (GET /api/credits/balance, shown at once from the session's figures and
 * copied back into the session so the header chip agrees) and the recent transactions.
 */
export function useCreditOverview(sessionCredits: Credits | null) {
  const client = useQueryClient();
  const balance = useQuery({
    queryKey: creditKeys.balance,
    queryFn: async () => {
      const credits = await fetchBalance();
      client.setQueryData(profileQueryKey, (previous) => (previous ? { ...previous, credits } : previous));
      return credits;
    },
    placeholderData: sessionCredits ?? undefined,
    ...fresh,
  });
  const transactions = useQuery({ queryKey: creditKeys.transactions, queryFn: () => fetchTransactions(), ...fresh });
  return { balance, transactions };
}
