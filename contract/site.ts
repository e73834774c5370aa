import { z } from 'zod';

/** GET /api/faqs?category=all&language=en (spec 1 §7). */
export const faqsQuery = z.object({
  category: z.string().trim().min(1).max(40).regex(/^[a-z0-9-]+$/, 'Use lowercase letters, digits and dashes').default('all'),
  language: z.string().trim().min(2).max(10).regex(/^[a-z]{2}(-[a-z0-9]+)?$/i, 'Use a language code such as en').default('en'),
});
export const faqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
export const faqsResponse = z.object({ faqs: z.array(faqSchema) });

/** GET /api/notifications: the active banners within their dates (spec 1 §3). */
export const notificationSchema = z.object({
  uuid: z.string(),
  id: z.number().int(),
  identifier: z.string(),
  /** HTML limited to links, emphasis and line breaks (sanitised by the server). */
  content: z.string(),
  bg_color: z.string(),
  text_color: z.string(),
  icon_color: z.string(),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  is_active: z.boolean(),
});
export type SiteNotification = z.infer<typeof notificationSchema>;
export const notificationsResponse = z.object({ notifications: z.array(notificationSchema) });

/** POST /api/analytics/track: cookies, JSON, no body needed; the page may send the referrer it saw. */
export const trackVisitBody = z
  .object({ referrer: z.string().max(2048).nullable().optional() })
  .nullish()
  .transform((body) => body ?? {});
export const trackVisitResponse = z.object({ success: z.boolean(), new_visitor: z.boolean(), tracking_id: z.string() });
export type TrackVisitResponse = z.infer<typeof trackVisitResponse>;

/** Hosts the landing page's video may be embedded from (its player URL). */
export const VIDEO_EMBED_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'] as const;

export const testimonialSchema = z.object({
  name: z.string().trim().min(1).max(80),
  role: z.string().trim().max(120).default(''),
  quote: z.string().trim().min(1).max(600),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const siteVideoSchema = z.object({
  // zod runs the refinement after a failed z.url() too, so an address that does not parse is refused here, not thrown.
  url: z.url().refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (url.protocol !== 'https:' || !(VIDEO_EMBED_HOSTS as readonly string[]).includes(url.hostname)) return false;
    return url.hostname !== 'www.youtube.com' || url.pathname.startsWith('/embed/');
  }, 'Use an embed address from YouTube (youtube-nocookie.com or youtube.com/embed) or Vimeo (player.vimeo.com)'),
  title: z.string().trim().min(1).max(120),
});
export type SiteVideo = z.infer<typeof siteVideoSchema>;

/**
 * GET /api/site: who operates the site (the legal pages), what the admin put on the landing page, and whether the
 * site's Telegram bot is on (`TELEGRAM_BOT_TOKEN` set): the landing page and the dashboard offer Telegram only then.
 */
export const siteResponse = z.object({
  legal: z.object({ entity_name: z.string(), jurisdiction: z.string() }),
  testimonials: z.array(testimonialSchema),
  video: siteVideoSchema.nullable(),
  telegram_bot: z.boolean(),
});
export type SiteResponse = z.infer<typeof siteResponse>;

// --- The admin area: notifications (spec 3 §3, §5, §7), the FAQ and the landing page's content (issue 13). ---
// The write bodies are strict objects: an unknown key is a 400 naming it, never silently dropped (admin-bad-input.api.test.ts).

/** Spec 3 §9: the banner's default colours. */
export const NOTIFICATION_DEFAULT_COLORS = { bg_color: '#3b82f6', text_color: '#ffffff', icon_color: '#ffffff' } as const;
/** Spec 3 §5: content above this many characters gets a warning (not a refusal). */
export const NOTIFICATION_CONTENT_ADVISED = 150;
export const NOTIFICATION_CONTENT_MAX = 2000;
export const NOTIFICATION_IDENTIFIER_MAX = 80;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const GRADIENT = /^linear-gradient\(\s*(\d{1,3})deg\s*((?:,\s*#[0-9a-f]{6}\s*){2,3})\)$/i;

/** A banner background: one colour, or a linear gradient of two or three hex colours at an angle. */
export type BannerBackground = { kind: 'solid'; color: string } | { kind: 'gradient'; angle: number; stops: string[] };

/**
 * Reads a stored bg_color: '#rrggbb' or 'linear-gradient(<0-360>deg, #rrggbb, #rrggbb[, #rrggbb])', nothing else (no
 * url(), no var(), no other functions), so it can only ever paint colours. Null for anything else.
 */
export function parseBannerBackground(value: string): BannerBackground | null {
  const text = value.trim();
  if (HEX_COLOR.test(text)) return { kind: 'solid', color: text.toLowerCase() };
  const match = GRADIENT.exec(text);
  if (!match) return null;
  const angle = Number(match[1]);
  if (angle > 360) return null;
  const stops = match[2]!.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  return { kind: 'gradient', angle, stops };
}

/** The CSS of a parsed background, rebuilt from its parts (never the stored text). */
export function bannerBackgroundCss(background: BannerBackground): string {
  return background.kind === 'solid' ? background.color : `linear-gradient(${background.angle}deg, ${background.stops.join(', ')})`;
}

export const hexColorSchema = z.string().trim().regex(HEX_COLOR, 'Use a colour like #3b82f6').transform((v) => v.toLowerCase());
export const bannerBackgroundSchema = z
  .string()
  .trim()
  .max(200)
  .refine((v) => parseBannerBackground(v) !== null, 'Use a colour like #3b82f6 or linear-gradient(135deg, #3b82f6, #8b5cf6)')
  .transform((v) => bannerBackgroundCss(parseBannerBackground(v)!));

/** Lowercase letters, digits and single dashes between them: 'summer-sale-today-2026-11-26'. */
export const NOTIFICATION_IDENTIFIER = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const notificationIdentifierSchema = z
  .string()
  .trim()
  .min(1, 'Identifier is required')
  .max(NOTIFICATION_IDENTIFIER_MAX)
  .regex(NOTIFICATION_IDENTIFIER, 'Use lowercase letters, digits and dashes');

/** An instant with its zone; years the database and every browser read alike. */
const isoDateTime = z.iso
  .datetime({ offset: true, message: 'Use a date and time' })
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 2000 && year <= 9998;
  }, 'Use a date between the years 2000 and 9998');
/** valid_until: empty or null means no end. */
const optionalEnd = z.union([isoDateTime, z.literal(''), z.null()]);

/** POST /api/notifications/admin. */
export const notificationCreateBody = z.strictObject({
  identifier: notificationIdentifierSchema,
  /** HTML; the server keeps only links, emphasis and line breaks. */
  content: z.string().trim().min(1, 'Content is required').max(NOTIFICATION_CONTENT_MAX),
  bg_color: bannerBackgroundSchema.default(NOTIFICATION_DEFAULT_COLORS.bg_color),
  text_color: hexColorSchema.default(NOTIFICATION_DEFAULT_COLORS.text_color),
  icon_color: hexColorSchema.default(NOTIFICATION_DEFAULT_COLORS.icon_color),
  valid_from: isoDateTime,
  valid_until: optionalEnd.optional(),
  is_active: z.boolean().default(true),
});
export type NotificationCreateBody = z.input<typeof notificationCreateBody>;

/**
 * PUT /api/notifications/admin/{uuid}: any of the fields; `{ is_active }` alone is the list's toggle. The identifier
 * is fixed after creation: sending a different one is refused.
 */
export const notificationUpdateBody = z.strictObject({
  identifier: notificationIdentifierSchema.optional(),
  content: z.string().trim().min(1, 'Content is required').max(NOTIFICATION_CONTENT_MAX).optional(),
  bg_color: bannerBackgroundSchema.optional(),
  text_color: hexColorSchema.optional(),
  icon_color: hexColorSchema.optional(),
  valid_from: isoDateTime.optional(),
  valid_until: optionalEnd.optional(),
  is_active: z.boolean().optional(),
});
export type NotificationUpdateBody = z.input<typeof notificationUpdateBody>;
export const notificationParams = z.object({ uuid: z.uuid() });
export const adminNotificationResponse = z.object({ notification: notificationSchema });
export const deletedResponse = z.object({ deleted: z.literal(true) });

/** The admin's FAQ entry: the public fields plus where and whether it shows. Answers are plain text. */
export const adminFaqSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  language: z.string(),
  question: z.string(),
  answer: z.string(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
});
export type AdminFaq = z.infer<typeof adminFaqSchema>;
export const adminFaqsResponse = z.object({ faqs: z.array(adminFaqSchema) });
export const adminFaqResponse = z.object({ faq: adminFaqSchema });
const faqFields = {
  question: z.string().trim().min(1, 'Question is required').max(300),
  answer: z.string().trim().min(1, 'Answer is required').max(5000),
  category: faqsQuery.shape.category.unwrap(),
  language: faqsQuery.shape.language.unwrap(),
  is_active: z.boolean(),
};
/** POST /api/admin/faqs: added at the end of the list. */
export const faqCreateBody = z.strictObject({
  ...faqFields,
  category: faqFields.category.default('general'),
  language: faqFields.language.default('en'),
  is_active: faqFields.is_active.default(true),
});
export type FaqCreateBody = z.input<typeof faqCreateBody>;
/** PUT /api/admin/faqs/{faqId}: any of the fields. */
export const faqUpdateBody = z.strictObject(faqFields).partial();
export type FaqUpdateBody = z.input<typeof faqUpdateBody>;
export const faqParams = z.object({ faqId: z.coerce.number().int().positive().max(2_147_483_647) });
/** PUT /api/admin/faqs/order: every FAQ's id once, in the new order (sort_order becomes 1, 2, 3…). */
export const faqOrderBody = z.strictObject({ order: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(1000) });

export const TESTIMONIALS_MAX = 12;
/** GET and PUT /api/admin/site/testimonials. */
export const testimonialsBody = z.strictObject({ testimonials: z.array(testimonialSchema).max(TESTIMONIALS_MAX) });
export type TestimonialsBody = z.input<typeof testimonialsBody>;
export const testimonialsResponse = z.object({ testimonials: z.array(testimonialSchema) });
/** GET and PUT /api/admin/site/video: null hides the video on the landing page. */
export const siteVideoBody = z.strictObject({ video: siteVideoSchema.nullable() });
export type SiteVideoBody = z.input<typeof siteVideoBody>;
export const siteVideoResponse = z.object({ video: siteVideoSchema.nullable() });
