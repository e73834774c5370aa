import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-support', 'hold-data-dir.ts');
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-lock-'));
  dirs.push(dir);
  return path.join(dir, 'db');
}

/**
 * Starts a process holding the folder under a parent that never reaps it (`exec sleep`), so once killed it stays
 * a zombie: the state in which a pid lock still saw it alive. Resolves with its pid once it has opened the database.
 */
function holder(dir: string): Promise<number> {
  const child = spawn('sh', ['-c', `"${process.execPath}" --import tsx "${script}" "${dir}" & exec sleep 60`], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (c) => (err += c));
    child.stdout!.on('data', (c) => {
      const m = /ready (\d+)/.exec(String(c));
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}: ${err}`)));
  });
}

/**
 * Resolves once the process has died: gone, or a zombie whose every thread has exited (the kernel has closed its
 * descriptors; a leader shows Z while its other threads still tear down).
 */
async function died(pid: number) {
  for (let i = 0; i < 1000; i++) {
    try {
      const zombie = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
      if (zombie && fs.readdirSync(`/proc/${pid}/task`).length === 1) return;
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`process ${pid} did not die`);
}

describe('the embedded database folder lock', () => {
  it('refuses a second process, and is free the instant the holder is killed (no reaping, no stale file)', async () => {
    const dir = tempDir();
    const pid = await holder(dir);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`The embedded database in ${dir} is in use by another process`);
    process.kill(pid, 'SIGKILL');
    await died(pid);
    // Dead but not reaped: the kernel has already freed the lock.
    expect(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]).toMatch(/^Z/);
    const database = await openDatabase({ dataDir: dir });
    await database.close();
  }, 120_000);

  it('ignores a pid file left from before, even one naming a live unrelated process', async () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    // What the old pid lock left behind: a pid that now belongs to someone else (pid 1 is always alive).
    fs.writeFileSync(path.join(dir, '..', 'db.lock'), '1');
    const database = await openDatabase({ dataDir: dir });
    // One process may open and close the folder again.
    await database.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  }, 120_000);
});
