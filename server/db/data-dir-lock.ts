import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';

/**
 * Two processes must never open one PGlite folder: the second would corrupt it. The lock is a Linux
 * abstract-namespace Unix socket named after the folder's real path: a second process gets EADDRINUSE, and the
 * kernel frees the name the instant the holder dies (kill -9 included, reaped or not), so a stale pid file or a
 * reused pid can never refuse a start. Abstract names are per network namespace: containers sharing one
 * volume must not share one data dir (use DATABASE_URL there).
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const name = `\0ampkit-pglite-${createHash('sha256').update(fs.realpathSync(dir)).digest('hex')}`;
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') return reject(err);
      reject(
        new Error(
          `The embedded database in ${dir} is in use by another process. ` +
            'Run one process per DATA_DIR, or set DATABASE_URL to share PostgreSQL between processes.',
        ),
      );
    });
    server.listen({ path: name }, () => resolve());
  });
  // The lock must not keep the process alive on its own.
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
