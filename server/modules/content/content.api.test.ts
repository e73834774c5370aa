import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItemSchema, shareCountResponse, shareUrlResponse, visibilityResponse } from '../../../contract/files.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data } from '../../test-support/envelope.ts';
import { countWords } from './service.ts';

let t: TestApp;
let owner: TestSession;
let other: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.make.user({ name: 'Wanda Writer' });
  other = await t.make.user({ name: 'Rex Reader' });
});
afterAll(() => t?.close());

const text = 'Sun, sand and salt. 🌊 Our summer drop is here! #summer #beach';

async function item() {
  return t.app.services.content.create({ userId: owner.userId, title: 'Summer caption', contentType: 'caption', content: text, language: 'English', tone: 'Friendly' });
}

describe('content items', () => {
  it('shows the owner a private item with counts, language and tone', async () => {
    const row = await item();
    const res = await t.call('GET', `/api/content/${row.id}`, { session: owner });
    expect(res.statusCode).toBe(200);
    expect(data(res, contentItemSchema)).toMatchObject({
      id: row.id,
      title: 'Summer caption',
      content_type: 'caption',
      content_type_name: 'Caption',
      user: { name: 'Wanda Writer' },
      is_public: false,
      is_owner: true,
      content: text,
      language: 'English',
      tone: 'Friendly',
      word_count: 12,
      character_count: [...text].length,
      share_count: 0,
    });
  });

  it('answers 404 to others and visitors while private, and lets anyone read it once public', async () => {
    const row = await item();
    for (const session of [other, undefined]) {
      expect((await t.call('GET', `/api/content/${row.id}`, { session })).statusCode).toBe(404);
      expect((await t.call('POST', `/api/content/${row.id}/shared`, { session, body: { platform: 'email' } })).statusCode).toBe(404);
    }
    expect((await t.call('POST', `/api/content/${row.id}/toggle-visibility`, { session: other })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/content/${row.id}/share-url`, { session: other })).statusCode).toBe(404);

    expect(data(await t.call('POST', `/api/content/${row.id}/toggle-visibility`, { session: owner }), visibilityResponse)).toEqual({ is_public: true });
    const seen = data(await t.call('GET', `/api/content/${row.id}`), contentItemSchema);
    expect(seen).toMatchObject({ is_public: true, is_owner: false, view_count: 1 });
    expect(data(await t.call('POST', `/api/content/${row.id}/shared`, { body: { platform: 'linkedin' } }), shareCountResponse)).toEqual({ share_count: 1 });
    expect(data(await t.call('GET', `/api/content/${row.id}`, { session: other }), contentItemSchema).share_count).toBe(1);
  });

  it('gives a share url with a 128-bit token, to the owner only', async () => {
    const row = await item();
    const { share_url } = data(await t.call('GET', `/api/content/${row.id}/share-url`, { session: owner }), shareUrlResponse);
    const url = new URL(share_url);
    expect(url.pathname).toBe(`/content/${row.id}`);
    expect(Buffer.from(url.searchParams.get('s')!, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('refuses non-numeric ids and missing CSRF tokens', async () => {
    expect((await t.call('GET', '/api/content/abc')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/content/-1')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/content/99999999')).statusCode).toBe(404);
    const row = await item();
    expect((await t.call('POST', `/api/content/${row.id}/toggle-visibility`, { session: owner, csrf: null })).statusCode).toBe(403);
    expect(data(await t.call('GET', `/api/content/${row.id}`, { session: owner }), contentItemSchema).is_public).toBe(false);
  });
});

describe('countWords', () => {
  it('counts words separated by any white space', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  one  two\nthree\tfour ')).toBe(4);
  });
});
