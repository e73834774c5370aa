/**
 * The batch calls (issue 28, contract/batches.ts), checked against the contract: start, read one, list, cancel, retry.
 * Shared by the tool pages' Batch panel, the batch page, the dashboard, the gallery and the shell's notice.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  batchAccepted,
  batchDetail,
  batchList,
  batchUrl,
  type BatchAccepted,
  type BatchDetail,
  type BatchSummary,
  type CreateBatchRequest,
} from '../../../../contract/batches.ts';
import { api, parseAnswer } from '../../../lib/api.ts';

/**
 * The batches' query keys: the user's list (all, or the running ones the shell watches) and each batch. Kept here
 * rather than in web/lib/query-keys.ts, which every page loads: every reader of a batch comes through this folder.
 */
export const batchKeys = {
  all: ['batches'] as const,
  list: (active: boolean) => ['batches', 'list', active ? 'active' : 'all'] as const,
  detail: (id: string) => ['batches', 'detail', id] as const,
};

export const BATCH_UI_MESSAGES = {
  load: 'Failed to load the batch',
  list: 'Failed to load your batches',
  start: 'The batch could not be started',
  cancel: 'Could not cancel the batch. Please try again.',
  retry: 'Could not retry the failed items. Please try again.',
} as const;

/** How often a running batch's page reads it again, and how often the shell reads the running ones (tests shorten them). */
export const BATCH_POLL = { detailMs: 2_000, activeMs: 5_000 };

const path = (url: string) => url.replace(/^\/api/, '');

/** POST /api/batches with the action's Idempotency-Key: 202 with the items held and queued (or refused by name). */
export async function createBatch(body: CreateBatchRequest, idempotencyKey: string): Promise<BatchAccepted> {
  return parseAnswer(batchAccepted, await api.post<unknown>('/batches', body, { idempotencyKey }), BATCH_UI_MESSAGES.start);
}

export async function fetchBatch(id: string): Promise<BatchDetail> {
  return parseAnswer(batchDetail, await api.get<unknown>(path(batchUrl(id))), BATCH_UI_MESSAGES.load);
}

/** GET /api/batches (newest first); `active`: only those still running. */
export async function fetchBatches(active = false): Promise<BatchSummary[]> {
  const data = await api.get<unknown>('/batches', { query: active ? { active: 'true' } : undefined });
  return parseAnswer(batchList, data, BATCH_UI_MESSAGES.list).batches;
}

export async function cancelBatch(id: string): Promise<BatchDetail> {
  return parseAnswer(batchDetail, await api.post<unknown>(`${path(batchUrl(id))}/cancel`), BATCH_UI_MESSAGES.cancel);
}

export async function retryBatch(id: string): Promise<BatchDetail> {
  return parseAnswer(batchDetail, await api.post<unknown>(`${path(batchUrl(id))}/retry`), BATCH_UI_MESSAGES.retry);
}

/** A batch, read again every ~2 s while it runs. */
export const batchQueryOptions = (id: string) =>
  queryOptions({
    queryKey: batchKeys.detail(id),
    queryFn: () => fetchBatch(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? BATCH_POLL.detailMs : false),
  });

/** The user's batches, newest first. */
export const batchesQueryOptions = () => queryOptions({ queryKey: batchKeys.list(false), queryFn: () => fetchBatches(false), staleTime: 10_000 });
