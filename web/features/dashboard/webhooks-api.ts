/** The Webhooks tab's calls, each answer checked against contract/webhooks.ts. */
import { queryOptions } from '@tanstack/react-query';
import {
  createdWebhookResponse,
  webhookDeletedResponse,
  webhookDeliveriesResponse,
  webhookDeliverySchema,
  webhookEndpointsResponse,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type WebhookDeliveriesList,
  type WebhookEndpointsList,
} from '../../../contract/webhooks.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { UNREADABLE } from './account-api.ts';

export const webhookKeys = {
  endpoints: ['account', 'webhooks'] as const,
  deliveries: (id: string) => ['account', 'webhooks', id, 'deliveries'] as const,
};

const path = (id: string) => `/account/webhooks/${encodeURIComponent(id)}`;

export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints,
    // Used elsewhere (a script, a delivery): read afresh whenever the tab opens.
    staleTime: 0,
    queryFn: async (): Promise<WebhookEndpointsList> => parseAnswer(webhookEndpointsResponse, await api.get<unknown>('/account/webhooks'), UNREADABLE),
  });

export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    // Used elsewhere (a script, a delivery): read afresh whenever the tab opens.
    staleTime: 0,
    queryFn: async (): Promise<WebhookDeliveriesList> => parseAnswer(webhookDeliveriesResponse, await api.get<unknown>(`${path(id)}/deliveries`), UNREADABLE),
    // Pending deliveries move on by themselves: the list follows them while it is open.
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 5_000 : false),
  });

export const createWebhookRequest = async (body: CreateWebhookRequest): Promise<CreatedWebhook> =>
  parseAnswer(createdWebhookResponse, await api.post<unknown>('/account/webhooks', body), UNREADABLE);

export const deleteWebhookRequest = async (id: string): Promise<void> => {
  parseAnswer(webhookDeletedResponse, await api.delete<unknown>(path(id)), UNREADABLE);
};

export const redeliverRequest = async ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
  parseAnswer(webhookDeliverySchema, await api.post<unknown>(`${path(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`), UNREADABLE);
