import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  adminCreditAdjustmentResponse,
  adminUserLedgerResponse,
  adminUsersResponse,
  type AdminCreditAdjustment,
} from '../../../contract/admin-users.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { adminKeys } from './admin-api.ts';

/** Everything of the users tab sits under adminKeys.tab('users'): one invalidation refreshes rows, stats and ledgers. */
export const usersKeys = {
  list: (page: number, search: string) => [...adminKeys.tab('users'), 'list', { page, search }] as const,
  ledger: (userId: string) => [...adminKeys.tab('users'), 'ledger', userId] as const,
};

export const USERS_LOAD_ERROR = 'Failed to load users';
export const ADJUST_ERROR = 'Failed to adjust credits';

/** GET /api/admin/users?page&search: one page of users and the stats of all of them. */
export const usersQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: usersKeys.list(page, search),
    queryFn: async () =>
      parseAnswer(adminUsersResponse, await api.get<unknown>('/admin/users', { query: { page, search: search || undefined } }), USERS_LOAD_ERROR),
    // The table keeps the last page while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users/{id}/ledger: the user's credits and their newest ledger rows. */
export const userLedgerQuery = (userId: string) =>
  queryOptions({
    queryKey: usersKeys.ledger(userId),
    queryFn: async () =>
      parseAnswer(adminUserLedgerResponse, await api.get<unknown>(`/admin/users/${encodeURIComponent(userId)}/ledger`, { query: { limit: 20 } }), 'Failed to load the ledger'),
  });

/** POST /api/admin/users/{id}/credits with one Idempotency-Key per admin action (a double click is one adjustment). */
export async function adjustCredits(userId: string, body: AdminCreditAdjustment, idempotencyKey: string) {
  const answer = await api.post<unknown>(`/admin/users/${encodeURIComponent(userId)}/credits`, body, { idempotencyKey });
  return parseAnswer(adminCreditAdjustmentResponse, answer, ADJUST_ERROR);
}
