import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../test-support/app.ts';
import { makePng } from '../test-support/media.ts';
import { injectMeta } from './web-app.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><meta charset="utf-8" /><title>Ampkit</title></head><body><div id="root"></div></body></html>',
);
let t: TestApp;
let owner: TestSession;
beforeAll(async () => {
  t = await createTestApp({}, { webRoot });
  owner = await t.make.user({ name: 'Mia <Meta>' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('server-rendered page tags', () => {
  it('serves the site root as a page', async () => {
    const res = await t.call('GET', '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('serves index.html for client routes with the default title and large-card tags', async () => {
    const res = await t.call('GET', '/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Ampkit - The creator&#39;s AI toolkit</title>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(res.body, 'og:url')).toBe('http://localhost:3000/dashboard');
  });

  it('names a public file and its 1200x630 preview image, escaped', async () => {
    const file = await t.app.services.files.save({ userId: owner.userId, data: await makePng(100, 100), entityType: 'generated_image', toolName: 'image-variator', prompt: 'a "quoted" <prompt>' });
    const before = await t.call('GET', `/file/${file.id}`);
    expect(metaOf(before.body, 'og:title')).toBe('Ampkit - The creator&#39;s AI toolkit'); // private: nothing leaks
    await t.call('POST', `/api/files/${file.id}/toggle-visibility`, { session: owner });
    const res = await t.call('GET', `/file/${file.id}`);
    expect(metaOf(res.body, 'og:title')).toBe('AI Image Morpher by Mia &lt;Meta&gt;');
    expect(metaOf(res.body, 'og:description')).toBe('a &quot;quoted&quot; &lt;prompt&gt;');
    expect(metaOf(res.body, 'og:image')).toBe(`http://localhost:3000/api/files/og/${file.id}`);
    expect(metaOf(res.body, 'og:image:width')).toBe('1200');
    expect(metaOf(res.body, 'og:image:height')).toBe('630');
  });

  it('names a public content item', async () => {
    const item = await t.app.services.content.create({ userId: owner.userId, title: 'Launch caption', contentType: 'caption', content: 'We are live!' });
    await t.call('POST', `/api/content/${item.id}/toggle-visibility`, { session: owner });
    const res = await t.call('GET', `/content/${item.id}`);
    expect(res.body).toContain('<title>Launch caption</title>');
    expect(metaOf(res.body, 'og:description')).toBe('We are live!');
  });

  it('draws the default 1344x768 preview card', async () => {
    const res = await t.call('GET', '/og-default.png');
    expect(res.statusCode).toBe(200);
    const { default: sharp } = await import('sharp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1344, 768]);
  });

  it('answers unknown asset paths with 404 and API paths with the envelope', async () => {
    expect((await t.call('GET', '/assets/missing.js')).statusCode).toBe(404);
    const api = await t.call('GET', '/api/missing');
    expect(api.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('injectMeta', () => {
  it('replaces the title and adds tags before </head>', () => {
    const html = injectMeta('<html><head><title>x</title></head><body></body></html>', {
      title: 'T',
      description: 'D',
      image: null,
      url: 'http://a/b',
    });
    expect(html).toMatch(/<title>T<\/title>[\s\S]*<meta name="twitter:card" content="summary_large_image" \/>[\s\S]*<\/head>/);
    expect(html).not.toContain('<title>x</title>');
    expect(html).not.toContain('og:image');
  });
});
