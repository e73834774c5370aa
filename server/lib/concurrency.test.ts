import { describe, expect, it } from 'vitest';
import { mapLimit } from './concurrency.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('mapLimit', () => {
  it('keeps the order of the items and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n, i) => {
      running++;
      most = Math.max(most, running);
      for (let k = 0; k < n; k++) await tick();
      running--;
      return `${i}:${n}`;
    });
    expect(out).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3']);
    expect(most).toBe(2);
  });

  it('answers an empty list for no items, and rejects with the error of a call that throws', async () => {
    expect(await mapLimit([], 3, async () => 1)).toEqual([]);
    await expect(mapLimit([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n))).rejects.toThrow('two');
  });
});
