/**
 * The cookie that remembers which notification banners the user closed (spec 1 §4, §9): a list of identifiers,
 * kept 365 days, SameSite=Lax. The development footer's "Reset banners" clears it.
 */
export const CLOSED_NOTIFICATIONS_COOKIE = 'ampkit_closed_notifications';
/** Fired on window when the list changes, so a mounted banner can re-read it. */
export const CLOSED_NOTIFICATIONS_EVENT = 'ampkit:closed-notifications';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The identifiers in the cookie (or in the cookie string given). */
export function closedNotifications(cookies: string = document.cookie): string[] {
  const entry = cookies.split('; ').find((part) => part.startsWith(`${CLOSED_NOTIFICATIONS_COOKIE}=`));
  if (!entry) return [];
  const value = entry.slice(CLOSED_NOTIFICATIONS_COOKIE.length + 1);
  return value
    .split(',')
    .map((id) => {
      try {
        return decodeURIComponent(id);
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}

function write(ids: string[]): void {
  const value = ids.map(encodeURIComponent).join(',');
  document.cookie = `${CLOSED_NOTIFICATIONS_COOKIE}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
  window.dispatchEvent(new Event(CLOSED_NOTIFICATIONS_EVENT));
}

/** Remembers that the banner `identifier` was closed. */
export function closeNotification(identifier: string): void {
  const ids = closedNotifications();
  if (!ids.includes(identifier)) write([...ids, identifier]);
}

/** The development footer's "Reset banners": every closed banner shows again. */
export function clearClosedNotifications(): void {
  document.cookie = `${CLOSED_NOTIFICATIONS_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  window.dispatchEvent(new Event(CLOSED_NOTIFICATIONS_EVENT));
}
