/**
 * The cookie that remembers which notification banners the user closed (spec 1 §4, §9): a list of identifiers,
 * kept 365 days, SameSite=Lax. No banner exists yet, so only the development footer's reset is here; the
 * notifications issue adds reading and closing next to it.
 */
export const CLOSED_NOTIFICATIONS_COOKIE = 'ampkit_closed_notifications';
/** Fired on window when the list changes, so a mounted banner can re-read it. */
export const CLOSED_NOTIFICATIONS_EVENT = 'ampkit:closed-notifications';

/** The development footer's "Reset banners": every closed banner shows again. */
export function clearClosedNotifications(): void {
  document.cookie = `${CLOSED_NOTIFICATIONS_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  window.dispatchEvent(new Event(CLOSED_NOTIFICATIONS_EVENT));
}
