import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { keepMainThreadFirst } from './thread-priority.ts';

const linux = process.platform === 'linux';
const hasChrt = linux && spawnSync('chrt', ['--version']).status === 0;
const SCHED_IDLE = 5;

/** A thread's scheduling policy: field 41 of /proc/<pid>/task/<tid>/stat (counted after the command's parentheses). */
function policyOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
}

describe.runIf(linux)('keepMainThreadFirst', () => {
  it('lowers every other thread of the process, a thread started later too, and leaves the main thread as it was', async () => {
    const main = os.getPriority(process.pid);
    const mainPolicy = policyOf(process.pid);
    expect(mainPolicy).not.toBe(SCHED_IDLE);
    const stop = keepMainThreadFirst(Math.max(main + 1, 10), 20);
    const worker = new Worker('const { parentPort } = require("node:worker_threads"); parentPort.postMessage(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()); setInterval(() => {}, 1000);', { eval: true });
    const tid = Number(await new Promise((resolve) => worker.once('message', resolve)));
    try {
      await expect.poll(() => os.getPriority(tid), { timeout: 2000 }).toBe(Math.max(main + 1, 10));
      // Where util-linux's chrt is present (Debian's essential packages), the thread gives way to any other.
      if (hasChrt) await expect.poll(() => policyOf(tid), { timeout: 2000 }).toBe(SCHED_IDLE);
      expect(os.getPriority(process.pid)).toBe(main);
      expect(policyOf(process.pid)).toBe(mainPolicy);
    } finally {
      stop();
      await worker.terminate();
    }
  });
});
