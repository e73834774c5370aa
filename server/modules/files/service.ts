import { Readable } from 'node:stream';
import { downloadFilename, SOCIAL_IMAGE, type SharedFile } from '../../../contract/files.ts';
import { notFound } from '../../lib/errors.ts';
import { findUserById } from '../auth/repository.ts';
import { fileSharePage, ownerName } from '../share-page.ts';
import { createSharing } from '../sharing.ts';
import { parseRange, streamToBuffer } from './byte-range.ts';
import { cursorOf, parseCursor, promptSourceOf, titleOf, toGalleryItem, toolTitle } from './gallery-item.ts';
import { createGenerationInputs } from './inputs.ts';
import { makeSocialImage } from './media.ts';
import * as repo from './repository.ts';
import type { FileRow } from './repository.ts';
import { createFileStore, type FileStoreDeps } from './store.ts';

export type { SaveFileInput, StoredFile } from './store.ts';

export interface FilesDeps extends FileStoreDeps {
  settings: FileStoreDeps['settings'] & { publicUrl: string };
}

export type FileVariant = 'original' | 'thumbnail' | 'social';

export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
  range?: { start: number; end: number };
  filename: string;
  isPublic: boolean;
}

/**
 * Files: storage (writing in store.ts), thumbnails, the gallery, public sharing, 30-day expiry and queued
 * generations' inputs (inputs.ts). Access is owner or public.
 */
export function createFilesService(deps: FilesDeps) {
  const { db, storage, clock, settings } = deps;
  const base = settings.publicUrl.replace(/\/$/, '');

  const sharing = createSharing<string, FileRow>({
    store: {
      find: (id) => repo.findFile(db, id),
      update: (id, values) => repo.updateFile(db, id, values),
      increment: (id, counter) => repo.incrementCounter(db, id, counter),
    },
    pageUrl: (file) => `${base}/file/${file.id}`,
    notFoundMessage: 'File not found',
  });
  const visibleFile = sharing.visible;
  const ownFile = sharing.own;

  const galleryItem = (file: FileRow) => toGalleryItem(file, clock.now());

  /**
   * Removes a file's row, then its objects: a row always has its objects (a kill in between leaves only objects
   * without a row, which reconciliation removes); safe to repeat.
   */
  async function remove(file: FileRow): Promise<void> {
    await repo.deleteFileRow(db, file.id);
    await storage.delete(file.storageKey);
    if (file.thumbnailKey) await storage.delete(file.thumbnailKey);
  }

  const fileStore = createFileStore(deps);

  return {
    galleryItem,

    ...fileStore,

    /** A user's own file with its bytes (inputs of a generation); 404 for anyone else's. */
    async readOwn(userId: string, id: string): Promise<{ file: FileRow; data: Buffer }> {
      const file = await ownFile(id, userId);
      const object = await storage.get(file.storageKey);
      if (!object) throw notFound('File not found');
      return { file, data: await streamToBuffer(object.stream) };
    },

    async list(userId: string, q: { category: string; tool?: string; limit: number; offset: number; cursor?: string }) {
      const rows = await repo.listFiles(db, {
        userId,
        category: q.category,
        tool: q.tool,
        limit: q.limit + 1,
        offset: q.offset,
        after: q.cursor ? parseCursor(q.cursor) : undefined,
      });
      const page = rows.slice(0, q.limit);
      const hasMore = rows.length > q.limit;
      return {
        files: page.map(galleryItem),
        pagination: { limit: q.limit, offset: q.offset, hasMore, nextCursor: hasMore ? cursorOf(page[page.length - 1]!) : null },
      };
    },

    async delete(userId: string, id: string): Promise<void> {
      await remove(await ownFile(id, userId));
    },

    /** Deletes all of a user's gallery images (optionally one tool's). */
    async clear(userId: string, tool?: string): Promise<number> {
      const rows = await repo.listForClear(db, userId, tool);
      for (const file of rows) await remove(file);
      return rows.length;
    },

    /** Opens a file's bytes for a viewer allowed to see it; a range is honoured on the original. */
    async open(id: string, viewerId: string | null, variant: FileVariant, rangeHeader?: string): Promise<OpenedFile> {
      const file = await visibleFile(id, viewerId);
      const ext = file.storageKey.split('.').pop() ?? 'bin';
      const filename = downloadFilename(toolTitle(file.toolName) ?? file.originalFilename ?? file.entityType, file.createdAt, ext);
      if (variant === 'social') {
        // Uploads may be audio: only images have a preview picture.
        if (!file.fileType.startsWith('image/')) throw notFound('File not found');
        const original = await storage.get(file.storageKey);
        if (!original) throw notFound('File not found');
        const data = await makeSocialImage(await streamToBuffer(original.stream));
        return { stream: Readable.from(data), size: data.length, contentType: 'image/jpeg', filename, isPublic: file.isPublic };
      }
      const key = variant === 'thumbnail' && file.thumbnailKey ? file.thumbnailKey : file.storageKey;
      const contentType = key === file.thumbnailKey ? 'image/webp' : file.fileType;
      const size = key === file.thumbnailKey ? file.thumbnailSizeBytes : file.sizeBytes;
      const range = variant === 'original' && rangeHeader ? parseRange(rangeHeader, size) : undefined;
      const object = await storage.get(key, range);
      if (!object) throw notFound('File not found');
      return { stream: object.stream, size: object.size, contentType, range, filename, isPublic: file.isPublic };
    },

    toggleVisibility: sharing.toggleVisibility,
    shareUrl: sharing.shareUrl,
    /** Counts a share of a file the caller may see; the platform the route checks is not kept (only the count is stored). */
    recordShare: sharing.recordShare,

    /** The public file page's data; a view by anyone but the owner is counted. */
    async publicView(id: string, viewerId: string | null): Promise<SharedFile> {
      const file = await visibleFile(id, viewerId);
      const isOwner = file.userId === viewerId;
      const views = await sharing.countView(file, viewerId);
      const owner = await findUserById(db, file.userId);
      const ext = file.storageKey.split('.').pop() ?? 'bin';
      const isImage = file.fileType.startsWith('image/');
      return {
        uuid: file.id,
        filename: file.originalFilename ?? downloadFilename(toolTitle(file.toolName) ?? file.entityType, file.createdAt, ext),
        title: titleOf(file),
        page_title: fileSharePage(file, ownerName(owner)).title,
        entity_type: file.entityType,
        file_type: file.fileType,
        file_url: `/api/files/serve/${file.id}`,
        download_url: `/api/files/download/${file.id}`,
        og_image_url: isImage ? `${base}/api/files/og/${file.id}` : null,
        is_public: file.isPublic,
        is_owner: isOwner,
        user: { name: owner?.name ?? 'Ampkit user' },
        created_at: file.createdAt.toISOString(),
        share_count: file.shareCount,
        view_count: views,
        prompt: file.prompt,
        prompt_source: promptSourceOf(file),
        width: isImage ? file.width : null,
        height: isImage ? file.height : null,
      };
    },

    /** For the server-rendered preview tags: a public file's title and image, or nothing. */
    async socialPreview(
      id: string,
    ): Promise<{ title: string; description: string; image: { url: string; width: number; height: number } | null; preloadImage?: string } | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const file = await repo.findFile(db, id);
      if (!file?.isPublic) return null;
      const owner = await findUserById(db, file.userId);
      return {
        ...fileSharePage(file, ownerName(owner)),
        image: file.fileType.startsWith('image/') ? { url: `${base}/api/files/og/${file.id}`, ...SOCIAL_IMAGE } : null,
        // The file page shows the image itself: its request starts with the document's (LCP 3.8 s on a slow phone).
        ...(file.fileType.startsWith('image/') ? { preloadImage: `/api/files/serve/${file.id}` } : {}),
      };
    },


    ...createGenerationInputs(deps),

    /** Deletes files past their expiry, rows and objects together. Safe to run twice. */
    async expire(batch = 200): Promise<number> {
      const rows = await repo.expiredFiles(db, clock.now(), batch);
      for (const file of rows) await remove(file);
      return rows.length;
    },

  };
}

export type FilesService = ReturnType<typeof createFilesService>;
