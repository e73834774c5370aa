/**
 * CPU priorities of this process's threads, so that on a busy machine the thread that answers HTTP wins the CPU over
 * the work beside it. Linux keeps a nice value per thread; elsewhere (or when not allowed) these are no-ops.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/** Lowers the calling thread's CPU priority; answers its nice value after the change, or undefined where it could not. */
export function lowerThreadPriority(nice: number): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) {
      os.setPriority(tid, nice);
      return os.getPriority(tid);
    }
  } catch {
    // not Linux, or not allowed: run at normal priority
  }
  return undefined;
}

/**
 * Lowers every thread of this process but the main one to `nice`: libuv's pool and the libvips threads sharp starts
 * from it (image decodes and encodes), V8's helpers, worker threads. Threads come and go, so it looks again every
 * `everyMs`; one pass reads /proc/self/task (a few dozen entries). The main thread keeps its priority, so a request
 * is answered at once while a batch renders on every core. Answers the function that stops it.
 */
export function keepMainThreadFirst(nice = 10, everyMs = 1000): () => void {
  const pass = () => {
    let tids: string[];
    try {
      tids = readdirSync('/proc/self/task');
    } catch {
      return false;
    }
    for (const entry of tids) {
      const tid = Number(entry);
      if (tid === process.pid) continue;
      try {
        if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
      } catch {
        // the thread has just ended, or this is not allowed
      }
    }
    return true;
  };
  if (!pass()) return () => {};
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
