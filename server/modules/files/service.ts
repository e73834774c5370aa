import { Readable } from 'node:stream';
import { downloadFilename, SOCIAL_IMAGE, type SharedFile } from '../../../contract/files.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ObjectPage, ObjectStorage } from '../../providers/storage/storage.ts';
import { findUserById } from '../auth/repository.ts';
import { fileSharePage, ownerName } from '../share-page.ts';
import { createSharing } from '../sharing.ts';
import { parseRange, streamToBuffer } from './byte-range.ts';
import { cursorOf, parseCursor, promptSourceOf, titleOf, toGalleryItem, toolTitle } from './gallery-item.ts';
import { detectMedia, makeSocialImage, processImage, safeFilename } from './media.ts';
import * as repo from './repository.ts';
import type { FileRow } from './repository.ts';

export interface FilesDeps {
  db: Db;
  storage: ObjectStorage;
  clock: Clock;
  settings: {
    publicUrl: string;
    retentionDays: number;
    maxImagePixels: number;
    maxImageBytes: number;
    maxAudioBytes: number;
    quotaBytes: number;
  };
}

export interface SaveFileInput {
  userId: string;
  data: Buffer;
  /** generated_image, upload, audio, … */
  entityType: string;
  toolName?: string | null;
  prompt?: string | null;
  originalFilename?: string | null;
  metadata?: Record<string, unknown>;
  /** Uploads count against the quota; generated results the user paid for are always kept. */
  enforceQuota?: boolean;
}

export type FileVariant = 'original' | 'thumbnail' | 'social';

/** A file whose objects are written but whose row is not recorded yet (see `store`). */
export interface StoredFile {
  readonly row: repo.NewFile & { id: string; storageKey: string; thumbnailKey: string | null };
  /** Recorded only if it fits the owner's quota (uploads). */
  readonly enforceQuota: boolean;
}

const storageFull = () => payloadTooLarge('Your storage is full. Delete some files from your gallery and try again.');

/** Where file objects live; reconciliation looks only here, so other objects in a shared bucket are never touched. */
const STORAGE_PREFIXES = ['files/', 'thumbs/'] as const;

/** Queued generations' requests (see putInput). */
const INPUTS_PREFIX = 'inputs/';
const inputKey = (generationId: string) => `${INPUTS_PREFIX}${generationId}.json`;

export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
  range?: { start: number; end: number };
  filename: string;
  isPublic: boolean;
}

/** Files: storage, thumbnails, the gallery, public sharing and 30-day expiry. Access is owner or public. */
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

  /**
   * Records a stored file's row in the caller's transaction, with its bytes on the owner's storage counter: from this
   * commit on it is in the gallery. An upload that no longer fits the quota is refused (413) and changes nothing.
   */
  async function record(tx: Tx, stored: StoredFile): Promise<FileRow> {
    const row = await repo.insertFile(tx, stored.row, stored.enforceQuota ? { quotaBytes: settings.quotaBytes } : {});
    if (!row) throw storageFull();
    return row;
  }

  /** Deletes the objects of a file that was stored but never recorded; a failure is left to reconciliation. */
  async function discardStored(stored: StoredFile): Promise<void> {
    for (const key of [stored.row.storageKey, stored.row.thumbnailKey]) if (key) await storage.delete(key).catch(() => {});
  }

  /**
   * Checks, re-encodes and writes a file's objects (the file and its thumbnail) but records no row: the caller
   * records it with `record` in the transaction that gives it meaning (a generation's charge), so a process
   * killed in between leaves only objects without a row, which reconciliation removes. Nothing is in the gallery
   * until that commit.
   */
  async function store(input: SaveFileInput): Promise<StoredFile> {
    const type = await detectMedia(input.data);
    if (!type) throw unsupportedMediaType('This file type is not supported.');
    const limit = type.category === 'image' ? settings.maxImageBytes : settings.maxAudioBytes;
    if (input.data.length > limit) {
      throw payloadTooLarge(`The file is too large. The limit is ${Math.floor(limit / 1024 / 1024)} MB.`);
    }
    // A quick refusal before the work; `record` decides for good, atomically, once the stored size is known.
    if (input.enforceQuota && (await repo.storageUsed(db, input.userId)) + input.data.length > settings.quotaBytes) throw storageFull();
    const image = type.category === 'image' ? await processImage(input.data, settings.maxImagePixels) : null;
    const body = image?.buffer ?? input.data;
    const thumbnail = image?.thumbnail ?? null;
    const id = crypto.randomUUID();
    const storageKey = `files/${input.userId}/${id}.${type.ext}`;
    const thumbnailKey = thumbnail ? `thumbs/${input.userId}/${id}.webp` : null;
    const now = clock.now();
    const isImage = type.category === 'image';
    const stored: StoredFile = {
      row: {
        id,
        userId: input.userId,
        entityType: input.entityType,
        category: input.entityType === 'upload' ? 'upload' : type.category,
        fileType: type.mime,
        sizeBytes: body.length,
        storageKey,
        thumbnailKey,
        thumbnailSizeBytes: thumbnail?.length ?? 0,
        width: image?.width ?? null,
        height: image?.height ?? null,
        toolName: input.toolName ?? null,
        originalFilename: safeFilename(input.originalFilename),
        prompt: input.prompt ?? null,
        metadata: input.metadata ?? {},
        createdAt: now,
        expiresAt: isImage ? new Date(now.getTime() + settings.retentionDays * 86_400_000) : null,
      },
      enforceQuota: input.enforceQuota ?? false,
    };
    try {
      await storage.put(storageKey, body, type.mime);
      if (thumbnail && thumbnailKey) await storage.put(thumbnailKey, thumbnail, 'image/webp');
    } catch (err) {
      await discardStored(stored);
      throw err;
    }
    return stored;
  }

  return {
    galleryItem,

    store,

    record,

    discardStored,

    /** Stores a file and records it at once (uploads). Either everything is kept or nothing is. */
    async save(input: SaveFileInput): Promise<FileRow> {
      const stored = await store(input);
      try {
        return await db.transaction((tx) => record(tx, stored));
      } catch (err) {
        await discardStored(stored);
        throw err;
      }
    },

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

    /**
     * Removes objects under the prefixes files live in (`files/`, `thumbs/`) that no row names and that are older
     * than the grace period (so work in flight, stored but not yet recorded, is never touched): what a killed
     * process left, half-written temp files included. Safe to run twice or concurrently.
     */
    async reconcileStorage(graceMs: number): Promise<{ scanned: number; removed: number }> {
      const cutoff = clock.now().getTime() - graceMs;
      let scanned = 0;
      let removed = 0;
      for (const prefix of STORAGE_PREFIXES) {
        let cursor: string | null = null;
        do {
          const page: ObjectPage = await storage.list({ prefix, cursor, limit: 1000 });
          scanned += page.objects.length;
          const old = page.objects.filter((o) => o.lastModified.getTime() < cutoff);
          const known = await repo.keysWithRows(db, old.map((o) => o.key));
          for (const object of old) {
            if (known.has(object.key)) continue;
            await storage.delete(object.key);
            removed++;
          }
          cursor = page.cursor;
        } while (cursor);
      }
      return { scanned, removed };
    },

    /**
     * A queued generation's request (its images inline), kept under `inputs/` until the generation settles: the
     * worker that runs it reads it from here, in whichever process. Never in a gallery, never served.
     */
    async putInput(generationId: string, data: Buffer): Promise<void> {
      await storage.put(inputKey(generationId), data, 'application/json');
    },

    async readInput(generationId: string): Promise<Buffer | null> {
      const object = await storage.get(inputKey(generationId));
      return object ? streamToBuffer(object.stream) : null;
    },

    async dropInput(generationId: string): Promise<void> {
      await storage.delete(inputKey(generationId)).catch(() => {});
    },

    /** Removes inputs older than `graceMs` (no generation lives that long: what a killed process left). */
    async reconcileInputs(graceMs: number): Promise<number> {
      const cutoff = clock.now().getTime() - graceMs;
      let removed = 0;
      let cursor: string | null = null;
      do {
        const page: ObjectPage = await storage.list({ prefix: INPUTS_PREFIX, cursor, limit: 1000 });
        for (const object of page.objects) {
          if (object.lastModified.getTime() >= cutoff) continue;
          await storage.delete(object.key);
          removed++;
        }
        cursor = page.cursor;
      } while (cursor);
      return removed;
    },

    /** Deletes files past their expiry, rows and objects together. Safe to run twice. */
    async expire(batch = 200): Promise<number> {
      const rows = await repo.expiredFiles(db, clock.now(), batch);
      for (const file of rows) await remove(file);
      return rows.length;
    },

  };
}

export type FilesService = ReturnType<typeof createFilesService>;
