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
  url: z.url().refine((value) => {
    const url = new URL(value);
    if (url.protocol !== 'https:' || !(VIDEO_EMBED_HOSTS as readonly string[]).includes(url.hostname)) return false;
    return url.hostname !== 'www.youtube.com' || url.pathname.startsWith('/embed/');
  }, 'Use an embed address from YouTube (youtube-nocookie.com or youtube.com/embed) or Vimeo (player.vimeo.com)'),
  title: z.string().trim().min(1).max(120),
});
export type SiteVideo = z.infer<typeof siteVideoSchema>;

/** GET /api/site: who operates the site (the legal pages) and what the admin put on the landing page. */
export const siteResponse = z.object({
  legal: z.object({ entity_name: z.string(), jurisdiction: z.string() }),
  testimonials: z.array(testimonialSchema),
  video: siteVideoSchema.nullable(),
});
export type SiteResponse = z.infer<typeof siteResponse>;
