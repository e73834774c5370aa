import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../test-support/app.ts';
import { makePng } from '../test-support/media.ts';

/** Addresses no route should ever answer with a 500 or a static-file error: NUL in parameters, over-long ids. */

// The built web app adds @fastify/static's catch-all route: that is where over-long API paths used to land (403).
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-web-'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Ampkit</title></head><body></body></html>');

let built: TestApp;
let bare: TestApp;
beforeAll(async () => {
  [built, bare] = await Promise.all([createTestApp({}, { webRoot }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([built?.close(), bare?.close()]);
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const errorOf = (res: { json(): unknown }) => (res.json() as { success: boolean; error: { code: string; message: string; request_id: string } });

describe('a NUL character in the address', () => {
  let user: TestSession;
  beforeAll(async () => {
    user = await built.make.user();
  });

  // Query strings and path parameters of several modules; some reached the database driver (500).
  const addresses = [
    ['credits, query', 'GET', '/api/credits/predict-cost?service_type=%00'],
    ['credits, query inside a value', 'GET', '/api/credits/predict-cost?service_type=image_generation%00&variant=standard'],
    ['auth, query', 'GET', '/api/auth/magic-status?token=abc%00def'],
    ['files, query (repeated key)', 'GET', '/api/files/list?category=image&category=%00'],
    ['files, query key', 'GET', '/api/files/list?%00=1'],
    ['pricing, path', 'GET', '/api/pricing/image%00generation'],
    ['content, path', 'GET', '/api/content/1%00'],
    ['files, path', 'GET', '/api/files/download/%00'],
    ['payments, path', 'GET', '/api/payments/test-checkout/%00'],
    ['ai, query', 'GET', '/api/ai/mockup-job-status?job_id=%00'],
  ] as const;

  it.each(addresses)('refuses it (%s) with 400 in the envelope', async (_label, method, url) => {
    for (const app of [built, bare]) {
      const res = await app.call(method, url, { session: app === built ? user : undefined });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(/NUL/) } });
      expect(res.headers['x-request-id']).toBe(errorOf(res).error.request_id);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses it on a mutating route before anything changes', async () => {
    const file = await built.app.services.files.save({ userId: user.userId, data: await makePng(16, 16), entityType: 'generated_image', toolName: 'image-variator' });
    const res = await built.call('DELETE', '/api/files/clear?tool=image-variator%00', { session: user });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).error.message).toMatch(/NUL/);
    expect(await built.database.db.select().from(files).where(eq(files.id, file.id))).toHaveLength(1);
  });

  it('leaves an encoded percent sign and ordinary values alone', async () => {
    const res = await built.call('GET', '/api/credits/predict-cost?service_type=image_generation&variant=%2500', { session: user });
    expect(res.statusCode).not.toBe(500);
    expect(errorOf(res).error?.message ?? '').not.toMatch(/NUL/);
    expect((await built.call('GET', '/api/credits/predict-cost?service_type=image_generation&variant=standard', { session: user })).statusCode).toBe(200);
  });
});

describe('a very long address under /api', () => {
  const long = (n: number) => 'a'.repeat(n);
  const addresses = [
    `/api/file/${long(8000)}`,
    `/api/files/serve/${long(8000)}`,
    `/api/files/download/${long(300)}`,
    `/api/content/${'1'.repeat(8000)}`,
    `/api/content/${'1'.repeat(8000)}/share-url`,
    `/api/files/nothing-here/${long(8000)}`,
    `/api/${long(8000)}`,
  ];

  it.each(addresses.map((url) => [url.slice(0, 40), url]))('answers %s… with 404 in the envelope, with or without the web app', async (_label, url) => {
    for (const app of [built, bare]) {
      const res = await app.call('GET', url);
      expect(res.statusCode, `${app === built ? 'built' : 'bare'}: ${res.body.slice(0, 200)}`).toBe(404);
      expect(errorOf(res)).toMatchObject({ success: false, error: { code: 'NOT_FOUND', request_id: res.headers['x-request-id'] } });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('still serves pages and static files of the web app', async () => {
    const page = await built.call('GET', '/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect((await built.call('GET', '/index.html')).statusCode).toBe(200);
  });
});
