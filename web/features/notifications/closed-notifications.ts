/**
 * The cookie that remembers which notification banners the user closed (spec 1 §4, §9):
 * a list of identifiers, kept 365 days, SameSite=Lax. The notifications issue builds the banner on top of this.
 */
export const CLOSED_NOTIFICATIONS_COOKIE = 'ampkit_closed_notifications';
export const CLOSED_NOTIFICATIONS_DAYS = 365;
/** Fired on window when the list changes, so a mounted banner can re-read it. */
export const CLOSED_NOTIFICATIONS_EVENT = 'ampkit:closed-notifications';

export function readClosedNotifications(): string[] {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${CLOSED_NOTIFICATIONS_COOKIE}=`));
  if (!entry) return [];
  try {
    const value: unknown = JSON.parse(decodeURIComponent(entry.slice(CLOSED_NOTIFICATIONS_COOKIE.length + 1)));
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeCookie(value: string, maxAgeSeconds: number) {
  document.cookie = `${CLOSED_NOTIFICATIONS_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
  window.dispatchEvent(new Event(CLOSED_NOTIFICATIONS_EVENT));
}

export function closeNotification(identifier: string): void {
  const ids = new Set(readClosedNotifications());
  ids.add(identifier);
  writeCookie(encodeURIComponent(JSON.stringify([...ids])), CLOSED_NOTIFICATIONS_DAYS * 24 * 60 * 60);
}

/** The development footer's "Reset banners": every closed banner shows again. */
export function clearClosedNotifications(): void {
  writeCookie('', 0);
}
