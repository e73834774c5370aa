/**
 * The morpher's results kept in this browser too (spec 2 §4): when the first history page cannot be loaded, the
 * grid shows these instead.
 */
import type { AspectRatio } from '../../../contract/ai.ts';

export const LOCAL_HISTORY_KEY = 'ampkit.morpher.history';
export const LOCAL_HISTORY_LIMIT = 24;

export interface LocalHistoryEntry {
  uuid: string;
  image: string;
  prompt: string;
  aspectRatio: AspectRatio;
  variability: number;
  timestamp: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isEntry = (value: unknown): value is LocalHistoryEntry =>
  !!value && typeof value === 'object' && typeof (value as LocalHistoryEntry).uuid === 'string' && typeof (value as LocalHistoryEntry).image === 'string';

export function readLocalHistory(): LocalHistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(LOCAL_HISTORY_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function write(entries: LocalHistoryEntry[]): void {
  try {
    storage()?.setItem(LOCAL_HISTORY_KEY, JSON.stringify(entries.slice(0, LOCAL_HISTORY_LIMIT)));
  } catch {
    /* full or blocked: the server's history is the real one */
  }
}

/** Newest first, one entry per image, at most 24. */
export function addLocalHistory(entry: LocalHistoryEntry): void {
  write([entry, ...readLocalHistory().filter((e) => e.uuid !== entry.uuid)]);
}

export function removeLocalHistory(uuid: string): void {
  write(readLocalHistory().filter((e) => e.uuid !== uuid));
}

export function clearLocalHistory(): void {
  try {
    storage()?.removeItem(LOCAL_HISTORY_KEY);
  } catch {
    /* nothing to clear */
  }
}
