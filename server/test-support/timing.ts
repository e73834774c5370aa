/**
 * Timing checks against an in-test control instead of a fixed number of milliseconds: on a loaded machine the
 * control slows down as much as the thing measured, so only a real regression fails. Absolute figures belong in
 * scripts/bench/.
 */

/** Runs `fn` and answers its result with the wall-clock milliseconds it took. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/**
 * Whether `promise` settles (either way) before a timer of `ms`, started now, fires: for a call that must give
 * up before a fake server's delayed answer (`ms` being that delay) rather than wait for it.
 */
export async function settlesBefore(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The lags of a timer firing every `intervalMs` while `work` runs: how long a request arriving meanwhile would
 * wait for this thread. A few quiet ticks before and after, so the sample taken when a blocked thread frees up
 * is counted. Used by the worker test (against its control) and by scripts/bench/event-loop-lag.ts.
 */
export async function lagsDuring(work: () => Promise<unknown>, intervalMs = 10): Promise<{ lags: number[]; elapsedMs: number }> {
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - last - intervalMs));
    last = now;
  }, intervalMs);
  const quiet = () => new Promise((resolve) => setTimeout(resolve, 3 * intervalMs));
  const started = performance.now();
  try {
    await quiet();
    await work();
    await quiet();
  } finally {
    clearInterval(timer);
  }
  return { lags, elapsedMs: performance.now() - started };
}
