import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { AnnouncementBar } from '../../components/ui/announcement-bar.tsx';
import { api, parseAnswer } from '../../lib/api.ts';
import { CLOSED_NOTIFICATIONS_EVENT, closeNotification, closedNotifications } from './closed-notifications.ts';

const notificationSchema = z.object({
  uuid: z.string(),
  identifier: z.string(),
  /** HTML, sanitised by the server to links, emphasis and line breaks. */
  content: z.string(),
  bg_color: z.string(),
  text_color: z.string(),
  icon_color: z.string(),
});
export type SiteNotification = z.infer<typeof notificationSchema>;
const notificationsResponse = z.object({ notifications: z.array(notificationSchema) });

/** GET /api/notifications: the active banners within their dates. A failure is only logged (spec 1 §8). */
export const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications'] as const,
  queryFn: async () => parseAnswer(notificationsResponse, await api.get<unknown>('/notifications'), 'Failed to load notifications').notifications,
  staleTime: 5 * 60_000,
  retry: false,
});

function subscribe(onChange: () => void) {
  window.addEventListener(CLOSED_NOTIFICATIONS_EVENT, onChange);
  return () => window.removeEventListener(CLOSED_NOTIFICATIONS_EVENT, onChange);
}
const closedSnapshot = () => document.cookie;
const never = () => () => {};

/**
 * False while React adopts a prerendered page (hydration reads the server snapshot), true from then on and in every
 * page the app draws itself. The prerendered pages are drawn with no banner (scripts/prerender.tsx), and the banners
 * are often known before the app takes the page over (web/main.tsx asks for them first): drawn in that first render
 * they made the app's page differ from the one on screen (React error #418, issue 26 item 13).
 */
const useAfterHydration = () => useSyncExternalStore(never, () => true, () => false);

/** The first open notification the user has not closed, above the header (spec 1 §2). */
export function NotificationBanner() {
  const { data, error } = useQuery(notificationsQueryOptions);
  const hydrated = useAfterHydration();
  useEffect(() => {
    if (error) console.warn('Notifications could not be loaded', error);
  }, [error]);
  // Re-rendered when a banner is closed or the footer resets them (both change the cookie and say so). Nothing is
  // closed in a prerendered page.
  const cookies = useSyncExternalStore(subscribe, closedSnapshot, () => '');
  const closed = closedNotifications(cookies);
  const shown = data?.find((n) => !closed.includes(n.identifier));
  if (!hydrated || !shown) return null;
  return <AnnouncementBar colors={shown} html={shown.content} onClose={() => closeNotification(shown.identifier)} />;
}
