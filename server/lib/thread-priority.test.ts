import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_THREAD_PREFIX, keepMainThreadFirst } from './thread-priority.ts';

const linux = process.platform === 'linux';
const hasChrt = linux && spawnSync('chrt', ['--version']).status === 0;
const SCHED_IDLE = 5;

/** A thread's scheduling policy: field 41 of /proc/<pid>/task/<tid>/stat (counted after the command's parentheses). */
function policyOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
}

/** A worker thread that answers its thread id and stays until terminated. */
async function threadNamed(name?: string): Promise<{ worker: Worker; tid: number }> {
  const worker = new Worker('const { parentPort } = require("node:worker_threads"); parentPort.postMessage(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()); setInterval(() => {}, 1000);', { eval: true, name });
  const tid = Number(await new Promise((resolve) => worker.once('message', resolve)));
  return { worker, tid };
}

describe.runIf(linux)('keepMainThreadFirst', () => {
  it('lowers every other thread, a thread started later too, puts the app compute threads under SCHED_IDLE, and leaves the main thread as it was', async () => {
    const main = os.getPriority(process.pid);
    const mainPolicy = policyOf(process.pid);
    expect(mainPolicy).not.toBe(SCHED_IDLE);
    const nice = Math.max(main + 1, 10);
    const stop = keepMainThreadFirst(nice, 20);
    const compute = await threadNamed(`${BACKGROUND_THREAD_PREFIX}render`);
    const other = await threadNamed('some-library');
    try {
      await expect.poll(() => [os.getPriority(compute.tid), os.getPriority(other.tid)], { timeout: 2000 }).toEqual([nice, nice]);
      // Where util-linux's chrt is present (Debian's essential packages), the compute thread gives way to any other.
      if (hasChrt) await expect.poll(() => policyOf(compute.tid), { timeout: 2000 }).toBe(SCHED_IDLE);
      // Any other thread (libuv's pool, V8's helpers, a library's) keeps the normal policy: it may serve requests.
      expect(policyOf(other.tid)).not.toBe(SCHED_IDLE);
      expect(os.getPriority(process.pid)).toBe(main);
      expect(policyOf(process.pid)).toBe(mainPolicy);
    } finally {
      stop();
      await compute.worker.terminate();
      await other.worker.terminate();
    }
  });
});
