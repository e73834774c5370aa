import { siteVideoSchema, testimonialSchema, TESTIMONIALS_MAX, type SiteVideo, type Testimonial } from '../../../contract/site.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repo from './repository.ts';

/** The keys of site_settings that hold the landing page's content. */
export const SITE_SETTING_KEYS = { testimonials: 'landing.testimonials', video: 'landing.video' } as const;

/** A stored value read with the schema the public page uses; a value that does not fit counts as unset. */
export async function storedTestimonials(db: DbOrTx): Promise<Testimonial[] | null> {
  const row = await repo.siteSettingIn(db, SITE_SETTING_KEYS.testimonials);
  if (!row) return [];
  const parsed = testimonialSchema.array().max(TESTIMONIALS_MAX).safeParse(row.value);
  return parsed.success ? parsed.data : null;
}

export async function storedVideo(db: DbOrTx): Promise<SiteVideo | null | undefined> {
  const row = await repo.siteSettingIn(db, SITE_SETTING_KEYS.video);
  if (!row) return null;
  const parsed = siteVideoSchema.nullable().safeParse(row.value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The landing page's testimonials and video (beyond the spec), edited in System Settings and audited under
 * 'settings'. The audit keeps the count of testimonials, not the people's names; the video its address and title.
 * Clearing the video removes the setting, which hides the section.
 */
export function createLandingAdmin(deps: { db: Db; clock: Clock; audit: AuditRecorder }) {
  const { db, clock, audit } = deps;

  return {
    async testimonials(): Promise<Testimonial[]> {
      return (await storedTestimonials(db)) ?? [];
    },

    async setTestimonials(adminId: string, testimonials: Testimonial[]): Promise<Testimonial[]> {
      return db.transaction(async (tx) => {
        const before = (await storedTestimonials(tx)) ?? [];
        if (JSON.stringify(before) === JSON.stringify(testimonials)) return before;
        await repo.putSiteSetting(tx, SITE_SETTING_KEYS.testimonials, testimonials, adminId, clock.now());
        await audit.record(tx, {
          adminId,
          area: 'settings',
          action: 'landing.testimonials',
          targetId: SITE_SETTING_KEYS.testimonials,
          before: { testimonials: before.length },
          after: { testimonials: testimonials.length },
        });
        return testimonials;
      });
    },

    async video(): Promise<SiteVideo | null> {
      return (await storedVideo(db)) ?? null;
    },

    async setVideo(adminId: string, video: SiteVideo | null): Promise<SiteVideo | null> {
      return db.transaction(async (tx) => {
        const before = (await storedVideo(tx)) ?? null;
        if (JSON.stringify(before) === JSON.stringify(video)) return before;
        if (video) await repo.putSiteSetting(tx, SITE_SETTING_KEYS.video, video, adminId, clock.now());
        else await repo.deleteSiteSetting(tx, SITE_SETTING_KEYS.video);
        await audit.record(tx, {
          adminId,
          area: 'settings',
          action: 'landing.video',
          targetId: SITE_SETTING_KEYS.video,
          before: before ? { url: before.url, title: before.title } : { video: null },
          after: video ? { url: video.url, title: video.title } : { video: null },
        });
        return video;
      });
    },
  };
}
