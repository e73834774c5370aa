/**
 * The user's spending limits and this month's spending (GET /api/account/spending, issue 29): read by the dashboard's
 * card, the shell's low-balance notice and every paid button (a cap the cost would pass is said before the click).
 */
import { queryOptions } from '@tanstack/react-query';
import { spendingResponse, type Spending } from '../../contract/spending.ts';
import { api, parseAnswer } from './api.ts';
import { creditKeys } from './query-keys.ts';

export const SPENDING_ERROR = 'Failed to load your spending limits';

export async function fetchSpending(): Promise<Spending> {
  return parseAnswer(spendingResponse, await api.get<unknown>('/account/spending'), SPENDING_ERROR);
}

/** Read afresh on every opening: each charge changes it (creditKeys.all is invalidated after one). */
export const spendingQueryOptions = () => queryOptions({ queryKey: creditKeys.spending, queryFn: fetchSpending, staleTime: 0 });
