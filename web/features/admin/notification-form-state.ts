import {
  NOTIFICATION_DEFAULT_COLORS,
  NOTIFICATION_IDENTIFIER,
  parseBannerBackground,
  type NotificationCreateBody,
  type SiteNotification,
} from '../../../contract/site.ts';

/** The form as typed: dates as datetime-local values in the admin's time zone. */
export interface NotificationFormValues {
  identifier: string;
  content: string;
  bg_color: string;
  text_color: string;
  icon_color: string;
  valid_from: string;
  valid_until: string;
  is_active: boolean;
}
export type NotificationFormErrors = Partial<Record<keyof NotificationFormValues, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value ('2026-11-26T09:30') in this browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function emptyForm(now: Date): NotificationFormValues {
  return { identifier: '', content: '', ...NOTIFICATION_DEFAULT_COLORS, valid_from: toLocalInput(now.toISOString()), valid_until: '', is_active: true };
}

export function formOf(notification: SiteNotification): NotificationFormValues {
  return {
    identifier: notification.identifier,
    content: notification.content,
    bg_color: notification.bg_color,
    text_color: notification.text_color,
    icon_color: notification.icon_color,
    valid_from: toLocalInput(notification.valid_from),
    valid_until: toLocalInput(notification.valid_until),
    is_active: notification.is_active,
  };
}

/** Spec 3 §5: identifier, content and valid_from required; valid_until optional but after valid_from. */
export function validateNotification(values: NotificationFormValues): NotificationFormErrors {
  const errors: NotificationFormErrors = {};
  const identifier = values.identifier.trim();
  if (!identifier) errors.identifier = 'Identifier is required';
  else if (!NOTIFICATION_IDENTIFIER.test(identifier)) errors.identifier = 'Use lowercase letters, digits and dashes';
  if (!values.content.trim()) errors.content = 'Content is required';
  const from = fromLocalInput(values.valid_from);
  if (!from) errors.valid_from = 'Valid from is required';
  const until = fromLocalInput(values.valid_until);
  if (values.valid_until && !until) errors.valid_until = 'Use a date and time';
  else if (from && until && until <= from) errors.valid_until = 'Valid until must be after valid from';
  if (!parseBannerBackground(values.bg_color)) errors.bg_color = 'Choose a background colour';
  return errors;
}

/** The body to send; an empty valid_until is sent as null (spec 3 §5). */
export function bodyOf(values: NotificationFormValues): NotificationCreateBody {
  return {
    identifier: values.identifier.trim(),
    content: values.content.trim(),
    bg_color: values.bg_color,
    text_color: values.text_color,
    icon_color: values.icon_color,
    valid_from: fromLocalInput(values.valid_from)!,
    valid_until: fromLocalInput(values.valid_until),
    is_active: values.is_active,
  };
}
