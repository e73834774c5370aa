/** The aspect-ratio experimental warning (spec 2 §4, §5): a dismissal is remembered in this browser for 3 days. */
import { EXPERIMENTAL_WARNING_DAYS } from '../../../contract/ai.ts';

export const EXPERIMENTAL_WARNING_KEY = 'ampkit.morpher.aspectWarningDismissedAt';
const WINDOW_MS = EXPERIMENTAL_WARNING_DAYS * 86_400_000;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** True while a dismissal made less than 3 days ago is on record. */
export function isExperimentalWarningDismissed(now: number = Date.now(), storage: KeyValueStorage | null = browserStorage()): boolean {
  const stored = Number(storage?.getItem(EXPERIMENTAL_WARNING_KEY) ?? NaN);
  if (!Number.isFinite(stored)) return false;
  if (now - stored < WINDOW_MS && stored <= now) return true;
  storage?.removeItem(EXPERIMENTAL_WARNING_KEY);
  return false;
}

export function dismissExperimentalWarning(now: number = Date.now(), storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(EXPERIMENTAL_WARNING_KEY, String(now));
  } catch {
    /* storage full or blocked: the warning simply shows again */
  }
}
