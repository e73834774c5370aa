import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { BatchRow } from './repository.ts';

/**
 * One result in a batch's ZIP: a stored file, or a text (a caption). `label` tells apart the results of one image
 * when it has several (a mockup's styles).
 */
export type ZipEntry = { name: string; label?: string } & ({ storageKey: string; fileType: string } | { text: string });

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** `<original-name>-<tool>[-<label>].<ext>`, safe in a ZIP, unique within it (a repeated name gets ` (2)`). */
export function entryNames(entries: ZipEntry[], tool: string): string[] {
  const used = new Set<string>();
  return entries.map((entry) => {
    const base =
      entry.name
        .replace(/\.[a-z0-9]{1,5}$/i, '')
        .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-')
        .trim()
        .slice(0, 120) || 'image';
    const ext = 'text' in entry ? 'txt' : (EXTENSIONS[entry.fileType] ?? 'bin');
    const stem = `${base}-${tool}${entry.label ? `-${entry.label.replace(/[^a-z0-9-]+/gi, '-').slice(0, 40)}` : ''}`;
    let name = `${stem}.${ext}`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n}).${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * The batch's results as a ZIP stream: each object is opened only when the writer reaches it, so memory holds one
 * image at most whatever the batch's size. Images are stored as they are (already compressed).
 */
export function batchZip(storage: ObjectStorage, batch: BatchRow, entries: ZipEntry[]): { filename: string; stream: Readable } {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  zip.on('error', (err: Error) => out.destroy(err));
  const mtime = batch.createdAt;
  entryNames(entries, batch.tool).forEach((name, i) => {
    const entry = entries[i]!;
    if ('text' in entry) {
      zip.addBuffer(Buffer.from(entry.text, 'utf8'), name, { mtime });
      return;
    }
    zip.addReadStreamLazy(name, { mtime, compress: false }, (cb) => {
      storage
        .get(entry.storageKey)
        .then((object) => (object ? cb(null, object.stream) : cb(new Error(`${name}: its file is gone`), undefined as never)))
        .catch((err: Error) => cb(err, undefined as never));
    });
  });
  zip.end();
  return { filename: `${batch.tool}-batch-${batch.id.slice(0, 8)}.zip`, stream: out };
}
