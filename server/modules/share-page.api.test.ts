import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedImageResponse, LOCAL_PREVIEW_NOTE, mockupJobStatus, mockupSubmittedResponse } from '../../contract/ai.ts';
import { captionResponse } from '../../contract/captions.ts';
import { contentItemSchema, sharedFileSchema } from '../../contract/files.ts';
import { createTestApp, type TestApp, type TestSession } from '../test-support/app.ts';
import { data } from '../test-support/envelope.ts';
import { makePng } from '../test-support/media.ts';

/** The built app's document, as the server fills in each page's title and social tags. */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-share-web-'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><meta charset="utf-8" /><title>Ampkit</title></head><body><div id="root"></div></body></html>');
const photo = (name: string) => fs.readFileSync(new URL(`../test-support/photos/${name}`, import.meta.url)).toString('base64');

/** Every title and description a shared page's head carries, unescaped once (as a crawler reads them). */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const meta = (key: string) => {
    const found = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(head)?.[1];
    return found === undefined ? undefined : unescape(found);
  };
  return {
    head,
    title: unescape(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    description: meta('description'),
    ogTitle: meta('og:title'),
    ogDescription: meta('og:description'),
    twitterTitle: meta('twitter:title'),
    twitterDescription: meta('twitter:description'),
  };
}

/** The head of a shared page holds one title and one description in each of its tags, and nothing the owner wrote as markup. */
function expectHead(html: string, title: string, description: RegExp) {
  const h = headOf(html);
  expect([h.title, h.ogTitle, h.twitterTitle]).toEqual([title, title, title]);
  for (const d of [h.description, h.ogDescription, h.twitterDescription]) expect(d).toMatch(description);
  expect(h.description).toBe(h.ogDescription);
  expect(h.description).toBe(h.twitterDescription);
  for (const text of [h.title, h.description]) expect(text).not.toContain(LOCAL_PREVIEW_NOTE);
  // An owner's words never become markup: the only tags in the head are the document's own.
  expect(h.head).not.toMatch(/<script|<\/title>[^\n]*<\/title>/i);
  expect(h.head.match(/<title>/g)).toHaveLength(1);
  return h;
}

let t: TestApp;
let owner: TestSession;
beforeAll(async () => {
  t = await createTestApp({}, { webRoot, queue: true });
  owner = await t.make.user({ name: 'Mia "the <b>maker</b>"' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const share = async (kind: 'files' | 'content', id: string | number) => {
  const res = await t.call('POST', `/api/${kind}/${id}/toggle-visibility`, { session: owner });
  expect(res.statusCode, res.body).toBe(200);
};

describe('a shared page is named after what its owner made, the tool second, never after the engine note', () => {
  it("a custom mockup: its owner's description, escaped", async () => {
    const customStyle = 'Coffee mug on a "marble" table <script>alert(1)</script>';
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: owner,
      body: { toolName: 'mockup-generator', images: [(await makePng(200, 150)).toString('base64')], styles: ['custom'], customStyle, background: 'photo-studio' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = data(res, mockupSubmittedResponse).job_id;
    let status = data(await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: owner }), mockupJobStatus);
    for (let i = 0; i < 240 && status.status !== 'completed' && status.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = data(await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: owner }), mockupJobStatus);
    }
    expect(status.status).toBe('completed');
    const id = status.result!.images[0]!.uuid;
    await share('files', id);

    const html = (await t.call('GET', `/file/${id}`)).body;
    const title = `${customStyle} · Mockup Generator`;
    const h = expectHead(html, title, /^A product mockup on a photo studio background\. Made by Mia "the <b>maker<\/b>" with Mockup Generator on Ampkit\.$/);
    expect(h.head).toContain('Coffee mug on a &quot;marble&quot; table &lt;script&gt;alert(1)&lt;/script&gt; · Mockup Generator');
    // The app's document title after hydration is the same, from the file's answer.
    expect(data(await t.call('GET', `/api/file/${id}`), sharedFileSchema).page_title).toBe(title);
  }, 120_000);

  it('a named mockup: its style', async () => {
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: owner,
      body: { toolName: 'mockup-generator', images: [(await makePng(200, 150)).toString('base64')], styles: ['coffee-mug'], background: 'gradient' },
    });
    const jobId = data(res, mockupSubmittedResponse).job_id;
    let status = data(await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: owner }), mockupJobStatus);
    for (let i = 0; i < 240 && status.status !== 'completed' && status.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = data(await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: owner }), mockupJobStatus);
    }
    const id = status.result!.images[0]!.uuid;
    await share('files', id);
    expectHead((await t.call('GET', `/file/${id}`)).body, 'Coffee mug mockup · Mockup Generator', /^A product mockup on a gradient background\. Made by Mia/);
  }, 120_000);

  it('a thumbnail: its text, with its style and prompt in the description', async () => {
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: owner,
      body: {
        toolName: 'thumbnail-generator',
        imageData: photo('astronaut.jpg'),
        mimeType: 'image/jpeg',
        style: 'viral-bold',
        realism: 4,
        addText: true,
        thumbnailText: "I went to 'space'",
        userPrompt: 'me & the <moon>',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = data(res, generatedImageResponse).uuid;
    await share('files', id);
    const html = (await t.call('GET', `/file/${id}`)).body;
    expectHead(html, "I went to 'space' · Thumbnail Generator", /^A Viral Bold video thumbnail: me & the <moon>\. Made by Mia .* with Thumbnail Generator on Ampkit\.$/);
    expect(headOf(html).head).toContain('I went to &#39;space&#39; · Thumbnail Generator');
    expect(data(await t.call('GET', `/api/file/${id}`), sharedFileSchema).page_title).toBe("I went to 'space' · Thumbnail Generator");
  }, 120_000);

  it('a caption: its first words, its text the description', async () => {
    const res = await t.call('POST', '/api/ai/generate-caption', {
      session: owner,
      body: { imageData: photo('coffee.jpg'), mimeType: 'image/jpeg', prompt: '', platform: 'Instagram', tone: 'Friendly', language: 'English', length: 'Short', context: 'Our new espresso bar' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const caption = data(res, captionResponse);
    await share('content', caption.content_id);
    const item = data(await t.call('GET', `/api/content/${caption.content_id}`), contentItemSchema);
    const html = (await t.call('GET', `/content/${caption.content_id}`)).body;
    // The caption and its hashtags are the description (the local composer's preview note is not part of it).
    const h = expectHead(html, `${item.title} · Caption Generator`, /^.+ Made by Mia "the <b>maker<\/b>" with Caption Generator on Ampkit\.$/);
    expect(h.description).toBe(`${item.content.replace(/\s+/g, ' ')} Made by Mia "the <b>maker</b>" with Caption Generator on Ampkit.`);
    expect(h.description!.startsWith(caption.caption)).toBe(true);
    expect(item.page_title).toBe(`${item.title} · Caption Generator`);
  }, 120_000);

  it('a private item names nothing', async () => {
    const id = await t.make.file(owner);
    const h = headOf((await t.call('GET', `/file/${id}`)).body);
    expect(h.title).toBe("Ampkit - The creator's AI toolkit");
  });
});
