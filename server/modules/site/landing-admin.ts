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
 * What a save changed in the testimonials, place by place (`testimonial 2`, counted from 1): the entry there before
 * and after, as the admin entered it (null where there was none), so an edited quote shows in the audit log. The
 * testimonials are public landing content, so keeping names and quotes in the log is fine.
 */
function testimonialChanges(before: Testimonial[], after: Testimonial[]): { before: Record<string, Testimonial | null>; after: Record<string, Testimonial | null> } {
  const changes = { before: {} as Record<string, Testimonial | null>, after: {} as Record<string, Testimonial | null> };
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const was = before[i] ?? null;
    const now = after[i] ?? null;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes.before[`testimonial ${i + 1}`] = was;
    changes.after[`testimonial ${i + 1}`] = now;
  }
  return changes;
}

/**
 * The landing page's testimonials and video (beyond the spec), edited in System Settings and audited under
 * 'settings': the testimonials that changed, place by place; the video its address and title.
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
          ...testimonialChanges(before, testimonials),
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
