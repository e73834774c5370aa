import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faqs, notifications, siteSettings, visitSalts, visits } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { VISIT_SESSION_COOKIE, VISITOR_COOKIE } from './routes.ts';
import { SITE_SETTING_KEYS, VISIT_RETENTION_DAYS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LEGAL_ENTITY_NAME: 'Example Media Ltd', LEGAL_JURISDICTION: 'England and Wales' });
});
afterAll(() => t?.close());

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
interface SetCookie {
  name: string;
  value: string;
  maxAge?: number;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
}
const cookieOf = (res: { cookies: SetCookie[] }, name: string) => res.cookies.find((c) => c.name === name);

describe('GET /api/faqs', () => {
  it('answers the seeded questions for category all in English, in order', async () => {
    const res = await t.call('GET', '/api/faqs?category=all&language=en');
    expect(res.statusCode).toBe(200);
    const { faqs: list } = res.json().data as { faqs: Array<{ id: number; question: string; answer: string }> };
    expect(list.length).toBeGreaterThanOrEqual(8);
    const questions = list.map((f) => f.question).join('\n');
    for (const topic of [/credits work/, /refund/, /images/, /train AI/, /Which AI/]) expect(questions).toMatch(topic);
    expect(list.find((f) => /refund/.test(f.question))!.answer).toMatch(/final/);
    expect(list.find((f) => /images/.test(f.question))!.answer).toMatch(/30 days/);
  });

  it('filters by category and language, and an unknown one is simply empty', async () => {
    const credits = (await t.call('GET', '/api/faqs?category=credits&language=en')).json().data.faqs as unknown[];
    const all = (await t.call('GET', '/api/faqs?category=all&language=en')).json().data.faqs as unknown[];
    expect(credits.length).toBeGreaterThan(0);
    expect(credits.length).toBeLessThan(all.length);
    expect((await t.call('GET', '/api/faqs?category=all&language=fr')).json()).toEqual({ success: true, data: { faqs: [] } });
    expect((await t.call('GET', '/api/faqs?category=nothing-here')).json().data.faqs).toEqual([]);
  });

  it('leaves out inactive questions', async () => {
    const [row] = await t.database.db.insert(faqs).values({ category: 'hidden', question: 'Old?', answer: 'Gone.', isActive: false }).returning();
    expect((await t.call('GET', '/api/faqs?category=hidden')).json().data.faqs).toEqual([]);
    await t.database.db.update(faqs).set({ isActive: true }).where(eq(faqs.id, row!.id));
    expect((await t.call('GET', '/api/faqs?category=hidden')).json().data.faqs).toEqual([{ id: row!.id, question: 'Old?', answer: 'Gone.' }]);
  });

  it.each(['category=%3Cscript%3E', 'language=english!', 'category=' + 'x'.repeat(41)])('refuses %s with 400', async (query) => {
    const res = await t.call('GET', `/api/faqs?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
  });
});

describe('GET /api/notifications', () => {
  beforeEach(async () => {
    await t.database.db.delete(notifications);
  });

  it('answers active banners within their dates, newest first, with their HTML sanitised', async () => {
    const now = t.clock.now().getTime();
    const at = (hours: number) => new Date(now + hours * 3_600_000);
    await t.database.db.insert(notifications).values([
      { identifier: 'current-old', content: 'Older <b>news</b>', validFrom: at(-48) },
      { identifier: 'current-new', content: 'Sale <script>alert(1)</script><a href="javascript:x()">now</a> <a href="https://example.com">here</a>', validFrom: at(-1), validUntil: at(24), bgColor: '#111827' },
      { identifier: 'future', content: 'Soon', validFrom: at(2) },
      { identifier: 'expired', content: 'Past', validFrom: at(-72), validUntil: at(-1) },
      { identifier: 'inactive', content: 'Off', validFrom: at(-1), isActive: false },
    ]);
    const res = await t.call('GET', '/api/notifications');
    expect(res.statusCode).toBe(200);
    const list = res.json().data.notifications as Array<Record<string, unknown>>;
    expect(list.map((n) => n.identifier)).toEqual(['current-new', 'current-old']);
    expect(list[0]).toMatchObject({
      content: 'Sale <a>now</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">here</a>',
      bg_color: '#111827',
      text_color: '#ffffff',
      icon_color: '#ffffff',
      is_active: true,
      valid_until: at(24).toISOString(),
    });
    expect(list[1]).toMatchObject({ content: 'Older <b>news</b>', valid_until: null, uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), id: expect.any(Number) });
  });

  it('answers an empty list when there are none', async () => {
    expect((await t.call('GET', '/api/notifications')).json()).toEqual({ success: true, data: { notifications: [] } });
  });
});

describe('POST /api/analytics/track', () => {
  beforeEach(async () => {
    await t.database.db.delete(visits);
  });
  const track = (headers: Record<string, string> = {}, body?: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/track', headers: { 'user-agent': BROWSER, 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

  it('records a new visitor with a first-party cookie, then knows them again', async () => {
    const first = await track({}, {});
    expect(first.statusCode).toBe(200);
    const data = first.json().data as { success: boolean; new_visitor: boolean; tracking_id: string };
    expect(data).toEqual({ success: true, new_visitor: true, tracking_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const visitor = cookieOf(first, VISITOR_COOKIE)!;
    expect(visitor).toMatchObject({ value: data.tracking_id, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 730 * 86_400 });
    const session = cookieOf(first, VISIT_SESSION_COOKIE)!;
    expect(session.maxAge).toBeUndefined();
    expect(session.httpOnly).toBe(true);

    const again = await track({ cookie: `${VISITOR_COOKIE}=${visitor.value}; ${VISIT_SESSION_COOKIE}=${session.value}` });
    expect(again.json().data).toEqual({ success: true, new_visitor: false, tracking_id: data.tracking_id });
    const rows = await t.database.db.select().from(visits).where(eq(visits.trackingId, data.tracking_id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.sessionId)).size).toBe(1);
  });

  it('takes the referrer the page sends, else the Referer header, as a domain, and Direct/None when absent or our own', async () => {
    await track({}, { referrer: 'https://www.Google.com/search?q=ampkit' });
    await track({ referer: 'https://news.ycombinator.com/item?id=1' }, {});
    await track({ referer: 'http://localhost:3000/about' });
    await track({}, { referrer: null });
    const domains = (await t.database.db.select({ d: visits.referrerDomain }).from(visits).orderBy(visits.id)).map((r) => r.d);
    expect(domains).toEqual(['google.com', 'news.ycombinator.com', 'Direct/None', 'Direct/None']);
  });

  it('never stores the IP address in clear: a keyed hash, the same within a day, a new key each day', async () => {
    await track({ 'x-forwarded-for': '203.0.113.7' });
    await track();
    t.clock.advance(24 * 3_600_000);
    await track();
    const rows = await t.database.db.select().from(visits).orderBy(visits.id);
    const ip = '127.0.0.1';
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(ip);
    expect(rows[1]!.ipHash).toBe(rows[0]!.ipHash);
    expect(rows[2]!.ipHash).not.toBe(rows[1]!.ipHash);
  });

  it('links the visit to the signed-in user', async () => {
    const user = await t.make.user();
    const res = await t.call('POST', '/api/analytics/track', { session: user, headers: { 'user-agent': BROWSER }, body: {} });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(visits);
    expect(row!.userId).toBe(user.userId);
  });

  it.each(['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', ''])('ignores the bot %s', async (ua) => {
    const res = await track({ 'user-agent': ua }, {});
    expect(res.json()).toEqual({ success: true, data: { success: true, new_visitor: false, tracking_id: '' } });
    expect(cookieOf(res, VISITOR_COOKIE)).toBeUndefined();
    expect(await t.database.db.select().from(visits)).toEqual([]);
  });

  it('replaces a forged visitor cookie with a new id', async () => {
    const res = await track({ cookie: `${VISITOR_COOKIE}=../../etc; ${VISIT_SESSION_COOKIE}=x'--` }, {});
    expect(res.json().data.new_visitor).toBe(true);
  });

  it('refuses a body of the wrong shape with 400 and records nothing', async () => {
    const res = await track({}, { referrer: 42 });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(visits)).toEqual([]);
  });

  it('purges visits past the two-year retention and old IP-hash keys', async () => {
    await track();
    t.clock.advance((VISIT_RETENTION_DAYS + 1) * 86_400_000);
    await track();
    const removed = await t.app.services.site.purge();
    expect(removed.visits).toBe(1);
    expect(removed.salts).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(visits)).toHaveLength(1);
    expect((await t.database.db.select().from(visitSalts)).length).toBe(1);
  });
});

describe('GET /api/site', () => {
  beforeEach(async () => {
    await t.database.db.delete(siteSettings);
  });

  it('names the operator from the settings, with no testimonials and no video until the admin adds them', async () => {
    const res = await t.call('GET', '/api/site');
    expect(res.json()).toEqual({
      success: true,
      data: { legal: { entity_name: 'Example Media Ltd', jurisdiction: 'England and Wales' }, testimonials: [], video: null, telegram_bot: false },
    });
  });

  it('says whether the Telegram bot is on, so the landing page promises it only then (issue 26 item 15)', async () => {
    const withBot = await createTestApp({ TELEGRAM_BOT_TOKEN: '123456:test-token' });
    try {
      expect((await withBot.call('GET', '/api/site')).json().data.telegram_bot).toBe(true);
    } finally {
      await withBot.close();
    }
  });

  it('answers what the admin stored, and ignores a stored value of the wrong shape or from another video host', async () => {
    await t.database.db.insert(siteSettings).values([
      { key: SITE_SETTING_KEYS.testimonials, value: [{ name: 'Ana Ruiz', role: 'Podcaster', quote: 'Saves me hours.' }] },
      { key: SITE_SETTING_KEYS.video, value: { url: 'https://www.youtube-nocookie.com/embed/abc123', title: 'Ampkit in 60 seconds' } },
    ]);
    const data = (await t.call('GET', '/api/site')).json().data;
    expect(data.testimonials).toEqual([{ name: 'Ana Ruiz', role: 'Podcaster', quote: 'Saves me hours.' }]);
    expect(data.video).toEqual({ url: 'https://www.youtube-nocookie.com/embed/abc123', title: 'Ampkit in 60 seconds' });

    await t.database.db.update(siteSettings).set({ value: 'not a list' }).where(eq(siteSettings.key, SITE_SETTING_KEYS.testimonials));
    await t.database.db.update(siteSettings).set({ value: { url: 'https://evil.example/embed/x', title: 'x' } }).where(eq(siteSettings.key, SITE_SETTING_KEYS.video));
    const after = (await t.call('GET', '/api/site')).json().data;
    expect([after.testimonials, after.video]).toEqual([[], null]);
  });

  it('uses the spec defaults when nothing is set', async () => {
    const defaults = await createTestApp();
    try {
      expect((await defaults.call('GET', '/api/site')).json().data.legal).toEqual({ entity_name: 'Ampkit LLC', jurisdiction: 'the State of New Mexico, USA' });
    } finally {
      await defaults.close();
    }
  });
});
