import type { Db, Tx } from '../../db/client.ts';
import { payloadTooLarge, unsupportedMediaType } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ObjectPage, ObjectStorage } from '../../providers/storage/storage.ts';
import { detectMedia, processImage, safeFilename } from './media.ts';
import * as repo from './repository.ts';
import type { FileRow } from './repository.ts';

/**
 * How a file is written: its objects first (checked, re-encoded, with a thumbnail), then its row in the transaction
 * that gives it meaning, so a process killed in between leaves only objects without a row, which reconciliation
 * removes.
 */

export interface FileStoreDeps {
  db: Db;
  storage: ObjectStorage;
  clock: Clock;
  settings: { retentionDays: number; maxImagePixels: number; maxImageBytes: number; maxAudioBytes: number; quotaBytes: number };
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
  /** False for an image this process just encoded from pixels (a render): kept as it is (media.ts `ProcessOptions`). */
  reencode?: boolean;
}

/** A file whose objects are written but whose row is not recorded yet (see `store`). */
export interface StoredFile {
  readonly row: repo.NewFile & { id: string; storageKey: string; thumbnailKey: string | null };
  /** Recorded only if it fits the owner's quota (uploads). */
  readonly enforceQuota: boolean;
}

const storageFull = () => payloadTooLarge('Your storage is full. Delete some files from your gallery and try again.');

/** Where file objects live; reconciliation looks only here, so other objects in a shared bucket are never touched. */
const STORAGE_PREFIXES = ['files/', 'thumbs/'] as const;

export function createFileStore(deps: FileStoreDeps) {
  const { db, storage, clock, settings } = deps;

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
    const image = type.category === 'image' ? await processImage(input.data, settings.maxImagePixels, { reencode: input.reencode ?? true }) : null;
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

  };
}
