import { Readable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { startFakeS3 } from '../../test-support/fake-s3.ts';
import { startLocalS3, type LocalS3 } from '../../test-support/local-s3.ts';
import { makePng } from '../../test-support/media.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { ObjectStorage } from './storage.ts';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
// A real S3-compatible server (s3rver, as the scale-out test runs): signatures, multipart uploads, its own XML.
let s3rver: LocalS3;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-storage-'));
beforeAll(async () => {
  [s3, s3rver] = await Promise.all([startFakeS3({ bucket: 'ampkit-test', accessKeyId: 'AKIATEST' }), startLocalS3({ bucket: 'ampkit-s3rver' })]);
});
afterAll(async () => {
  await s3?.close();
  await s3rver?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const read = async (storage: ObjectStorage, key: string, range?: { start: number; end: number }) => {
  const object = await storage.get(key, range);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const c of object.stream) chunks.push(Buffer.from(c));
  return { body: Buffer.concat(chunks), size: object.size };
};

/** The adapters under test; s3rver's continuation tokens need DES, which Node's OpenSSL 3 refuses (it answers 500). */
const pagedListing = (name: string) => name !== 'S3 (s3rver)';
const adapters: Array<[string, () => ObjectStorage]> = [
  ['local disk', () => localStorage(tmp)],
  ['S3', () => s3Storage({ bucket: 'ampkit-test', region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'AKIATEST', secretAccessKey: 'secret' })],
  [
    'S3 (s3rver)',
    () => s3Storage({ bucket: s3rver.bucket, region: 'us-east-1', endpoint: s3rver.endpoint, accessKeyId: s3rver.accessKeyId, secretAccessKey: s3rver.secretAccessKey }),
  ],
];

describe.each(adapters)('%s storage', (name, make) => {
  it('writes a stream whole (an export ZIP) and answers its size', async () => {
    const storage = make();
    const parts = [Buffer.from('PK first part '), Buffer.alloc(70_000, 7), Buffer.from(' last')];
    const written = await storage.putStream('exports/e1.zip', Readable.from(parts), 'application/zip');
    expect(written).toBe(Buffer.concat(parts).length);
    expect((await read(storage, 'exports/e1.zip'))!.body.equals(Buffer.concat(parts))).toBe(true);
    await storage.delete('exports/e1.zip');
  });

  it('puts, reads whole and ranged, and deletes (twice is fine)', async () => {
    const storage = make();
    const body = Buffer.from('0123456789abcdef');
    await storage.put('files/u1/a.bin', body, 'application/octet-stream');
    expect(await storage.exists('files/u1/a.bin')).toBe(true);
    expect(await read(storage, 'files/u1/a.bin')).toEqual({ body, size: 16 });
    expect(await read(storage, 'files/u1/a.bin', { start: 2, end: 5 })).toEqual({ body: Buffer.from('2345'), size: 16 });
    await storage.delete('files/u1/a.bin');
    await storage.delete('files/u1/a.bin');
    expect(await storage.exists('files/u1/a.bin')).toBe(false);
    expect(await storage.get('files/u1/a.bin')).toBeNull();
  });

  it('lists objects under a prefix in key order, a page at a time, with their age and size', async () => {
    const storage = make();
    const keys = Array.from({ length: 7 }, (_, i) => `thumbs/list-${i}/x${i}.webp`);
    const limit = pagedListing(name) ? 3 : 1000;
    const before = Date.now() - 1000;
    for (const [i, key] of keys.entries()) await storage.put(key, Buffer.alloc(i + 1), 'image/webp');
    await storage.put('files/other/y.png', Buffer.from('y'), 'image/png');
    const seen: Array<{ key: string; size: number }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<ObjectStorage['list']>> = await storage.list({ prefix: 'thumbs/list-', cursor, limit });
      expect(page.objects.length).toBeLessThanOrEqual(limit);
      for (const o of page.objects) {
        expect(o.lastModified.getTime()).toBeGreaterThan(before);
        expect(o.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
        seen.push({ key: o.key, size: o.size });
      }
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(pagedListing(name) ? 3 : 1);
    expect(seen).toEqual(keys.map((key, i) => ({ key, size: i + 1 })));
    expect((await storage.list({ prefix: 'nothing-here/' })).objects).toEqual([]);
    for (const key of [...keys, 'files/other/y.png']) await storage.delete(key);
  });

  it('refuses keys that could escape', async () => {
    const storage = make();
    for (const key of ['../x', 'files/../../etc/passwd', '/abs', 'UPPER', 'a//b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('S3 (s3rver): what only a real S3-compatible server checks', () => {
  const storage = () =>
    s3Storage({ bucket: s3rver.bucket, region: 'us-east-1', endpoint: s3rver.endpoint, accessKeyId: s3rver.accessKeyId, secretAccessKey: s3rver.secretAccessKey });

  it('writes a large export as a multipart upload (three 8 MB parts) and reads it back whole and by range', async () => {
    const big = Buffer.alloc(17 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 251;
    // Small pieces, as the ZIP writer hands them on.
    const pieces = Array.from({ length: Math.ceil(big.length / 65_536) }, (_, i) => big.subarray(i * 65_536, (i + 1) * 65_536));
    const written = await storage().putStream('exports/big.zip', Readable.from(pieces), 'application/zip');
    expect(written).toBe(big.length);
    const whole = (await read(storage(), 'exports/big.zip'))!;
    expect(whole.size).toBe(big.length);
    expect(whole.body.equals(big)).toBe(true);
    const ranged = (await read(storage(), 'exports/big.zip', { start: 8 * 1024 * 1024 - 2, end: 8 * 1024 * 1024 + 1 }))!;
    expect(ranged.body.equals(big.subarray(8 * 1024 * 1024 - 2, 8 * 1024 * 1024 + 2))).toBe(true);
    await storage().delete('exports/big.zip');
  });

  it('leaves no object when the stream fails mid-upload', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(9 * 1024 * 1024, 1));
        this.destroy(new Error('zip writer failed'));
      },
    });
    await expect(storage().putStream('exports/broken.zip', failing, 'application/zip')).rejects.toThrow();
    expect(await storage().exists('exports/broken.zip')).toBe(false);
  });

  it('refuses an unknown access key, storing nothing (s3rver checks the key of a SigV4 request, not its signature)', async () => {
    const wrong = s3Storage({ bucket: s3rver.bucket, region: 'us-east-1', endpoint: s3rver.endpoint, accessKeyId: 'AKIAUNKNOWN', secretAccessKey: s3rver.secretAccessKey });
    await expect(wrong.put('files/u/x.bin', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(await storage().exists('files/u/x.bin')).toBe(false);
  });
});

describe('the app on S3', () => {
  it('stores generated images and thumbnails in the bucket and serves them back', async () => {
    const t = await createTestApp({
      S3_BUCKET: 'ampkit-test',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'AKIATEST',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    try {
      const user = await t.make.user();
      const file = await t.app.services.files.save({ userId: user.userId, data: await makePng(300, 200), entityType: 'generated_image', toolName: 'image-variator' });
      expect(s3.objects.has(file.storageKey)).toBe(true);
      expect(s3.objects.get(file.thumbnailKey!)?.contentType).toBe('image/webp');
      const res = await t.call('GET', `/api/files/download/${file.id}`, { session: user });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(s3.objects.get(file.storageKey)!.body);
      await t.call('DELETE', `/api/files/delete/${file.id}`, { session: user });
      expect(s3.objects.has(file.storageKey)).toBe(false);
      expect(s3.objects.has(file.thumbnailKey!)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('answers ListObjectsV2 in S3\'s XML with continuation tokens', async () => {
    const storage = s3Storage({ bucket: 'ampkit-test', region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'AKIATEST', secretAccessKey: 'secret' });
    // Our keys never hold '&', but another writer's may: the listing must escape it in XML.
    s3.objects.set('files/xml/a&b.png', { body: Buffer.from('a'), contentType: 'image/png', lastModified: new Date() });
    await storage.put('files/xml/c.png', Buffer.from('c'), 'image/png');
    const first = await storage.list({ prefix: 'files/xml/', limit: 1 });
    expect(first.objects.map((o) => o.key)).toEqual(['files/xml/a&b.png']);
    expect(first.cursor).toEqual(expect.any(String));
    const last = await storage.list({ prefix: 'files/xml/', cursor: first.cursor, limit: 1 });
    expect(last).toMatchObject({ objects: [{ key: 'files/xml/c.png', size: 1 }], cursor: null });
    const listed = s3.requests.filter((r) => r.method === 'GET' && /^\/ampkit-test\/?$/.test(r.path));
    expect(listed.length).toBeGreaterThanOrEqual(2);
  });

  it('reconciles the bucket: aged objects without a row go, recorded files and young objects stay, others\' prefixes are not touched', async () => {
    const t = await createTestApp({ S3_BUCKET: 'ampkit-test', S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'AKIATEST', S3_SECRET_ACCESS_KEY: 'secret' });
    try {
      const user = await t.make.user();
      const kept = await t.app.services.files.save({ userId: user.userId, data: await makePng(120, 80), entityType: 'generated_image' });
      const orphan = await t.app.services.files.store({ userId: user.userId, data: await makePng(90, 60), entityType: 'generated_image' });
      const young = await t.app.services.files.store({ userId: user.userId, data: await makePng(60, 40), entityType: 'generated_image' });
      s3.objects.set('backups/not-ours.bin', { body: Buffer.from('x'), contentType: 'application/octet-stream', lastModified: new Date(0) });
      const hoursAgo = new Date(Date.now() - 3 * 60 * 60_000);
      for (const key of [kept.storageKey, kept.thumbnailKey!, orphan.row.storageKey, orphan.row.thumbnailKey!]) s3.objects.get(key)!.lastModified = hoursAgo;
      const result = await t.app.services.files.reconcileStorage(60 * 60_000);
      expect(result.removed).toBe(2);
      expect(s3.objects.has(orphan.row.storageKey)).toBe(false);
      expect(s3.objects.has(orphan.row.thumbnailKey!)).toBe(false);
      for (const key of [kept.storageKey, kept.thumbnailKey!, young.row.storageKey, young.row.thumbnailKey!, 'backups/not-ours.bin']) expect(s3.objects.has(key)).toBe(true);
      expect((await t.call('GET', `/api/files/download/${kept.id}`, { session: user })).statusCode).toBe(200);
    } finally {
      s3.objects.delete('backups/not-ours.bin');
      await t.close();
    }
  });

  it('surfaces a bad key from the store as a failure, storing nothing', async () => {
    const storage = s3Storage({ bucket: 'ampkit-test', region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'WRONG', secretAccessKey: 'x' });
    await expect(storage.put('files/u/x.bin', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(s3.objects.has('files/u/x.bin')).toBe(false);
  });
});
