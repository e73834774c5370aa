import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, jsonb, numeric, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { generations } from './generations.ts';
import { users } from './users.ts';

/** A timed piece of a transcript (seconds from the start), when the engine gives timings: SRT and VTT are made from these. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

/** One transcription (spec 3 §3): the audio file, its text, the refinement and what it cost. */
export const transcriptions = pgTable(
  'transcriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The spec's numeric transcription_id. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The paid generation that made it (its hold, price variant, provider, job and failure). */
    generationId: uuid('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    /** The audio in object storage, served by /api/files/serve/{id}; null once the file is gone. */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'completed', 'failed'] }).notNull().default('pending'),
    /** Where it came from: web, telegram or api. */
    source: text('source', { enum: ['web', 'telegram', 'api'] }).notNull().default('web'),
    refinementType: text('refinement_type').notNull().default('raw'),
    rawTranscription: text('raw_transcription'),
    refinedContent: text('refined_content'),
    /** Engine name shown to the user ('Deepgram', 'OpenAI', 'Local engine'). */
    provider: text('provider'),
    /** Made by the local draft engine: every view labels it a draft. */
    draft: boolean('draft').notNull().default(false),
    language: text('language'),
    segments: jsonb('segments').$type<TranscriptSegment[]>(),
    audioDurationSeconds: real('audio_duration_seconds'),
    processingTimeSeconds: real('processing_time_seconds'),
    costCredits: numeric('cost_credits', { precision: 14, scale: 4 }).notNull().default('0'),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }).notNull().default(0),
    originalFilename: text('original_filename'),
    mimeType: text('mime_type'),
    errorMessage: text('error_message'),
    /** The Telegram chat a telegram-sourced item answers to. */
    telegramChatId: text('telegram_chat_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transcriptions_seq_key').on(t.seq),
    index('transcriptions_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('transcriptions_generation_idx').on(t.generationId),
    check('transcriptions_status', sql`${t.status} in ('pending','processing','completed','failed')`),
    check('transcriptions_source', sql`${t.source} in ('web','telegram','api')`),
  ],
);

/** A user's linked Telegram chat: one chat per user, one user per chat. */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id').notNull(),
    telegramUserId: text('telegram_user_id'),
    telegramUsername: text('telegram_username'),
    /** What plain text sent to the bot is refined as (/refine <type>); summary by default. */
    refineType: text('refine_type').notNull().default('summary'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('telegram_links_chat_key').on(t.chatId)],
);

/** One-time deep-link tokens (`/start <token>`), stored hashed, valid 15 minutes. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('telegram_link_tokens_user_idx').on(t.userId)],
);

/** Bot API updates already taken: a replayed webhook or a repeated poll is answered once. */
export const telegramUpdates = pgTable('telegram_updates', {
  updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TranscriptionRow = typeof transcriptions.$inferSelect;
export type TelegramLinkRow = typeof telegramLinks.$inferSelect;
