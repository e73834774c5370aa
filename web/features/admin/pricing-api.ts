import { queryOptions } from '@tanstack/react-query';
import {
  pricingEntryResponse,
  pricingListResponse,
  pricingSyncResponse,
  pricingSyncToProdResponse,
  type PricingCreateInput,
  type PricingEntry,
  type PricingSyncResult,
  type PricingSyncToProdResult,
  type PricingUpdateInput,
} from '../../../contract/admin-settings.ts';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { api, ApiError, parseAnswer } from '../../lib/api.ts';
import { adminKeys } from './admin-api.ts';

export const pricingKey = [...adminKeys.tab('settings'), 'pricing'] as const;

/** GET /api/admin/settings/pricing. */
export const pricingQuery = () =>
  queryOptions({
    queryKey: pricingKey,
    queryFn: async () => parseAnswer(pricingListResponse, await api.get<unknown>('/admin/settings/pricing'), 'Failed to load the pricing table').pricing,
  });

export async function createPrice(input: PricingCreateInput): Promise<PricingEntry> {
  return parseAnswer(pricingEntryResponse, await api.post<unknown>('/admin/settings/pricing/create', input), ADMIN_MESSAGES.createPricing).entry;
}

export async function updatePrice(input: PricingUpdateInput): Promise<PricingEntry> {
  return parseAnswer(pricingEntryResponse, await api.post<unknown>('/admin/settings/pricing/update', input), ADMIN_MESSAGES.updatePricing).entry;
}

export async function deletePrice(id: number): Promise<void> {
  await api.post<unknown>('/admin/settings/pricing/delete', { id });
}

export async function syncPricing(): Promise<PricingSyncResult> {
  return parseAnswer(pricingSyncResponse, await api.post<unknown>('/admin/pricing-sync'), ADMIN_MESSAGES.syncPricing);
}

export async function syncPricingToProd(): Promise<PricingSyncToProdResult> {
  return parseAnswer(pricingSyncToProdResponse, await api.post<unknown>('/admin/pricing-sync-to-prod'), ADMIN_MESSAGES.syncToProd);
}

/** 'Failed to sync to prod' plus the reason the server gave (it is a 503 when the copy is not configured). */
export function syncToProdError(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return ADMIN_MESSAGES.forbidden;
  if (error instanceof ApiError && !error.generic) return `${ADMIN_MESSAGES.syncToProd}: ${error.message}`;
  return ADMIN_MESSAGES.syncToProd;
}
