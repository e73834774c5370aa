import type { ContentItem, SharePlatform } from '../../../contract/files.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import { findUserById } from '../auth/repository.ts';
import * as repo from './repository.ts';
import type { ContentRow } from './repository.ts';

/** Display names of content types. */
const TYPE_NAMES: Record<string, string> = {
  caption: 'Caption',
  transcription: 'Transcription',
  refined_transcript: 'Refined Transcript',
  summary: 'Summary',
};

export function countWords(text: string): number {
  const words = text.trim().match(/\S+/g);
  return words ? words.length : 0;
}

/** Generated texts and their public pages. Access is owner or public; others get 404. */
export function createContentService(deps: { db: Db; clock: Clock; publicUrl: string }) {
  const { db } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');

  async function visible(id: number, viewerId: string | null): Promise<ContentRow> {
    const row = await repo.findContent(db, id);
    if (!row || (row.userId !== viewerId && !row.isPublic)) throw notFound('Content not found');
    return row;
  }

  async function own(id: number, userId: string): Promise<ContentRow> {
    const row = await repo.findContent(db, id);
    if (!row || row.userId !== userId) throw notFound('Content not found');
    return row;
  }

  return {
    /** Saves a generated text (captions, refined transcripts) for its owner. */
    create(input: { userId: string; title: string; contentType: string; content: string; language?: string | null; tone?: string | null }) {
      return repo.insertContent(db, {
        userId: input.userId,
        title: input.title,
        contentType: input.contentType,
        content: input.content,
        language: input.language ?? null,
        tone: input.tone ?? null,
        wordCount: countWords(input.content),
        characterCount: [...input.content].length,
        createdAt: deps.clock.now(),
      });
    },

    async view(id: number, viewerId: string | null): Promise<ContentItem> {
      const row = await visible(id, viewerId);
      const isOwner = row.userId === viewerId;
      const views = isOwner ? row.viewCount : await repo.incrementContentCounter(db, id, 'viewCount');
      const owner = await findUserById(db, row.userId);
      return {
        id: row.id,
        title: row.title,
        content_type: row.contentType,
        content_type_name: TYPE_NAMES[row.contentType] ?? row.contentType.replaceAll('_', ' '),
        user: { name: owner?.name ?? 'Ampkit user' },
        created_at: row.createdAt.toISOString(),
        share_count: row.shareCount,
        view_count: views,
        is_public: row.isPublic,
        is_owner: isOwner,
        content: row.content,
        language: row.language,
        tone: row.tone,
        word_count: row.wordCount,
        character_count: row.characterCount,
      };
    },

    async toggleVisibility(userId: string, id: number) {
      const row = await own(id, userId);
      const updated = await repo.updateContent(db, id, { isPublic: !row.isPublic, shareToken: row.shareToken ?? randomToken(16) });
      return { is_public: updated!.isPublic };
    },

    async shareUrl(userId: string, id: number) {
      const row = await own(id, userId);
      const token = row.shareToken ?? (await repo.updateContent(db, id, { shareToken: randomToken(16) }))!.shareToken!;
      return { share_url: `${base}/content/${row.id}?s=${token}`, is_public: row.isPublic };
    },

    async recordShare(id: number, viewerId: string | null, _platform: SharePlatform) {
      await visible(id, viewerId);
      return { share_count: await repo.incrementContentCounter(db, id, 'shareCount') };
    },

    /** For the server-rendered preview tags of a public content page. */
    async socialPreview(id: number): Promise<{ title: string; description: string } | null> {
      const row = await repo.findContent(db, id);
      if (!row?.isPublic) return null;
      return { title: row.title, description: row.content.slice(0, 200) };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
