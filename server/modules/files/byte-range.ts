import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.ts';

/** `bytes=start-end` (one range) within a size; 416 when it cannot be satisfied. */
export function parseRange(header: string, size: number): { start: number; end: number } | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) {
    throw new AppError('RANGE_NOT_SATISFIABLE', 'The requested range is not available.', { size });
  }
  return { start, end };
}

/** Reads a whole stream (a stored object small enough to hold: a thumbnail or an image to re-encode). */
export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
