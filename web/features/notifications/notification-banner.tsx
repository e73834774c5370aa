import { queryOptions, useQuery } from '@tanstack/react-query';
import { Info, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { api, parseAnswer } from '../../lib/api.ts';
import { CLOSED_NOTIFICATIONS_EVENT, closeNotification, closedNotifications } from './closed-notifications.ts';
import { readableColors } from './readable-colors.ts';

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

/** The first open notification the user has not closed, above the header (spec 1 §2). */
export function NotificationBanner() {
  const { data, error } = useQuery(notificationsQueryOptions);
  useEffect(() => {
    if (error) console.warn('Notifications could not be loaded', error);
  }, [error]);
  // Re-rendered when a banner is closed or the footer resets them (both change the cookie and say so). Nothing is
  // closed in a prerendered page.
  const cookies = useSyncExternalStore(subscribe, closedSnapshot, () => '');
  const closed = closedNotifications(cookies);
  const shown = data?.find((n) => !closed.includes(n.identifier));
  if (!shown) return null;
  const colors = readableColors(shown.bg_color, shown.text_color);
  return (
    <aside aria-label="Announcement" className="relative z-50" style={{ backgroundColor: colors.background, color: colors.text }}>
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2.5 text-sm sm:px-6">
        <Info className="mt-0.5 size-4 shrink-0" style={{ color: shown.icon_color }} aria-hidden />
        {/* The server allows only links, emphasis and line breaks in this HTML. */}
        <div className="flex-1 [&_a]:font-semibold [&_a]:underline" dangerouslySetInnerHTML={{ __html: shown.content }} />
        <button
          type="button"
          onClick={() => closeNotification(shown.identifier)}
          className="-m-1 rounded p-1 hover:bg-black/10"
          aria-label="Close announcement"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </aside>
  );
}
