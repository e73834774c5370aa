import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponse } from '../../../contract/auth.ts';
import { clearFilesResponse, fileListResponse, shareCountResponse, sharedFileSchema, shareUrlResponse, uploadFileResponse, visibilityResponse } from '../../../contract/files.ts';
import { files } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { FAKE_MEDIA, makeJpeg, makePng, makePngDeclaring, makeWav, MEDIA_FIXTURES, multipartBody, readFixture } from '../../test-support/media.ts';

let t: TestApp;
let owner: TestSession;
let other: TestSession;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_IMAGE_BYTES: '2000000', UPLOAD_MAX_AUDIO_BYTES: '2000000' });
  owner = await t.make.user({ name: 'Olivia Owner' });
  other = await t.make.user({ name: 'Oscar Other' });
});
afterAll(() => t?.close());

const DAY = 86_400_000;

async function generated(userId: string, opts: { tool?: string; prompt?: string; size?: [number, number] } = {}) {
  const [w, h] = opts.size ?? [1024, 768];
  return t.app.services.files.save({
    userId,
    data: await makePng(w, h),
    entityType: 'generated_image',
    toolName: opts.tool ?? 'image-variator',
    prompt: opts.prompt ?? 'a cat in a hat',
    metadata: { aspectRatio: '4:3', variability: 5 },
  });
}

async function rowCount(userId: string) {
  return (await t.database.db.select().from(files).where(eq(files.userId, userId))).length;
}

function storedObjects(userId: string): string[] {
  const dirs = ['files', 'thumbs'].map((d) => path.join(t.config.filesDir, d, userId));
  return dirs.flatMap((d) => (fs.existsSync(d) ? fs.readdirSync(d).map((f) => path.join(d, f)) : []));
}

describe('gallery list', () => {
  it('lists my images newest first with urls, countdown and metadata', async () => {
    const first = await generated(owner.userId, { prompt: 'first' });
    t.clock.advance(1000);
    const second = await generated(owner.userId, { prompt: 'second', tool: 'mockup-generator' });
    t.clock.advance(1000);
    const res = await t.call('GET', '/api/files/list?category=image&limit=10&offset=0', { session: owner });
    expect(res.statusCode).toBe(200);
    const body = data(res, fileListResponse);
    expect(body.files.map((f) => f.id)).toEqual([second.id, first.id]);
    expect(body.files[0]).toMatchObject({
      id: second.id,
      image: `/api/files/thumbnail/${second.id}`,
      fullImage: `/api/files/download/${second.id}`,
      prompt: 'second',
      tool: 'mockup-generator',
      title: 'Mockup Generator',
      is_public: false,
      days_until_deletion: 30,
      metadata: { aspectRatio: '4:3', variability: 5, hasThumbnail: true, visibility: 'private', is_public: false, width: 1024, height: 768 },
    });
    expect(body.pagination).toMatchObject({ hasMore: false, nextCursor: null });
    const mockups = data(await t.call('GET', '/api/files/list?category=image&tool=mockup-generator', { session: owner }), fileListResponse);
    expect(mockups.files.map((f) => f.id)).toEqual([second.id]);
    expect(data(await t.call('GET', '/api/files/list', { session: other }), fileListResponse).files).toEqual([]);
  });

  it('pages by offset and by cursor in the same order', async () => {
    const user = await t.make.user();
    for (let i = 0; i < 5; i++) {
      await generated(user.userId, { prompt: `p${i}`, size: [32, 32] });
      t.clock.advance(10);
    }
    const byOffset: string[] = [];
    for (let offset = 0; ; offset += 2) {
      const page = data(await t.call('GET', `/api/files/list?limit=2&offset=${offset}`, { session: user }), fileListResponse);
      byOffset.push(...page.files.map((f) => f.prompt ?? ''));
      if (!page.pagination.hasMore) break;
    }
    const byCursor: string[] = [];
    let cursor = '';
    for (;;) {
      const page = data(await t.call('GET', `/api/files/list?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { session: user }), fileListResponse);
      byCursor.push(...page.files.map((f) => f.prompt ?? ''));
      if (!page.pagination.hasMore) break;
      cursor = page.pagination.nextCursor ?? '';
    }
    expect(byOffset).toEqual(['p4', 'p3', 'p2', 'p1', 'p0']);
    expect(byCursor).toEqual(byOffset);
  });

  it('refuses bad list parameters with 400', async () => {
    const cursor = (text: string) => `cursor=${Buffer.from(text).toString('base64url')}`;
    const badCursors = [
      cursor(`2020-01-01T00:00:00.000Z|${'0'.repeat(36)}`), // not a uuid
      cursor(`2020-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
      cursor('-271821-04-20T00:00:00.000Z|6f1c2a4e-8b7d-4c3e-9a2f-1d5e7b9c0a3f'), // before PostgreSQL's earliest timestamp
    ];
    for (const q of ['limit=0', 'limit=1000', 'offset=-1', 'category=secret', 'tool=../x', 'cursor=garbage', 'extra=1', ...badCursors]) {
      expect((await t.call('GET', `/api/files/list?${q}`, { session: owner })).statusCode, q).toBe(400);
    }
    expect((await t.call('GET', '/api/files/list')).statusCode).toBe(401);
  });
});

describe('serving files', () => {
  it('serves a WebP thumbnail of about 512 px, and the full image as a branded download', async () => {
    const file = await generated(owner.userId, { size: [1600, 1200] });
    const thumb = await t.call('GET', `/api/files/thumbnail/${file.id}`, { session: owner });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 384]);

    const download = await t.call('GET', `/api/files/download/${file.id}`, { session: owner });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="ampkit-ai-image-morpher-\d{8}-\d{6}\.png"$/);
    expect(download.headers['cache-control']).toBe('private, max-age=300');
    expect((await sharp(download.rawPayload).metadata()).width).toBe(1600);
  });

  it('streams byte ranges (for audio and video players) and refuses impossible ones', async () => {
    const file = await generated(owner.userId, { size: [64, 64] });
    const whole = await t.call('GET', `/api/files/serve/${file.id}`, { session: owner });
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-disposition']).toMatch(/^inline;/);
    const part = await t.call('GET', `/api/files/serve/${file.id}`, { session: owner, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 10));
    const tail = await t.call('GET', `/api/files/serve/${file.id}`, { session: owner, headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(whole.rawPayload.length - 5));
    const bad = await t.call('GET', `/api/files/serve/${file.id}`, { session: owner, headers: { range: `bytes=${whole.rawPayload.length + 10}-` } });
    expect(bad.statusCode).toBe(416);
    const asDownload = await t.call('GET', `/api/files/serve/${file.id}?download=true`, { session: owner });
    expect(asDownload.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('makes a 1200x630 social preview image', async () => {
    const file = await generated(owner.userId, { size: [800, 800] });
    await t.call('POST', `/api/files/${file.id}/toggle-visibility`, { session: owner });
    const og = await t.call('GET', `/api/files/og/${file.id}`);
    expect(og.statusCode).toBe(200);
    const meta = await sharp(og.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('answers 404, not a 500, for the social preview image of an uploaded audio file', async () => {
    const res = await t.call('POST', '/api/files/upload', { session: owner, raw: multipartBody([{ name: 'file', filename: 'voice.wav', contentType: 'audio/wav', data: makeWav() }]) });
    expect(res.statusCode, res.body).toBe(200);
    const og = await t.call('GET', `/api/files/og/${data(res, uploadFileResponse).file.id}`, { session: owner });
    expect(og.statusCode).toBe(404);
    expect(error(og).code).toBe('NOT_FOUND');
  });
});

describe('access', () => {
  it("answers 404 on every route for another user's private file and changes nothing", async () => {
    const file = await generated(owner.userId);
    const id = file.id;
    const attempts: Array<[string, string, object?]> = [
      ['GET', `/api/files/thumbnail/${id}`],
      ['GET', `/api/files/download/${id}`],
      ['GET', `/api/files/serve/${id}`],
      ['GET', `/api/files/og/${id}`],
      ['GET', `/api/file/${id}`],
      ['GET', `/api/files/${id}/share-url`],
      ['POST', `/api/files/${id}/toggle-visibility`],
      ['POST', `/api/files/${id}/shared`, { platform: 'twitter' }],
      ['DELETE', `/api/files/delete/${id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await t.call(method as 'GET', url, { session: other, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(error(res).code).toBe('NOT_FOUND');
    }
    for (const [method, url, body] of attempts) {
      // Visitors: routes for anyone say 404; routes for signed-in users say 401 first.
      const expected = url.endsWith('/share-url') || url.endsWith('/toggle-visibility') || method === 'DELETE' ? 401 : 404;
      expect((await t.call(method as 'GET', url, { body })).statusCode, `visitor ${method} ${url}`).toBe(expected);
    }
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ isPublic: false, shareCount: 0, viewCount: 0 });
  });

  it('lets anyone read a public file, counts views and shares, and only the owner change it', async () => {
    const file = await generated(owner.userId, { prompt: 'sunset over the sea' });
    expect(data(await t.call('POST', `/api/files/${file.id}/toggle-visibility`, { session: owner }), visibilityResponse)).toEqual({ is_public: true });

    const visitor = await t.call('GET', `/api/file/${file.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(data(visitor, sharedFileSchema)).toMatchObject({
      uuid: file.id,
      is_public: true,
      is_owner: false,
      user: { name: 'Olivia Owner' },
      entity_type: 'generated_image',
      file_type: 'image/png',
      file_url: `/api/files/serve/${file.id}`,
      og_image_url: `http://localhost:3000/api/files/og/${file.id}`,
      view_count: 1,
      share_count: 0,
      prompt: 'sunset over the sea',
      prompt_source: 'user',
      width: 1024,
      height: 768,
    });
    expect((await t.call('GET', `/api/files/download/${file.id}`)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/files/thumbnail/${file.id}`, { session: other })).statusCode).toBe(200);
    expect(data(await t.call('GET', `/api/file/${file.id}`, { session: owner }), sharedFileSchema)).toMatchObject({ is_owner: true, view_count: 1 });

    expect(data(await t.call('POST', `/api/files/${file.id}/shared`, { body: { platform: 'facebook' } }), shareCountResponse)).toEqual({ share_count: 1 });
    expect((await t.call('POST', `/api/files/${file.id}/shared`, { body: { platform: 'myspace' } })).statusCode).toBe(400);

    expect((await t.call('POST', `/api/files/${file.id}/toggle-visibility`, { session: other })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/files/delete/${file.id}`, { session: other })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/files/delete/${file.id}`)).statusCode).toBe(401);
    expect(await rowCount(owner.userId)).toBeGreaterThan(0);
  });

  it('tells a prompt the user wrote from text a tool wrote, so only the first is labelled Prompt', async () => {
    const mockup = await generated(owner.userId, { tool: 'mockup-generator', prompt: 'Mockup: Poster. Preview: local engine, no AI provider set: a drawn template preview.' });
    expect(data(await t.call('GET', `/api/file/${mockup.id}`, { session: owner }), sharedFileSchema)).toMatchObject({ prompt: expect.stringMatching(/^Mockup: Poster/), prompt_source: 'generated' });
    const thumbnail = await generated(owner.userId, { tool: 'thumbnail-generator', prompt: 'brighter sky' });
    expect(data(await t.call('GET', `/api/file/${thumbnail.id}`, { session: owner }), sharedFileSchema).prompt_source).toBe('user');
    const upload = data(
      await t.call('POST', '/api/files/upload', { session: owner, raw: multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: await makePng() }]) }),
      uploadFileResponse,
    ).file;
    expect(data(await t.call('GET', `/api/file/${upload.id}`, { session: owner }), sharedFileSchema)).toMatchObject({ prompt: null, prompt_source: null });
  });

  it('gives a share url with a token of at least 128 bits', async () => {
    const file = await generated(owner.userId);
    const { share_url: url } = data(await t.call('GET', `/api/files/${file.id}/share-url`, { session: owner }), shareUrlResponse);
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(`http://localhost:3000/file/${file.id}`);
    expect(Buffer.from(parsed.searchParams.get('s')!, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(data(await t.call('GET', `/api/files/${file.id}/share-url`, { session: owner }), shareUrlResponse).share_url).toBe(url);
  });

  it('needs the CSRF token for every change', async () => {
    const file = await generated(owner.userId);
    const png = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: await makePng() }]);
    const attempts = [
      t.call('POST', `/api/files/${file.id}/toggle-visibility`, { session: owner, csrf: null }),
      t.call('DELETE', `/api/files/delete/${file.id}`, { session: owner, csrf: null }),
      t.call('DELETE', '/api/files/clear', { session: owner, csrf: null }),
      t.call('POST', `/api/files/${file.id}/shared`, { session: owner, csrf: null, body: { platform: 'email' } }),
      t.call('POST', '/api/files/upload', { session: owner, csrf: null, raw: png }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({ isPublic: false, shareCount: 0 });
  });

  it('refuses ids that are not uuids with 400', async () => {
    expect((await t.call('GET', '/api/files/download/../../etc/passwd', { session: owner })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/files/download/12345', { session: owner })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/file/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('delete and clear', () => {
  it('deletes one file with its objects, and clears one tool or everything', async () => {
    const user = await t.make.user();
    const a = await generated(user.userId, { tool: 'image-variator' });
    await generated(user.userId, { tool: 'mockup-generator' });
    await generated(user.userId, { tool: 'mockup-generator' });
    expect(storedObjects(user.userId)).toHaveLength(6);

    expect((await t.call('DELETE', `/api/files/delete/${a.id}`, { session: user })).statusCode).toBe(200);
    expect(storedObjects(user.userId)).toHaveLength(4);
    expect((await t.call('DELETE', `/api/files/delete/${a.id}`, { session: user })).statusCode).toBe(404);

    await generated(user.userId, { tool: 'image-variator' });
    expect(data(await t.call('DELETE', '/api/files/clear?tool=mockup-generator', { session: user }), clearFilesResponse)).toEqual({ deleted: 2 });
    expect(await rowCount(user.userId)).toBe(1);
    expect(data(await t.call('DELETE', '/api/files/clear', { session: user }), clearFilesResponse)).toEqual({ deleted: 1 });
    expect(await rowCount(user.userId)).toBe(0);
    expect(storedObjects(user.userId)).toHaveLength(0);
  });
});

describe('uploads', () => {
  async function upload(session: TestSession, parts: Parameters<typeof multipartBody>[0]) {
    return t.call('POST', '/api/files/upload', { session, raw: multipartBody(parts) });
  }

  it('stores a real image re-encoded under a server-made name, with a safe original name', async () => {
    const user = await t.make.user();
    const res = await upload(user, [{ name: 'file', filename: '../../etc/passwd.png', contentType: 'image/png', data: await makeJpeg(80, 60) }]);
    expect(res.statusCode).toBe(200);
    const item = data(res, uploadFileResponse).file;
    expect(item).toMatchObject({ file_type: 'image/jpeg', entity_type: 'upload', metadata: { original_filename: 'passwd.png', width: 80, height: 60 } });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, item.id));
    expect(row!.storageKey).toBe(`files/${user.userId}/${item.id}.jpg`);
    expect(storedObjects(user.userId)).toHaveLength(2);
    // Uploads are kept out of the generated-images gallery.
    expect(data(await t.call('GET', '/api/files/list?category=image', { session: user }), fileListResponse).files).toHaveLength(0);
    // Storage info in the profile counts it.
    expect(data(await t.call('GET', '/api/auth/profile', { session: user }), profileResponse).storage.used_bytes).toBe(row!.sizeBytes + row!.thumbnailSizeBytes);
  });

  it.each([
    ['a PNG header on HTML', async () => [{ name: 'file', filename: 'x.png', contentType: 'image/png', data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]) }], [400]],
    ['an SVG with a script', async () => [{ name: 'file', filename: 'x.svg', contentType: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }], [415]],
    ['a small file that declares 20000x20000 pixels', async () => [{ name: 'file', filename: 'bomb.png', contentType: 'image/png', data: await makePngDeclaring(20000, 20000) }], [413]],
    ['an oversized file', async () => [{ name: 'file', filename: 'big.png', contentType: 'image/png', data: Buffer.concat([await makePng(), Buffer.alloc(2_100_000)]) }], [413]],
    ['no file at all', async () => [{ name: 'note', data: 'hello' }], [400]],
    ['1001 multipart parts', async () => Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}`, data: 'x' })), [413]],
  ])('refuses %s and stores nothing', async (_label, makeParts, statuses) => {
    const user = await t.make.user();
    const res = await upload(user, (await makeParts()) as Parameters<typeof multipartBody>[0]);
    expect(statuses).toContain(res.statusCode);
    expect(error(res).message).toEqual(expect.any(String));
    expect(await rowCount(user.userId)).toBe(0);
    expect(storedObjects(user.userId)).toHaveLength(0);
  });

  it.each(FAKE_MEDIA)('refuses %s (audio or video by its first bytes only) with 415 and stores nothing', async (label, fake) => {
    const user = await t.make.user();
    for (const [filename, contentType] of [['voice.mp3', 'audio/mpeg'], ['clip.mp4', 'video/mp4']]) {
      const res = await upload(user, [{ name: 'file', filename, contentType, data: fake }]);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(415);
      expect(error(res)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) });
    }
    expect(await rowCount(user.userId)).toBe(0);
    expect(storedObjects(user.userId)).toHaveLength(0);
  });

  const realMedia: Array<[string, () => Buffer, string, string]> = [
    ['a WAV built in memory', () => makeWav(), 'audio/wav', 'wav'],
    ...MEDIA_FIXTURES.map((name): [string, () => Buffer, string, string] => {
      const types: Record<string, [string, string]> = {
        'tone.wav': ['audio/wav', 'wav'],
        'tone.mp3': ['audio/mpeg', 'mp3'],
        'tone.m4a': ['audio/mp4', 'm4a'],
        'tone.ogg': ['audio/ogg', 'ogg'],
        'tone.webm': ['audio/webm', 'webm'],
        'clip.mp4': ['video/mp4', 'mp4'],
      };
      return [name, () => readFixture(name), ...types[name]!];
    }),
  ];

  it.each(realMedia)('stores a real %s as it is, typed by its parsed container, and serves it', async (_label, make, mime, ext) => {
    const user = await t.make.user();
    const bytes = make();
    // The declared name and type do not matter: the content decides.
    const res = await upload(user, [{ name: 'file', filename: 'recording.bin', contentType: 'application/octet-stream', data: bytes }]);
    expect(res.statusCode, res.body).toBe(200);
    const item = data(res, uploadFileResponse).file;
    expect(item).toMatchObject({ file_type: mime, entity_type: 'upload', metadata: { hasThumbnail: false } });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, item.id));
    expect(row).toMatchObject({ storageKey: `files/${user.userId}/${item.id}.${ext}`, sizeBytes: bytes.length, fileType: mime });
    expect(storedObjects(user.userId)).toHaveLength(1);
    const served = await t.call('GET', `/api/files/serve/${item.id}`, { session: user });
    expect(served.headers['content-type']).toBe(mime);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a malformed multipart body with 400, not a 500, and stores nothing', async () => {
    const user = await t.make.user();
    const whole = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: await makePng(32, 32) }]);
    const bodies = [
      { body: whole.body.subarray(0, whole.body.length - 20), contentType: whole.contentType },
      { body: 'garbage', contentType: 'multipart/form-data; boundary=nothing-like-it' },
      { body: 'garbage', contentType: 'multipart/form-data' },
    ];
    for (const raw of bodies) {
      const res = await t.call('POST', '/api/files/upload', { session: user, raw });
      expect(res.statusCode, raw.contentType).toBe(400);
      expect(error(res).code).toBe('VALIDATION_ERROR');
    }
    expect(await rowCount(user.userId)).toBe(0);
    expect(storedObjects(user.userId)).toHaveLength(0);
  });

  it('refuses JSON on the upload route with a clear 400', async () => {
    const res = await t.call('POST', '/api/files/upload', { session: owner, body: { file: 'data:image/png;base64,AAAA' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('expiry', () => {
  it('deletes images 30 days after creation, rows and objects together, and counts down', async () => {
    const user = await t.make.user();
    const old = await generated(user.userId, { prompt: 'old' });
    t.clock.advance(25 * DAY);
    const young = await generated(user.userId, { prompt: 'young' });
    try {
      const listed = await t.call('GET', '/api/files/list', { session: user });
      expect(listed.statusCode, listed.body).toBe(200);
      const list = data(listed, fileListResponse).files;
      expect(list.map((f) => [f.prompt, f.days_until_deletion])).toEqual([
        ['young', 30],
        ['old', 5],
      ]);
      // An object already gone (a crash half-way through an earlier run) does not block the row's deletion.
      fs.rmSync(path.join(t.config.filesDir, old.storageKey));
      t.clock.advance(5 * DAY + 1000);
      expect(await t.app.services.files.expire()).toBeGreaterThanOrEqual(1);
      const again = await t.make.session(user); // 30 days later the first session has ended too
      const after = data(await t.call('GET', '/api/files/list', { session: again }), fileListResponse).files;
      expect(after.map((f) => f.prompt)).toEqual(['young']);
      expect(storedObjects(user.userId).every((p) => p.includes(young.id))).toBe(true);
      expect(storedObjects(user.userId)).toHaveLength(2);
      expect(await t.app.services.files.expire()).toBe(0);
    } finally {
      t.clock.advance(-(30 * DAY + 1000));
    }
  });
});
