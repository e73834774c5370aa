import { daysUntilDeletion, type GalleryItem } from '../../../contract/files.ts';
import { TOOLS, toolTitle } from '../../../contract/tools.ts';
import { badRequest } from '../../lib/errors.ts';
import type { FileRow } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { toolTitle };

/** What a file is called where it is shown: its tool's title, else its name, else its kind. */
export function titleOf(file: FileRow): string {
  return toolTitle(file.toolName) ?? file.originalFilename ?? file.entityType.replaceAll('_', ' ');
}

/**
 * Tools whose files keep the creator's own words as their prompt (their definition's `userPrompt`). Every other tool's
 * file text was written by the tool (the mockup generator records a description of the style drawn), so it is never
 * presented as a prompt.
 */
const USER_PROMPT_TOOLS: ReadonlySet<string> = new Set(TOOLS.filter((tool) => tool.userPrompt).map((tool) => tool.id));

/** Whether a file's prompt is the user's ('user') or the tool's text ('generated'); null when it has none. */
export function promptSourceOf(file: Pick<FileRow, 'prompt' | 'toolName'>): 'user' | 'generated' | null {
  if (!file.prompt) return null;
  return file.toolName && USER_PROMPT_TOOLS.has(file.toolName) ? 'user' : 'generated';
}

/** A file as the gallery lists it; `now` counts down its deletion. */
export function toGalleryItem(file: FileRow, now: Date): GalleryItem {
  const meta = file.metadata ?? {};
  return {
    id: file.id,
    image: `/api/files/thumbnail/${file.id}`,
    fullImage: `/api/files/download/${file.id}`,
    prompt: file.prompt,
    timestamp: file.createdAt.toISOString(),
    tool: file.toolName,
    title: titleOf(file),
    content_type: file.fileType,
    entity_type: file.entityType,
    file_type: file.fileType,
    is_public: file.isPublic,
    days_until_deletion: daysUntilDeletion(file.expiresAt, now),
    metadata: {
      ...meta,
      tool_name: file.toolName,
      prompt: file.prompt,
      original_filename: file.originalFilename,
      hasThumbnail: !!file.thumbnailKey,
      isThumbnail: false,
      visibility: file.isPublic ? 'public' : 'private',
      is_public: file.isPublic,
      share_token: file.shareToken,
      view_count: file.viewCount,
      width: file.width,
      height: file.height,
    },
  };
}

/** The gallery's keyset cursor: a page continues after (created_at, id) of the last file. */
export const cursorOf = (file: FileRow) => Buffer.from(`${file.createdAt.toISOString()}|${file.id}`).toString('base64url');
export function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  // The database must be able to take both: a real uuid, and a time within its timestamp range.
  const year = createdAt.getUTCFullYear();
  if (Number.isNaN(createdAt.getTime()) || year < 1 || year > 9999 || !UUID.test(id ?? '')) {
    throw badRequest('cursor: invalid');
  }
  return { createdAt, id: id! };
}
