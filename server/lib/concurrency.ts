/**
 * Maps `items` through `fn` with at most `limit` calls in flight at once; the answers keep the items' order. A call
 * that throws rejects the whole map (give `fn` its own catch to keep going), after the calls in flight settle.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failed) throw failed.reason;
  return results;
}

/** Resolves after the event loop's next turn (its I/O and timers included): long work in steps lets requests in. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
