import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertKey, type ObjectStorage } from './storage.ts';

/** Files under a folder on local disk (DATA_DIR/files). Writes are atomic: temp file, then rename. */
export function localStorage(root: string): ObjectStorage {
  const resolve = (key: string) => {
    assertKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.promises.writeFile(tmp, body);
      await fs.promises.rename(tmp, full);
    },
    async get(key, range) {
      const full = resolve(key);
      let size: number;
      try {
        size = (await fs.promises.stat(full)).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const stream = fs.createReadStream(full, range ? { start: range.start, end: range.end } : {});
      return { stream, size };
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        await fs.promises.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
