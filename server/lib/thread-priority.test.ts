import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { keepMainThreadFirst } from './thread-priority.ts';

const linux = process.platform === 'linux';

describe.runIf(linux)('keepMainThreadFirst', () => {
  it('lowers every other thread of the process, a thread started later too, and leaves the main thread as it was', async () => {
    const main = os.getPriority(process.pid);
    const stop = keepMainThreadFirst(Math.max(main + 1, 10), 20);
    const worker = new Worker('const { parentPort } = require("node:worker_threads"); parentPort.postMessage(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()); setInterval(() => {}, 1000);', { eval: true });
    const tid = Number(await new Promise((resolve) => worker.once('message', resolve)));
    try {
      await new Promise((r) => setTimeout(r, 60));
      expect(os.getPriority(tid)).toBe(Math.max(main + 1, 10));
      expect(os.getPriority(process.pid)).toBe(main);
    } finally {
      stop();
      await worker.terminate();
    }
  });
});
