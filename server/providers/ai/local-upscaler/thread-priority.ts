/**
 * Lowers the calling thread's CPU priority. Linux keeps a nice value per thread: this renices the
 * thread found through /proc/thread-self, so that on a busy machine the server's main thread wins the
 * CPU over model inference in a worker. Elsewhere (or when not allowed) it is a no-op.
 * Shared by the upscale worker and the local-vision worker.
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';

/** Answers the thread's nice value after the change, or undefined where it could not be set. */
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
