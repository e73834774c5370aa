import type { ContentItem } from '../../../contract/files.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { findUserById } from '../auth/repository.ts';
import { contentSharePage, ownerName } from '../share-page.ts';
import { createSharing } from '../sharing.ts';
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
export interface NewContent {
  userId: string;
  title: string;
  contentType: string;
  content: string;
  language?: string | null;
  tone?: string | null;
}

export function createContentService(deps: { db: Db; clock: Clock; publicUrl: string }) {
  const { db } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');

  const sharing = createSharing<number, ContentRow>({
    store: {
      find: (id) => repo.findContent(db, id),
      update: (id, values) => repo.updateContent(db, id, values),
      increment: (id, counter) => repo.incrementContentCounter(db, id, counter),
    },
    pageUrl: (row) => `${base}/content/${row.id}`,
    notFoundMessage: 'Content not found',
  });

  function createIn(tx: DbOrTx, input: NewContent) {
    return repo.insertContent(tx, {
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
  }

  return {
    /** Saves a generated text (captions, refined transcripts) for its owner. */
    create(input: NewContent) {
      return createIn(db, input);
    },
    /** The same inside a transaction: a caption's item commits with its charge. */
    createIn,

    async view(id: number, viewerId: string | null): Promise<ContentItem> {
      const row = await sharing.visible(id, viewerId);
      const isOwner = row.userId === viewerId;
      const views = await sharing.countView(row, viewerId);
      const owner = await findUserById(db, row.userId);
      return {
        id: row.id,
        title: row.title,
        page_title: contentSharePage(row, ownerName(owner)).title,
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

    toggleVisibility: sharing.toggleVisibility,
    shareUrl: sharing.shareUrl,
    /** Counts a share; the platform the route checks is not kept (only the count is stored). */
    recordShare: sharing.recordShare,

    /** For the server-rendered preview tags of a public content page. */
    async socialPreview(id: number): Promise<{ title: string; description: string } | null> {
      const row = await repo.findContent(db, id);
      if (!row?.isPublic) return null;
      return contentSharePage(row, ownerName(await findUserById(db, row.userId)));
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
