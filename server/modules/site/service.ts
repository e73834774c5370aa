import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Faq, SiteNotification, SiteResponse, Testimonial } from '../../../contract/site.ts';
import { siteVideoSchema, testimonialSchema } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { createFaqAdmin } from './faq-admin.ts';
import { createLandingAdmin, SITE_SETTING_KEYS } from './landing-admin.ts';
import { createNotificationsAdmin, notificationView } from './notifications-admin.ts';
import * as repo from './repository.ts';
import { isBot, referrerDomain } from './visitor.ts';

/** Usage data is kept up to about two years (spec 1 §9); a day's IP-hash key two days. */
export const VISIT_RETENTION_DAYS = 730;
const SALT_RETENTION_DAYS = 2;

export { SITE_SETTING_KEYS };

export interface SiteDeps {
  /** Records each admin write in the transaction that makes it. */
  audit: AuditRecorder;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: { publicUrl: string; legalEntityName: string; legalJurisdiction: string };
}

export interface VisitInput {
  /** The visitor id from the first-party cookie, when the browser sent a valid one. */
  trackingId: string | null;
  sessionId: string | null;
  userId: string | null;
  referrer: string | null | undefined;
  ip: string;
  userAgent: string | undefined;
}

export type VisitResult = { recorded: false } | { recorded: true; newVisitor: boolean; trackingId: string; sessionId: string };

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * 86_400_000);

export function createSiteService(deps: SiteDeps) {
  const { db, clock, log, settings } = deps;
  const ownHost = new URL(settings.publicUrl).hostname;

  /** A stored setting, checked against its shape: a value that does not fit is logged and treated as unset. */
  async function setting<T>(key: string, read: (value: unknown) => T | null): Promise<T | null> {
    const row = await repo.siteSetting(db, key);
    if (!row) return null;
    const value = read(row.value);
    if (value === null) log.warn({ key }, 'site setting has an unexpected shape; ignored');
    return value;
  }

  return {
    /** The admin area's editors (issue 13): notifications, the FAQ, the landing page's testimonials and video. */
    notificationsAdmin: createNotificationsAdmin(deps),
    faqAdmin: createFaqAdmin(deps),
    landingAdmin: createLandingAdmin(deps),

    faqs(query: { category: string; language: string }): Promise<Faq[]> {
      return repo.listFaqs(db, query);
    },

    /** Active banners within their dates, newest first, their HTML sanitised again on the way out. */
    async activeNotifications(): Promise<SiteNotification[]> {
      const rows = await repo.activeNotifications(db, clock.now());
      return rows.map(notificationView);
    },

    /**
     * Records a visit: bots are ignored; a visitor without a valid id gets a new one (new_visitor); the IP is kept
     * only as an HMAC under today's key.
     */
    async trackVisit(input: VisitInput): Promise<VisitResult> {
      if (isBot(input.userAgent)) return { recorded: false };
      const now = clock.now();
      const trackingId = input.trackingId ?? crypto.randomUUID();
      const sessionId = input.sessionId ?? crypto.randomUUID();
      const salt = await repo.saltOfDay(db, dayOf(now), crypto.randomBytes(32).toString('base64'));
      const ipHash = crypto.createHmac('sha256', salt).update(input.ip).digest('base64url');
      await repo.insertVisit(db, {
        trackingId,
        sessionId,
        userId: input.userId,
        referrerDomain: referrerDomain(input.referrer, ownHost),
        ipHash,
        createdAt: now,
      });
      return { recorded: true, newVisitor: input.trackingId === null, trackingId, sessionId };
    },

    async site(): Promise<Omit<SiteResponse, 'telegram_bot'>> {
      const testimonials = await setting<Testimonial[]>(SITE_SETTING_KEYS.testimonials, (value) => {
        const parsed = testimonialSchema.array().max(12).safeParse(value);
        return parsed.success ? parsed.data : null;
      });
      const video = await setting(SITE_SETTING_KEYS.video, (value) => {
        const parsed = siteVideoSchema.nullable().safeParse(value);
        return parsed.success ? parsed.data : null;
      });
      return {
        legal: { entity_name: settings.legalEntityName, jurisdiction: settings.legalJurisdiction },
        testimonials: testimonials ?? [],
        video,
      };
    },

    /** Daily: visits older than the retention and IP-hash keys older than two days are deleted. */
    purge(): Promise<{ visits: number; salts: number }> {
      const now = clock.now();
      return repo.purgeVisits(db, daysBefore(now, VISIT_RETENTION_DAYS), dayOf(daysBefore(now, SALT_RETENTION_DAYS)));
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
