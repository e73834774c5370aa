import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TRANSACTIONS_PAGE_SIZE,
  adminTransactionActionResponse,
  adminTransactionsResponse,
  type AdminTransaction,
} from '../../../contract/admin-payments.ts';
import type { PAYMENT_STATUSES } from '../../../contract/credits.ts';
import { api, ApiError, apiUrl, NETWORK_ERROR_MESSAGE, parseAnswer, readEnvelope } from '../../lib/api.ts';
import { attachmentName, saveBlob } from '../../lib/save-blob.ts';
import { adminKeys } from './admin-api.ts';

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The tab's filters as the screen holds them: empty strings are "any". */
export interface TransactionFilters {
  status: PaymentStatus | '';
  start_date: string;
  end_date: string;
}

/** The filters as query parameters, leaving out the empty ones. */
export function filterQuery(filters: TransactionFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.status) query.status = filters.status;
  if (filters.start_date) query.start_date = filters.start_date;
  if (filters.end_date) query.end_date = filters.end_date;
  return query;
}

/** GET /api/admin/stripe-transactions: one page, with the stats of every match. */
export const transactionsQuery = (filters: TransactionFilters, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.tab('transactions'), 'list', filters, page] as const,
    queryFn: async () =>
      parseAnswer(
        adminTransactionsResponse,
        await api.get<unknown>('/admin/stripe-transactions', { query: { ...filterQuery(filters), page, limit: TRANSACTIONS_PAGE_SIZE } }),
        'Failed to load transactions',
      ),
    placeholderData: keepPreviousData,
  });

/** The CSV of every row the filters match. */
export const exportUrl = (filters: TransactionFilters) => apiUrl('/admin/stripe-transactions', { ...filterQuery(filters), export: 'true' });

/**
 * Downloads the CSV under the server's file name. Fetched first, so a refusal (an ended session, a bad filter) is an
 * error on screen rather than a saved file holding the error's JSON.
 */
export async function downloadTransactionsCsv(filters: TransactionFilters): Promise<void> {
  let response: Response;
  try {
    response = await fetch(exportUrl(filters), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  // A refusal's envelope becomes its ApiError (readEnvelope throws for every answer that is not a success).
  if (!response.ok) await readEnvelope(response);
  saveBlob(await response.blob(), attachmentName(response.headers.get('content-disposition')) ?? 'ampkit-transactions.csv');
}

/** POST …?sub_action=refresh-tax or assign; refreshes the list and the tab's change log. */
export function useTransactionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { sub_action: 'refresh-tax' } & { payment_id: string } | { sub_action: 'assign'; payment_id: string; user_id?: string; email?: string }) => {
      const { sub_action, ...body } = input;
      const answer = await api.post<unknown>(`/admin/stripe-transactions?sub_action=${sub_action}`, body);
      return parseAnswer(adminTransactionActionResponse, answer, 'Failed to update the payment').transaction as AdminTransaction;
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: [...adminKeys.tab('transactions'), 'list'] });
      await client.invalidateQueries({ queryKey: adminKeys.audit('transactions') });
    },
  });
}
