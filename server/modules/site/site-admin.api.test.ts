import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditResponse } from '../../../contract/admin.ts';
import { adminFaqResponse, adminFaqsResponse, adminNotificationResponse, notificationsResponse, siteVideoResponse, testimonialsResponse } from '../../../contract/site.ts';
import { adminAudit, faqs, notifications, siteSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.make.user({ admin: true });
});
afterAll(() => t?.close());

const hours = (n: number) => new Date(t.clock.now().getTime() + n * 3_600_000).toISOString();
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => t.call(method, url, { session: admin, ...(body === undefined ? {} : { body }) });
const auditOf = async (area: 'notifications' | 'settings') => data(await call('GET', `/api/admin/audit?area=${area}&limit=100`), adminAuditResponse).entries;
const publicBanners = async () => data(await t.call('GET', '/api/notifications'), notificationsResponse).notifications;
const validBody = (extra: Record<string, unknown> = {}) => ({ identifier: 'summer-sale-today-2026-11-26', content: 'Summer <strong>sale</strong> today', valid_from: hours(-1), ...extra });
const create = async (extra: Record<string, unknown> = {}) => data(await call('POST', '/api/notifications/admin', validBody(extra)), adminNotificationResponse).notification;

/** A refused write: 400 with the field named, and nothing stored or audited. */
async function expectRefused(method: 'POST' | 'PUT', url: string, body: unknown, field: string, status = 400) {
  const [rowsBefore, auditBefore] = [await t.database.db.select().from(notifications), await t.database.db.select().from(adminAudit)];
  const res = await call(method, url, body);
  expect(res.statusCode, res.body).toBe(status);
  expect(error(res).field).toBe(field);
  expect(await t.database.db.select().from(notifications)).toEqual(rowsBefore);
  expect(await t.database.db.select().from(adminAudit)).toHaveLength(auditBefore.length);
}

describe('the notifications admin (spec 3 §3, §5, §7)', () => {
  beforeEach(async () => {
    await t.database.db.delete(notifications);
    await t.database.db.delete(adminAudit);
  });

  it('creates a notification with the default colours, lists it newest first with every field, and the public banner shows it at once', async () => {
    const made = await create();
    expect(made).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      id: expect.any(Number),
      identifier: 'summer-sale-today-2026-11-26',
      content: 'Summer <strong>sale</strong> today',
      bg_color: '#3b82f6',
      text_color: '#ffffff',
      icon_color: '#ffffff',
      valid_from: hours(-1),
      valid_until: null,
      is_active: true,
    });
    t.clock.advance(1000);
    const second = await create({ identifier: 'second', valid_until: hours(5), bg_color: '#111827' });
    const list = data(await call('GET', '/api/notifications/admin'), notificationsResponse).notifications;
    expect(list.map((n) => n.identifier)).toEqual(['second', 'summer-sale-today-2026-11-26']);
    expect(list[0]).toEqual(second);
    expect((await publicBanners()).map((n) => n.identifier).sort()).toEqual(['second', 'summer-sale-today-2026-11-26']);
  });

  it('lists inactive, future and expired notifications too (the public list does not)', async () => {
    await create({ identifier: 'off', is_active: false });
    await create({ identifier: 'future', valid_from: hours(3) });
    await create({ identifier: 'expired', valid_from: hours(-5), valid_until: hours(-2) });
    expect((await call('GET', '/api/notifications/admin')).json().data.notifications).toHaveLength(3);
    expect(await publicBanners()).toEqual([]);
  });

  it('stores the content sanitised like the public banner: no script or event handler ever comes back', async () => {
    const made = await create({ content: 'Hi <script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:x()" onclick="y()">a</a> <a href="https://example.com">b</a>' });
    const expected = 'Hi <a>a</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">b</a>';
    expect(made.content).toBe(expected);
    const [row] = await t.database.db.select().from(notifications);
    expect(row!.content).toBe(expected);
    for (const body of [JSON.stringify((await call('GET', '/api/notifications/admin')).json()), JSON.stringify(await publicBanners())]) {
      expect(body).not.toMatch(/script|onerror|onclick|javascript/);
    }
    const edited = data(await call('PUT', `/api/notifications/admin/${made.uuid}`, { content: '<svg onload=alert(1)></svg>New <em>text</em>' }), adminNotificationResponse).notification;
    expect(edited.content).toBe('New <em>text</em>');
  });

  it('refuses content that is nothing but markup the sanitiser removes, naming content', async () => {
    await expectRefused('POST', '/api/notifications/admin', validBody({ content: '<script>alert(1)</script>' }), 'content');
  });

  it.each([
    ['identifier', { identifier: undefined }],
    ['identifier', { identifier: '' }],
    ['identifier', { identifier: 'Summer Sale' }],
    ['identifier', { identifier: 'summer_sale' }],
    ['identifier', { identifier: '-sale' }],
    ['identifier', { identifier: 'x'.repeat(81) }],
    ['content', { content: '   ' }],
    ['content', { content: 'x'.repeat(2001) }],
    ['bg_color', { bg_color: 'red' }],
    ['bg_color', { bg_color: '#12345' }],
    ['bg_color', { bg_color: 'url(https://evil.example/x.png)' }],
    ['bg_color', { bg_color: 'linear-gradient(135deg, #3b82f6, url(x))' }],
    ['bg_color', { bg_color: 'linear-gradient(135deg, #3b82f6)' }],
    ['bg_color', { bg_color: 'linear-gradient(400deg, #3b82f6, #ffffff)' }],
    ['bg_color', { bg_color: '#3b82f6; background-image: url(x)' }],
    ['text_color', { text_color: 'white' }],
    ['icon_color', { icon_color: '#fff' }],
    ['valid_from', { valid_from: undefined }],
    ['valid_from', { valid_from: '' }],
    ['valid_from', { valid_from: 'tomorrow' }],
    ['valid_from', { valid_from: '0000-01-01T00:00:00Z' }],
    ['valid_until', { valid_until: 'never' }],
    ['valid_until', { valid_until: '9999-12-31T23:00:00-05:00' }],
    ['is_active', { is_active: 'yes' }],
  ])('refuses a create with a bad %s: 400 naming it, nothing stored', async (field, extra) => {
    await expectRefused('POST', '/api/notifications/admin', validBody(extra), field);
  });

  it('refuses valid_until on or before valid_from, naming valid_until', async () => {
    await expectRefused('POST', '/api/notifications/admin', validBody({ valid_from: hours(2), valid_until: hours(1) }), 'valid_until');
    await expectRefused('POST', '/api/notifications/admin', validBody({ valid_from: hours(2), valid_until: hours(2) }), 'valid_until');
  });

  it('takes an empty valid_until as no end date (null)', async () => {
    expect((await create({ valid_until: '' })).valid_until).toBeNull();
    expect((await create({ identifier: 'other', valid_until: null })).valid_until).toBeNull();
  });

  it('accepts the gradient presets, stored in one normal form, and a time zone offset', async () => {
    const made = await create({ bg_color: 'linear-gradient( 135deg,#3B82F6 ,  #8b5cf6 )', text_color: '#FFFFFF', valid_from: '2026-11-26T09:00:00+01:00' });
    expect(made.bg_color).toBe('linear-gradient(135deg, #3b82f6, #8b5cf6)');
    expect(made.text_color).toBe('#ffffff');
    expect(made.valid_from).toBe('2026-11-26T08:00:00.000Z');
    const three = await create({ identifier: 'three', bg_color: 'linear-gradient(90deg, #f59e0b, #ef4444, #ec4899)' });
    expect(three.bg_color).toBe('linear-gradient(90deg, #f59e0b, #ef4444, #ec4899)');
  });

  it('answers 409 naming identifier when it is taken, storing nothing', async () => {
    await create();
    await expectRefused('POST', '/api/notifications/admin', validBody({ content: 'Another' }), 'identifier', 409);
  });

  it('edits any field, records the changed fields before and after, and the public banner reflects it at once', async () => {
    const made = await create();
    const res = await call('PUT', `/api/notifications/admin/${made.uuid}`, { content: 'Winter sale', bg_color: '#111827', valid_until: hours(10), identifier: made.identifier });
    const edited = data(res, adminNotificationResponse).notification;
    expect(edited).toMatchObject({ identifier: made.identifier, content: 'Winter sale', bg_color: '#111827', valid_until: hours(10), text_color: '#ffffff' });
    expect((await publicBanners())[0]).toMatchObject({ content: 'Winter sale', bg_color: '#111827' });
    const [entry] = await auditOf('notifications');
    expect(entry).toMatchObject({
      action: 'notification.update',
      target_id: made.uuid,
      before: { content: 'Summer <strong>sale</strong> today', bg_color: '#3b82f6', valid_until: null },
      after: { content: 'Winter sale', bg_color: '#111827', valid_until: hours(10) },
    });
    // Clearing the end date with an empty value.
    expect(data(await call('PUT', `/api/notifications/admin/${made.uuid}`, { valid_until: '' }), adminNotificationResponse).notification.valid_until).toBeNull();
  });

  it('toggles with a PUT of is_active alone: off, and the public banner is gone; on, and it is back', async () => {
    const made = await create();
    const off = await call('PUT', `/api/notifications/admin/${made.uuid}`, { is_active: false });
    expect(data(off, adminNotificationResponse).notification).toEqual({ ...made, is_active: false });
    expect(await publicBanners()).toEqual([]);
    await call('PUT', `/api/notifications/admin/${made.uuid}`, { is_active: true });
    expect((await publicBanners()).map((n) => n.uuid)).toEqual([made.uuid]);
    const entries = await auditOf('notifications');
    expect(entries.slice(0, 2).map((e) => [e.action, e.before, e.after])).toEqual([
      ['notification.toggle', { is_active: false }, { is_active: true }],
      ['notification.toggle', { is_active: true }, { is_active: false }],
    ]);
  });

  it('records nothing for an edit that changes nothing', async () => {
    const made = await create();
    await call('PUT', `/api/notifications/admin/${made.uuid}`, { is_active: true, content: made.content });
    expect((await auditOf('notifications')).map((e) => e.action)).toEqual(['notification.create']);
  });

  it('keeps the identifier fixed after creation: a different one is refused naming identifier', async () => {
    const made = await create();
    await expectRefused('PUT', `/api/notifications/admin/${made.uuid}`, { identifier: 'renamed', content: 'Changed' }, 'identifier');
  });

  it.each([
    ['content', { content: '' }],
    ['bg_color', { bg_color: 'expression(alert(1))' }],
    ['text_color', { text_color: '#gggggg' }],
    ['valid_from', { valid_from: 'soon' }],
    ['is_active', { is_active: 1 }],
  ])('refuses an edit with a bad %s: 400 naming it, nothing changed', async (field, body) => {
    const made = await create();
    await expectRefused('PUT', `/api/notifications/admin/${made.uuid}`, body, field);
  });

  it('refuses an edit whose dates would end before they start, against the stored dates too', async () => {
    const made = await create({ valid_from: hours(-1), valid_until: hours(5) });
    await expectRefused('PUT', `/api/notifications/admin/${made.uuid}`, { valid_until: hours(-2) }, 'valid_until');
    await expectRefused('PUT', `/api/notifications/admin/${made.uuid}`, { valid_from: hours(6) }, 'valid_until');
  });

  it('deletes, audits the deleted fields, and the public banner is gone', async () => {
    const made = await create();
    const res = await call('DELETE', `/api/notifications/admin/${made.uuid}`);
    expect(res.json()).toEqual({ success: true, data: { deleted: true } });
    expect(await t.database.db.select().from(notifications)).toEqual([]);
    expect(await publicBanners()).toEqual([]);
    const [entry] = await auditOf('notifications');
    expect(entry).toMatchObject({ action: 'notification.delete', target_id: made.uuid, before: { identifier: made.identifier, content: made.content }, after: null });
  });

  it('audits a create with its fields', async () => {
    const made = await create();
    const [entry] = await auditOf('notifications');
    expect(entry).toMatchObject({ action: 'notification.create', target_id: made.uuid, before: null, after: { identifier: made.identifier, bg_color: '#3b82f6', is_active: true } });
  });

  it('answers 404 for an unknown uuid on edit and delete, and 400 for one that is not a uuid', async () => {
    const unknown = randomUUID();
    expect((await call('PUT', `/api/notifications/admin/${unknown}`, { is_active: false })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notifications/admin/${unknown}`)).statusCode).toBe(404);
    const bad = await call('PUT', '/api/notifications/admin/not-a-uuid', { is_active: false });
    expect(bad.statusCode).toBe(400);
    expect(error(bad).field).toBe('uuid');
  });
});

describe('the FAQ admin', () => {
  const publicFaqs = async (category = 'all') => (await t.call('GET', `/api/faqs?category=${category}`)).json().data.faqs as Array<{ id: number; question: string; answer: string }>;
  const list = async () => data(await call('GET', '/api/admin/faqs'), adminFaqsResponse).faqs;
  const faqRows = () => t.database.db.select().from(faqs).orderBy(faqs.id);

  it('lists every entry, inactive ones too, in order', async () => {
    const [hidden] = await t.database.db.insert(faqs).values({ question: 'Hidden?', answer: 'Yes.', isActive: false, sortOrder: 999 }).returning();
    const all = await list();
    expect(all.length).toBeGreaterThan(8);
    expect(all.at(-1)).toEqual({ id: hidden!.id, category: 'general', language: 'en', question: 'Hidden?', answer: 'Yes.', sort_order: 999, is_active: false });
    await t.database.db.delete(faqs).where(eq(faqs.id, hidden!.id));
  });

  it('creates at the end, edits, hides and deletes, each audited, and the public FAQ reflects every change at once', async () => {
    const made = data(await call('POST', '/api/admin/faqs', { question: 'Can I pay by invoice?', answer: 'Yes, write to us.\n\nWe answer in a day.' }), adminFaqResponse).faq;
    expect(made).toMatchObject({ category: 'general', language: 'en', is_active: true });
    expect(made.sort_order).toBe(Math.max(...(await list()).filter((f) => f.id !== made.id).map((f) => f.sort_order)) + 1);
    expect((await publicFaqs()).at(-1)).toEqual({ id: made.id, question: 'Can I pay by invoice?', answer: 'Yes, write to us.\n\nWe answer in a day.' });

    const edited = data(await call('PUT', `/api/admin/faqs/${made.id}`, { answer: 'No, by card only.', category: 'credits' }), adminFaqResponse).faq;
    expect(edited).toMatchObject({ question: 'Can I pay by invoice?', answer: 'No, by card only.', category: 'credits' });
    expect((await publicFaqs('credits')).find((f) => f.id === made.id)?.answer).toBe('No, by card only.');

    await call('PUT', `/api/admin/faqs/${made.id}`, { is_active: false });
    expect((await publicFaqs()).some((f) => f.id === made.id)).toBe(false);

    expect((await call('DELETE', `/api/admin/faqs/${made.id}`)).json()).toEqual({ success: true, data: { deleted: true } });
    expect((await list()).some((f) => f.id === made.id)).toBe(false);

    const entries = (await auditOf('settings')).filter((e) => e.target_id === String(made.id));
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['faq.delete', expect.objectContaining({ question: 'Can I pay by invoice?', is_active: false }), null],
      ['faq.update', { is_active: true }, { is_active: false }],
      ['faq.update', { answer: 'Yes, write to us.\n\nWe answer in a day.', category: 'general' }, { answer: 'No, by card only.', category: 'credits' }],
      ['faq.create', null, expect.objectContaining({ question: 'Can I pay by invoice?', category: 'general', language: 'en', is_active: true })],
    ]);
  });

  it('keeps an answer as plain text: markup is stored and answered as the characters typed', async () => {
    const made = data(await call('POST', '/api/admin/faqs', { question: 'Tags?', answer: '<b>not bold</b>' }), adminFaqResponse).faq;
    expect((await publicFaqs()).find((f) => f.id === made.id)?.answer).toBe('<b>not bold</b>');
    await call('DELETE', `/api/admin/faqs/${made.id}`);
  });

  it('puts entries in a new order, audited, and the public list follows it', async () => {
    const ids = (await list()).map((f) => f.id);
    const reversed = [...ids].reverse();
    const answered = data(await call('PUT', '/api/admin/faqs/order', { order: reversed }), adminFaqsResponse).faqs;
    expect(answered.map((f) => f.id)).toEqual(reversed);
    expect(answered.map((f) => f.sort_order)).toEqual(reversed.map((_, i) => i + 1));
    expect((await publicFaqs()).map((f) => f.id)).toEqual(reversed.filter((id) => answered.find((f) => f.id === id)!.is_active));
    expect((await auditOf('settings'))[0]).toMatchObject({ action: 'faq.reorder', before: { order: ids }, after: { order: reversed } });
    await call('PUT', '/api/admin/faqs/order', { order: ids });
  });

  it('refuses an order that repeats an entry (400) or is not the current list (409), naming order, changing nothing', async () => {
    const ids = (await list()).map((f) => f.id);
    const before = await faqRows();
    const repeated = await call('PUT', '/api/admin/faqs/order', { order: [ids[0], ...ids] });
    expect([repeated.statusCode, error(repeated).field]).toEqual([400, 'order']);
    const missing = await call('PUT', '/api/admin/faqs/order', { order: ids.slice(1) });
    expect([missing.statusCode, error(missing).field]).toEqual([409, 'order']);
    const unknown = await call('PUT', '/api/admin/faqs/order', { order: [...ids.slice(1), 999_999] });
    expect(unknown.statusCode).toBe(409);
    expect(await faqRows()).toEqual(before);
  });

  it.each([
    ['question', { question: '' }],
    ['question', { question: 'x'.repeat(301) }],
    ['answer', { answer: '  ' }],
    ['category', { category: 'Not OK' }],
    ['language', { language: 'english!' }],
    ['is_active', { is_active: 'no' }],
  ])('refuses a bad %s on create and on edit: 400 naming it, nothing changed', async (field, bad) => {
    const [first] = await list();
    const before = await faqRows();
    const auditCount = (await t.database.db.select().from(adminAudit)).length;
    const created = await call('POST', '/api/admin/faqs', { question: 'Q?', answer: 'A.', ...bad });
    expect([created.statusCode, error(created).field]).toEqual([400, field]);
    const edited = await call('PUT', `/api/admin/faqs/${first!.id}`, bad);
    expect([edited.statusCode, error(edited).field]).toEqual([400, field]);
    expect(await faqRows()).toEqual(before);
    expect(await t.database.db.select().from(adminAudit)).toHaveLength(auditCount);
  });

  it('answers 404 for an unknown entry and 400 for an id that is not one', async () => {
    expect((await call('PUT', '/api/admin/faqs/999999', { question: 'Q?' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/faqs/999999')).statusCode).toBe(404);
    const bad = await call('DELETE', '/api/admin/faqs/abc');
    expect([bad.statusCode, error(bad).field]).toEqual([400, 'faqId']);
    expect((await call('DELETE', '/api/admin/faqs/99999999999')).statusCode).toBe(400);
  });
});

describe("the landing page's testimonials and video", () => {
  beforeEach(async () => {
    await t.database.db.delete(siteSettings);
  });
  const site = async () => (await t.call('GET', '/api/site')).json().data as { testimonials: unknown[]; video: unknown };
  const testimonial = { name: 'Ana Ruiz', role: 'Podcaster', quote: 'Saves me hours.' };
  const video = { url: 'https://www.youtube-nocookie.com/embed/abc123', title: 'Ampkit in 60 seconds' };

  it('starts empty, saves testimonials and the public site shows them at once, audited with what was added', async () => {
    expect(data(await call('GET', '/api/admin/site/testimonials'), testimonialsResponse).testimonials).toEqual([]);
    const saved = data(await call('PUT', '/api/admin/site/testimonials', { testimonials: [testimonial, { name: 'Bo', quote: 'Great.' }] }), testimonialsResponse);
    const bo = { name: 'Bo', role: '', quote: 'Great.' };
    expect(saved.testimonials).toEqual([testimonial, bo]);
    expect(data(await call('GET', '/api/admin/site/testimonials'), testimonialsResponse)).toEqual(saved);
    expect((await site()).testimonials).toEqual(saved.testimonials);
    const [entry] = await auditOf('settings');
    expect(entry).toMatchObject({
      action: 'landing.testimonials',
      before: { 'testimonial 1': null, 'testimonial 2': null },
      after: { 'testimonial 1': testimonial, 'testimonial 2': bo },
    });
    await call('PUT', '/api/admin/site/testimonials', { testimonials: [] });
    expect((await site()).testimonials).toEqual([]);
    const [cleared] = await auditOf('settings');
    expect([cleared!.before, cleared!.after]).toEqual([
      { 'testimonial 1': testimonial, 'testimonial 2': bo },
      { 'testimonial 1': null, 'testimonial 2': null },
    ]);
  });

  it("audits an edit of one quote as that testimonial's quote before and after, and a save that changes nothing not at all", async () => {
    const bo = { name: 'Bo', role: 'Host', quote: 'Great.' };
    await call('PUT', '/api/admin/site/testimonials', { testimonials: [testimonial, bo] });
    const edited = { ...bo, quote: 'Great, and fast.' };
    expect((await call('PUT', '/api/admin/site/testimonials', { testimonials: [testimonial, edited] })).statusCode).toBe(200);
    const [entry] = await auditOf('settings');
    expect(entry).toMatchObject({ action: 'landing.testimonials' });
    expect([entry!.before, entry!.after]).toEqual([{ 'testimonial 2': bo }, { 'testimonial 2': edited }]);
    const logged = (await auditOf('settings')).length;
    await call('PUT', '/api/admin/site/testimonials', { testimonials: [testimonial, edited] });
    expect(await auditOf('settings')).toHaveLength(logged);
  });

  it('sets the video, shows it on the public site, and clearing it hides it; both audited', async () => {
    expect(data(await call('GET', '/api/admin/site/video'), siteVideoResponse).video).toBeNull();
    expect(data(await call('PUT', '/api/admin/site/video', { video }), siteVideoResponse).video).toEqual(video);
    expect((await site()).video).toEqual(video);
    expect(data(await call('GET', '/api/admin/site/video'), siteVideoResponse).video).toEqual(video);
    expect(data(await call('PUT', '/api/admin/site/video', { video: null }), siteVideoResponse).video).toBeNull();
    expect((await site()).video).toBeNull();
    const entries = await auditOf('settings');
    expect(entries.slice(0, 2).map((e) => [e.action, e.before, e.after])).toEqual([
      ['landing.video', video, { video: null }],
      ['landing.video', { video: null }, video],
    ]);
  });

  it.each([
    ['testimonials.0.name', { testimonials: [{ name: '', quote: 'x' }] }],
    ['testimonials.0.quote', { testimonials: [{ name: 'A', quote: 'x'.repeat(601) }] }],
    ['testimonials', { testimonials: Array.from({ length: 13 }, () => testimonial) }],
    ['testimonials', { testimonials: 'none' }],
  ])('refuses bad testimonials (%s): 400 naming the field, nothing stored', async (field, body) => {
    const res = await call('PUT', '/api/admin/site/testimonials', body);
    expect([res.statusCode, error(res).field]).toEqual([400, field]);
    expect(await t.database.db.select().from(siteSettings)).toEqual([]);
  });

  it.each([
    ['video.url', { video: { url: 'https://evil.example/embed/x', title: 'x' } }],
    ['video.url', { video: { url: 'https://www.youtube.com/watch?v=abc', title: 'x' } }],
    ['video.url', { video: { url: 'http://player.vimeo.com/video/1', title: 'x' } }],
    ['video.url', { video: { url: 'not an address', title: 'x' } }],
    ['video.title', { video: { url: video.url, title: '' } }],
    ['video', {}],
  ])('refuses a bad video (%s): 400 naming the field, nothing stored', async (field, body) => {
    const res = await call('PUT', '/api/admin/site/video', body);
    expect([res.statusCode, error(res).field]).toEqual([400, field]);
    expect(await t.database.db.select().from(siteSettings)).toEqual([]);
  });
});
