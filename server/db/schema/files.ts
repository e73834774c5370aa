import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Every stored file: generated images, uploads, audio. The bytes live in object storage under storage_key. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the file is in the product: generated_image, upload, audio, … */
    entityType: text('entity_type').notNull(),
    /** image | audio | video | text: what the gallery filters by. */
    category: text('category').notNull(),
    fileType: text('file_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    thumbnailSizeBytes: bigint('thumbnail_size_bytes', { mode: 'number' }).notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    toolName: text('tool_name'),
    originalFilename: text('original_filename'),
    prompt: text('prompt'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    isPublic: boolean('is_public').notNull().default(false),
    shareToken: text('share_token'),
    viewCount: integer('view_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('files_user_category_created_idx').on(t.userId, t.category, t.createdAt.desc(), t.id.desc()),
    index('files_user_tool_created_idx').on(t.userId, t.toolName, t.createdAt.desc(), t.id.desc()),
    index('files_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    uniqueIndex('files_share_token_key').on(t.shareToken),
    check('files_size_nonneg', sql`${t.sizeBytes} >= 0`),
  ],
);

/** Generated texts (captions, refined transcripts): numeric ids, as the content page expects. */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    contentType: text('content_type').notNull(),
    content: text('content').notNull(),
    language: text('language'),
    tone: text('tone'),
    wordCount: integer('word_count').notNull().default(0),
    characterCount: integer('character_count').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(false),
    shareToken: text('share_token'),
    viewCount: integer('view_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_items_user_idx').on(t.userId, t.createdAt), uniqueIndex('content_items_share_token_key').on(t.shareToken)],
);
