/**
 * CPU priorities of this process's threads, so that on a busy machine the thread that answers HTTP wins the CPU over
 * the work beside it. Linux keeps a nice value and a scheduling policy per thread; elsewhere (or when not allowed)
 * these are no-ops.
 *
 * Every thread but the main one gets nice 10. The threads that only compute pixels (the render pool, local vision,
 * the upscaler: threads named with BACKGROUND_THREAD_PREFIX; and libvips' workers) also get SCHED_IDLE: nice alone
 * was not enough, as on a 2-core machine rendering a batch a woken nice-0 main thread still waited out a nice-10
 * render's slice, and `GET /api/auth/profile` took 2.9x its idle p99 (BENCHMARKS.md, Batches). Only those: libuv's
 * pool (files, compression, password hashes) and V8's helpers (the main thread's garbage collection waits on them)
 * serve requests, and under SCHED_IDLE they would wait behind any busy process on the machine. Node has no call for
 * the policy, so util-linux's `chrt` sets it; without `chrt` the nice value still applies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * A small shell that puts each thread id it reads under SCHED_IDLE with `chrt`. One process started once, while this
 * one is still small: a spawn per thread from a large server took up to 0.1 s of its event loop (fork copies the
 * page tables). Null where it could not start; its ids are then left at their nice value.
 */
let idleHelper: ChildProcess | null | undefined;

/** Worker threads named with this prefix (`new Worker(url, { name })`) do work that can wait: they get SCHED_IDLE. */
export const BACKGROUND_THREAD_PREFIX = 'ampkit-';
/** Threads that only compute pixels, as the app's own: libvips' workers (sharp's decodes, resizes and encodes). */
const BACKGROUND_THREAD_NAMES = [BACKGROUND_THREAD_PREFIX, 'libvips worker'];

function idlePolicy(tids: number[]): void {
  if (idleHelper === undefined) {
    try {
      idleHelper = spawn('sh', ['-c', 'command -v chrt >/dev/null || exit 0; while read -r tid; do chrt --idle --pid 0 "$tid" 2>/dev/null; done'], {
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      idleHelper.on('error', () => (idleHelper = null));
      idleHelper.on('exit', () => (idleHelper = null));
      idleHelper.stdin?.on('error', () => (idleHelper = null));
      // Neither the shell nor its pipe keeps this process alive; the shell ends when the pipe closes.
      idleHelper.unref();
      (idleHelper.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    } catch {
      idleHelper = null;
    }
  }
  if (tids.length > 0) idleHelper?.stdin?.write(`${tids.join('\n')}\n`);
}

/**
 * Lowers the calling thread's CPU priority (its nice value; keepMainThreadFirst adds SCHED_IDLE within a second to a
 * thread named with BACKGROUND_THREAD_PREFIX); answers its nice value after the change, or undefined where it could
 * not.
 */
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
 * from it (image decodes and encodes), V8's helpers, worker threads; the threads that only compute pixels (named with
 * BACKGROUND_THREAD_PREFIX, and libvips' workers) also go under SCHED_IDLE. Threads come and go, so it looks again
 * every `everyMs`; one pass reads /proc/self/task (a few dozen entries) and the names of the threads not yet idle.
 * The main thread keeps its priority, so a request is answered at once while a batch renders on every core. Answers
 * the function that stops it.
 */
export function keepMainThreadFirst(nice = 10, everyMs = 1000): () => void {
  const lowered = new Set<number>();
  const idled = new Set<number>();
  const pass = () => {
    let tids: number[];
    try {
      tids = readdirSync('/proc/self/task').map(Number);
    } catch {
      return false;
    }
    const now = new Set(tids);
    // A thread id can be used again once its thread ends.
    for (const seen of [lowered, idled]) for (const tid of seen) if (!now.has(tid)) seen.delete(tid);
    const background: number[] = [];
    for (const tid of tids) {
      if (tid === process.pid || idled.has(tid)) continue;
      try {
        if (!lowered.has(tid) && os.getPriority(tid) < nice) os.setPriority(tid, nice);
        lowered.add(tid);
        // Read at every pass until it matches: a new thread names itself only once it runs, so a pass can see it first.
        const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8');
        if (BACKGROUND_THREAD_NAMES.some((prefix) => name.startsWith(prefix))) {
          background.push(tid);
          idled.add(tid);
        }
      } catch {
        // the thread has just ended, or this is not allowed
      }
    }
    idlePolicy(background);
    return true;
  };
  if (!pass()) return () => {};
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
