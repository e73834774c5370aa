import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_HOST_META } from '../../contract/pages.ts';
import { createTestApp, type TestApp, type TestSession } from '../test-support/app.ts';
import { makePng } from '../test-support/media.ts';
import { injectMeta } from './web-app.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-web-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><meta charset="utf-8" /><title>Ampkit</title>\n<script type="module" crossorigin src="/assets/index-abc.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">\n</head><body><div id="root"></div></body></html>',
);
// The build's prerendered first paint of one page.
fs.mkdirSync(path.join(webRoot, 'prerendered'));
fs.writeFileSync(path.join(webRoot, 'prerendered', 'manifest.json'), JSON.stringify({ '/legal/privacy': 'legal-privacy.html' }));
fs.writeFileSync(path.join(webRoot, 'prerendered', 'legal-privacy.html'), '<main><h1>Privacy Policy</h1></main>');
// A built asset with the compressed copies the build writes beside it.
const assetSource = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), assetSource);
fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(assetSource));
fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(assetSource));
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
    expect(res.body).toContain('<div id="root" data-visitor></div>');
  });

  it('marks the document of the development host only, so the app asks GET /api/config only there', async () => {
    expect(metaOf((await t.call('GET', '/tools')).body, DEVELOPMENT_HOST_META)).toBeUndefined();
    const dev = await createTestApp({ APP_ENV: 'development' }, { webRoot });
    try {
      expect(metaOf((await dev.call('GET', '/tools')).body, DEVELOPMENT_HOST_META)).toBe('true');
    } finally {
      await dev.close();
    }
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
    expect(before.body).not.toContain('rel="preload"');
    await t.call('POST', `/api/files/${file.id}/toggle-visibility`, { session: owner });
    const res = await t.call('GET', `/file/${file.id}`);
    // Named after what the owner made, the tool second (issue 26 item 16).
    expect(metaOf(res.body, 'og:title')).toBe('a &quot;quoted&quot; &lt;prompt&gt; · AI Image Morpher');
    expect(metaOf(res.body, 'og:description')).toBe('An image variation. Made by Mia &lt;Meta&gt; with AI Image Morpher on Ampkit.');
    expect(metaOf(res.body, 'og:image')).toBe(`http://localhost:3000/api/files/og/${file.id}`);
    expect(metaOf(res.body, 'og:image:width')).toBe('1200');
    expect(metaOf(res.body, 'og:image:height')).toBe('630');
    // The page's image is fetched with the document, not after the app has asked for the file.
    expect(res.body).toContain(`<link rel="preload" as="image" href="/api/files/serve/${file.id}" fetchpriority="high" />`);
  });

  it('names a public content item', async () => {
    const item = await t.app.services.content.create({ userId: owner.userId, title: 'Launch caption', contentType: 'caption', content: 'We are live!' });
    await t.call('POST', `/api/content/${item.id}/toggle-visibility`, { session: owner });
    const res = await t.call('GET', `/content/${item.id}`);
    expect(res.body).toContain('<title>Launch caption · Caption Generator</title>');
    expect(metaOf(res.body, 'og:description')).toBe('We are live! Made by Mia &lt;Meta&gt; with Caption Generator on Ampkit.');
  });

  it('names the default preview card with the size it is served at', async () => {
    const res = await t.call('GET', '/about');
    expect(metaOf(res.body, 'og:image')).toBe('http://localhost:3000/og-default.png');
    expect([metaOf(res.body, 'og:image:width'), metaOf(res.body, 'og:image:height')]).toEqual(['1344', '768']);
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

describe('the route table', () => {
  it.each(['/', '/about', '/about/', '/legal/terms', '/screenshot', '/tools/image-variator', '/file/0b9f8a1e-1111-4222-8333-444455556666', '/content/12', '/transcriptions/0b9f8a1e-1111-4222-8333-444455556666', '/admin'])(
    'answers %s with the app',
    async (url) => {
      const res = await t.call('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root" data-visitor></div>');
    },
  );

  it.each(['/nope', '/tools/not-a-tool', '/file/not-a-uuid', '/dashboard/extra', '/legal/cookies', '/transcriptions/42'])(
    'answers the unknown page %s with 404 and the app, which shows its not-found page',
    async (url) => {
      const res = await t.call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root" data-visitor></div>');
      expect(res.body).toContain('<title>Page not found - Ampkit</title>');
    },
  );

  it.each([
    ['/terms', '/legal/terms', 301],
    ['/privacy', '/legal/privacy', 301],
    ['/faq', '/about#faq', 301],
    ['/legal', '/legal/terms', 301],
    ['/library', '/transcriptions', 301],
    ['/transcription/0b9f8a1e-1111-4222-8333-444455556666', '/transcriptions/0b9f8a1e-1111-4222-8333-444455556666', 301],
    ['/terms?ref=mail', '/legal/terms?ref=mail', 301],
    ['/file', '/', 302],
    ['/content', '/', 302],
    ['/content/abc', '/', 302],
  ])('redirects %s to %s', async (url, to, status) => {
    const res = await t.call('GET', url);
    expect(res.statusCode).toBe(status);
    expect(res.headers.location).toBe(to);
  });
});

describe('prerendered public pages', () => {
  it('sends a visitor the page already drawn, started by /paint-first.js after the first paint', async () => {
    const res = await t.call('GET', '/legal/privacy');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root" data-prerendered="visitor" data-visitor><main><h1>Privacy Policy</h1></main></div>');
    expect(res.body).toContain('<script defer src="/paint-first.js" data-entry="/assets/index-abc.js"></script>');
    expect(res.body).not.toContain('type="module"');
    expect(res.body).not.toContain('modulepreload');
  });

  it('sends a request with a session cookie the plain app, which checks the session first', async () => {
    for (const headers of [{ cookie: `ampkit_session=${owner.cookie}` }, { cookie: 'ampkit_session=expired-or-forged' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/legal/privacy', headers });
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    }
  });

  it('marks a visitor\'s page that was not prerendered, so the app knows it is signed out without asking', async () => {
    const res = await t.call('GET', '/gallery');
    expect(res.body).toContain('<div id="root" data-visitor></div>');
  });
});

describe('compression and caching', () => {
  it('sends a hashed asset precompressed and cached for good', async () => {
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString()).toBe(assetSource);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetSource);
  });

  it('compresses the page document for browsers that take it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root" data-visitor></div>');
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
