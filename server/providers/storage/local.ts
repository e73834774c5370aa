import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
    async putStream(key, body) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
      let written = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          written += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, count, fs.createWriteStream(tmp));
        await fs.promises.rename(tmp, full);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
      return written;
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
    // Temp files a killed put left (`<key>.<hex>.tmp`) are listed too, so reconciliation can remove them.
    // The cursor is the last key of the page (like S3's StartAfter).
    async list({ prefix, cursor, limit = 1000 }) {
      const base = path.resolve(root);
      const keys: string[] = [];
      const walk = async (dir: string): Promise<void> => {
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(dir, { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw err;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (entry.isFile()) {
            const key = path.relative(base, full).split(path.sep).join('/');
            if (key.startsWith(prefix) && (!cursor || key > cursor)) keys.push(key);
          }
        }
      };
      // Only the folder the prefix names is walked, not the whole store.
      const top = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      await walk(top ? path.join(base, ...top.split('/')) : base);
      keys.sort();
      const page = keys.slice(0, limit);
      const objects = [];
      for (const key of page) {
        const stat = await fs.promises.stat(path.join(base, ...key.split('/'))).catch(() => null);
        if (stat) objects.push({ key, lastModified: stat.mtime, size: stat.size });
      }
      return { objects, cursor: keys.length > limit ? page[page.length - 1]! : null };
    },
  };
}
