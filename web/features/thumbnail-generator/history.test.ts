// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { THUMBNAIL_HISTORY_KEY } from '../../../contract/thumbnail.ts';
import { addToHistory, clearHistory, HISTORY_LIMIT, loadHistory, saveHistory, type HistoryEntry } from './history.ts';

const entry = (n: number, inputImage = 'data:image/jpeg;base64,/9j/small'): HistoryEntry => ({
  id: `gen-${n}`,
  inputImage,
  prompt: '',
  generatedContent: `/api/files/serve/file-${n}`,
  timestamp: 1_700_000_000_000 + n,
  selectedStyle: 'viral-bold',
  addText: true,
  thumbnailText: `Title ${n}`,
  realismLevel: 4,
});

/** A Storage whose quota is a number of characters, throwing like a browser's QuotaExceededError beyond it. */
function smallStorage(quota: number): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => {
      if (v.length > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      map.set(k, v);
    },
  };
}

beforeEach(() => localStorage.clear());

describe('thumbnail history', () => {
  it('keeps the newest first, under its key, capped at the limit', () => {
    for (let n = 1; n <= HISTORY_LIMIT + 5; n++) addToHistory(entry(n));
    const stored = loadHistory();
    expect(stored).toHaveLength(HISTORY_LIMIT);
    expect(stored[0]!.id).toBe(`gen-${HISTORY_LIMIT + 5}`);
    expect(JSON.parse(localStorage.getItem(THUMBNAIL_HISTORY_KEY)!)).toHaveLength(HISTORY_LIMIT);
  });

  it('skips entries it cannot read and survives a key that is not JSON', () => {
    localStorage.setItem(THUMBNAIL_HISTORY_KEY, JSON.stringify([entry(1), { id: 3 }, 'x', entry(2)]));
    expect(loadHistory().map((e) => e.id)).toEqual(['gen-1', 'gen-2']);
    localStorage.setItem(THUMBNAIL_HISTORY_KEY, '{not json');
    expect(loadHistory()).toEqual([]);
  });

  it('survives a full quota: drops the oldest until it fits, then the input previews, and never throws', () => {
    const one = JSON.stringify([entry(1)]).length;
    const storage = smallStorage(one * 3 + 10);
    const all = [1, 2, 3, 4, 5, 6].map((n) => entry(n));
    const kept = saveHistory(all, storage);
    expect(kept.map((e) => e.id)).toEqual(['gen-1', 'gen-2', 'gen-3']);
    expect(loadHistory(storage)).toEqual(kept);

    // An input preview too big for any quota: the entries are kept without it.
    const tight = smallStorage(one + 50);
    const big = entry(7, `data:image/jpeg;base64,${'A'.repeat(5000)}`);
    expect(saveHistory([big], tight)).toEqual([{ ...big, inputImage: '' }]);

    // Nothing fits at all: what was stored before stays.
    const none = smallStorage(5);
    expect(() => saveHistory(all, none)).not.toThrow();
    expect(saveHistory(all, none)).toEqual([]);
  });

  it('clears', () => {
    addToHistory(entry(1));
    clearHistory();
    expect(localStorage.getItem(THUMBNAIL_HISTORY_KEY)).toBeNull();
  });
});
