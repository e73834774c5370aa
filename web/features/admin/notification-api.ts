import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import {
  adminNotificationResponse,
  deletedResponse,
  notificationsResponse,
  type NotificationCreateBody,
  type NotificationUpdateBody,
} from '../../../contract/site.ts';
import { api, ApiError, errorMessage, parseAnswer } from '../../lib/api.ts';
import { adminKeys } from './admin-api.ts';

/** The public banner's cache (features/notifications), refreshed so this browser sees a change at once. */
const PUBLIC_NOTIFICATIONS_KEY = ['notifications'] as const;

/**
 * A failed list load reads 'Failed to fetch notifications: {status}' (spec 3 §8); 403 the admin line. A request that
 * got no answer (status 0) keeps its own message rather than a meaningless status.
 */
export function notificationsLoadError(error: unknown): Error {
  if (error instanceof ApiError && error.status === 403) return new Error(ADMIN_MESSAGES.forbidden);
  if (error instanceof ApiError && error.status > 0) return new Error(ADMIN_MESSAGES.fetchNotifications(error.status));
  return new Error(errorMessage(error));
}

/** GET /api/notifications/admin: every notification, newest first. */
export const adminNotificationsQuery = queryOptions({
  queryKey: [...adminKeys.tab('notifications'), 'list'] as const,
  queryFn: async () => parseAnswer(notificationsResponse, await api.get<unknown>('/notifications/admin'), 'Failed to load notifications').notifications,
});

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.tab('notifications') }),
      client.invalidateQueries({ queryKey: adminKeys.audit('notifications') }),
      client.invalidateQueries({ queryKey: PUBLIC_NOTIFICATIONS_KEY }),
    ]);
}

/** POST /api/notifications/admin, or PUT …/{uuid} when editing. */
export function useSaveNotification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { uuid: string | null; body: NotificationCreateBody }) => {
      const answer = input.uuid ? await api.put<unknown>(`/notifications/admin/${input.uuid}`, input.body) : await api.post<unknown>('/notifications/admin', input.body);
      return parseAnswer(adminNotificationResponse, answer, ADMIN_MESSAGES.saveNotification).notification;
    },
    onSettled: refresh,
  });
}

/** PUT /api/notifications/admin/{uuid} with only is_active: the list's switch. */
export function useToggleNotification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { uuid: string; body: NotificationUpdateBody }) =>
      parseAnswer(adminNotificationResponse, await api.put<unknown>(`/notifications/admin/${input.uuid}`, input.body), ADMIN_MESSAGES.toggleNotification).notification,
    onSettled: refresh,
  });
}

export function useDeleteNotification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (uuid: string) => parseAnswer(deletedResponse, await api.delete<unknown>(`/notifications/admin/${uuid}`), ADMIN_MESSAGES.deleteNotification),
    onSettled: refresh,
  });
}
