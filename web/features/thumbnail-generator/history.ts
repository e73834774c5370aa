import { z } from 'zod';
import { REALISM, THUMBNAIL_HISTORY_KEY } from '../../../contract/thumbnail.ts';

/** A generation kept in this browser (spec 3 §3: the thumbnail history entry). */
export const historyEntry = z.object({
  id: z.string(),
  /** A small JPEG data URL of the frame that was sent ('' when none could be made). */
  inputImage: z.string(),
  prompt: z.string(),
  /** The result's server URL (/api/files/serve/{uuid}): never the image itself. */
  generatedContent: z.string(),
  timestamp: z.number(),
  selectedStyle: z.string(),
  addText: z.boolean(),
  thumbnailText: z.string(),
  realismLevel: z.number().int().min(REALISM.min).max(REALISM.max),
  /** Beyond the spec's fields: made by the local engine, and the answer's text, so a picked entry is shown as honestly as when it was made. */
  preview: z.boolean().optional(),
  text: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** The history keeps the newest this many. */
export const HISTORY_LIMIT = 20;

/** The stored entries, newest first; anything unreadable (another version, a hand edit) is skipped, not fatal. */
export function loadHistory(storage: Storage = localStorage): HistoryEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(THUMBNAIL_HISTORY_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = historyEntry.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function write(storage: Storage, entries: HistoryEntry[]): boolean {
  try {
    storage.setItem(THUMBNAIL_HISTORY_KEY, JSON.stringify(entries));
    return true;
  } catch {
    // QuotaExceededError (other tools' data, a private window's tiny quota) or storage switched off.
    return false;
  }
}

/**
 * Saves the history, newest first, capped at HISTORY_LIMIT. When the browser's storage is full it drops the oldest
 * entries one at a time, then the small input previews, until it fits; when nothing fits it keeps what was stored
 * before. Answers what is stored now.
 */
export function saveHistory(entries: HistoryEntry[], storage: Storage = localStorage): HistoryEntry[] {
  let kept = entries.slice(0, HISTORY_LIMIT);
  while (kept.length > 0) {
    if (write(storage, kept)) return kept;
    if (kept.length === 1) break;
    kept = kept.slice(0, -1);
  }
  const bare = entries.slice(0, HISTORY_LIMIT).map((e) => ({ ...e, inputImage: '' }));
  for (let n = bare.length; n > 0; n--) if (write(storage, bare.slice(0, n))) return bare.slice(0, n);
  return loadHistory(storage);
}

/** Adds an entry in front. */
export const addToHistory = (entry: HistoryEntry, storage: Storage = localStorage) => saveHistory([entry, ...loadHistory(storage).filter((e) => e.id !== entry.id)], storage);

export function clearHistory(storage: Storage = localStorage): void {
  try {
    storage.removeItem(THUMBNAIL_HISTORY_KEY);
  } catch {
    // Storage switched off: there is nothing stored to clear.
  }
}

/** The file id in a result URL (/api/files/serve/{uuid}), for the download link of a history entry. */
export const fileIdOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? '');
