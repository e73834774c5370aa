import { z } from 'zod';
import { DOWNLOAD_PREFIX } from './constants.ts';

export const FILE_RETENTION_DAYS = 30;
/** The gallery shows a deletion countdown for items this close to deletion (spec 2 §4). */
export const DELETION_WARNING_DAYS = 7;
export const GALLERY_PAGE_SIZE = 24;
export const MORPHER_HISTORY_PAGE_SIZE = 6;
export const DEFAULT_HISTORY_PAGE_SIZE = 12;
export const SHARE_PLATFORMS = ['facebook', 'twitter', 'linkedin', 'whatsapp', 'telegram', 'reddit', 'pinterest', 'email', 'copy'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];
export const SHARE_POPUP = { width: 600, height: 400 } as const;
/** A shared file's preview card (og:image), drawn from the file. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;
/** The site's default preview card (spec 1 §2: 1344x768). */
export const DEFAULT_SOCIAL_IMAGE = { width: 1344, height: 768 } as const;
export const SWIPE_THRESHOLD_PX = 50;
export const TAP_THRESHOLD = { px: 15, ms: 500 } as const;

export const galleryItemSchema = z.object({
  id: z.string(),
  image: z.string(),
  fullImage: z.string(),
  prompt: z.string().nullable(),
  timestamp: z.string(),
  tool: z.string().nullable(),
  title: z.string(),
  content_type: z.string(),
  entity_type: z.string(),
  file_type: z.string(),
  is_public: z.boolean(),
  days_until_deletion: z.number().int().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

/** The file of /api/files/…/:id and /api/file/:id. */
export const fileIdParams = z.strictObject({ id: z.uuid() });
/** The content item of /api/content/:id… (a serial id). */
export const contentIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /api/files/upload */
export const uploadFileResponse = z.object({ file: galleryItemSchema });
export type UploadFileResponse = z.infer<typeof uploadFileResponse>;

/** DELETE /api/files/delete/:id */
export const deleteFileResponse = z.object({ deleted: z.literal(true) });
export type DeleteFileResponse = z.infer<typeof deleteFileResponse>;

/** DELETE /api/files/clear: all my gallery images, or one tool's; answers how many went. */
export const clearFilesQuery = z.strictObject({ tool: z.string().min(1).max(64).regex(/^[a-z0-9-]+$/).optional() });
export const clearFilesResponse = z.object({ deleted: z.number().int() });
export type ClearFilesResponse = z.infer<typeof clearFilesResponse>;

/** GET /api/files/serve/:id: download=true sends it as an attachment. */
export const fileServeQuery = z.strictObject({ download: z.enum(['true', 'false']).optional() });

export const fileListQuery = z.strictObject({
  category: z.enum(['image', 'audio', 'video', 'upload']).default('image'),
  limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_HISTORY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  tool: z.string().min(1).max(64).regex(/^[a-z0-9-]+$/).optional(),
  /** Keyset cursor from the previous page's nextCursor (faster than offset on long lists). */
  cursor: z.string().max(200).optional(),
});

export const fileListResponse = z.object({
  files: z.array(galleryItemSchema),
  pagination: z.object({ limit: z.number(), offset: z.number(), hasMore: z.boolean(), nextCursor: z.string().nullable() }),
});

export const sharedFileSchema = z.object({
  uuid: z.string(),
  filename: z.string(),
  title: z.string(),
  /** The page's title, as its server-rendered tags give it: what the owner made, the tool second. */
  page_title: z.string(),
  entity_type: z.string(),
  file_type: z.string(),
  file_url: z.string(),
  download_url: z.string(),
  og_image_url: z.string().nullable(),
  is_public: z.boolean(),
  is_owner: z.boolean(),
  user: z.object({ name: z.string() }),
  created_at: z.string(),
  share_count: z.number().int(),
  view_count: z.number().int(),
  prompt: z.string().nullable(),
  /**
   * Who wrote `prompt`: 'user' for the creator's own words (the page labels it Prompt), 'generated' for text the tool
   * wrote (a mockup's description), null when there is none.
   */
  prompt_source: z.enum(['user', 'generated']).nullable(),
  /** An image's size in pixels (null for other files), so the page keeps its place while it loads. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type SharedFile = z.infer<typeof sharedFileSchema>;

export const contentItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The page's title, as its server-rendered tags give it: the text's title, the tool second. */
  page_title: z.string(),
  content_type: z.string(),
  content_type_name: z.string(),
  user: z.object({ name: z.string() }),
  created_at: z.string(),
  share_count: z.number().int(),
  view_count: z.number().int(),
  is_public: z.boolean(),
  is_owner: z.boolean(),
  content: z.string(),
  language: z.string().nullable(),
  tone: z.string().nullable(),
  word_count: z.number().int(),
  character_count: z.number().int(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/** POST /api/files/:id/shared and /api/content/:id/shared: count a share. */
export const sharedRequest = z.strictObject({ platform: z.enum(SHARE_PLATFORMS) });
export const shareCountResponse = z.object({ share_count: z.number().int() });
export type ShareCountResponse = z.infer<typeof shareCountResponse>;

/** POST /api/files/:id/toggle-visibility and /api/content/:id/toggle-visibility */
export const visibilityResponse = z.object({ is_public: z.boolean() });
export type VisibilityResponse = z.infer<typeof visibilityResponse>;

/** GET /api/files/:id/share-url and /api/content/:id/share-url */
export const shareUrlResponse = z.object({ share_url: z.string(), is_public: z.boolean() });
export type ShareUrlResponse = z.infer<typeof shareUrlResponse>;

/** Whole days left before an item is deleted (never below 0). */
export function daysUntilDeletion(expiresAt: Date | string | null, now: Date): number | null {
  if (!expiresAt) return null;
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}

/** Badge colour of the deletion countdown: 1 day or less red, 3 or less orange, otherwise yellow. */
export function deletionBadgeColor(days: number): 'red' | 'orange' | 'yellow' {
  return days <= 1 ? 'red' : days <= 3 ? 'orange' : 'yellow';
}

/** `ampkit-{slug}-{YYYYMMDD-HHMMSS}.{ext}` */
export function downloadFilename(label: string | null, createdAt: Date, ext: string): string {
  const slug =
    (label ?? 'file')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'file';
  const iso = createdAt.toISOString();
  const stamp = `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
  return `${DOWNLOAD_PREFIX}${slug}-${stamp}.${ext}`;
}
