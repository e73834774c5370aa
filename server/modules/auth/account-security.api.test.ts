import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  passwordChangedResponse,
  passwordStatusResponse,
  sessionsEndedResponse,
  sessionsResponse,
} from '../../../contract/account.ts';
import { profileResponse } from '../../../contract/auth.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, sessionFrom, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { LAST_SEEN_INTERVAL_MS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

const profileOk = async (s: TestSession) => (await t.call('GET', '/api/auth/profile', { session: s })).statusCode;

async function login(email: string, password: string, userAgent = FIREFOX_LINUX) {
  return t.call('POST', '/api/auth/login', { body: { email, password }, headers: { 'user-agent': userAgent } });
}

async function setPassword(s: TestSession, body: Record<string, unknown>) {
  return t.call('PUT', '/api/account/password', { session: s, body });
}

const hashOf = async (userId: string) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.passwordHash;

describe('PUT and DELETE /api/account/password', () => {
  it('sets a first password (argon2id), ends every other session, and the password then signs in', async () => {
    const me = await t.make.user();
    const other = await t.make.session(me);
    const status = await t.call('GET', '/api/account/password', { session: me });
    expect(data(status, passwordStatusResponse)).toEqual({ has_password: false, can_set: true });

    const res = await setPassword(me, { new_password: 'correct horse battery' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, passwordChangedResponse)).toMatchObject({ has_password: true, can_set: true, sessions_ended: 1 });
    expect(await hashOf(me.userId)).toMatch(/^\$argon2id\$/);
    expect(await profileOk(me)).toBe(200);
    expect(await profileOk(other)).toBe(401);

    const signedIn = await login(me.email, 'correct horse battery');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('changes it only with the right current password; a wrong or missing one is a 400 naming the field and changes nothing', async () => {
    const me = await t.make.user();
    expect((await setPassword(me, { new_password: 'first password 1' })).statusCode).toBe(200);
    const other = await t.make.session(me);
    const before = await t.stateOf(me.userId);

    for (const body of [{ new_password: 'second password 2' }, { current_password: 'not the password', new_password: 'second password 2' }]) {
      const refused = await setPassword(me, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(error(refused)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'current_password' });
    }
    expect(await t.stateOf(me.userId)).toEqual(before);
    expect(await profileOk(other)).toBe(200);

    const changed = await setPassword(me, { current_password: 'first password 1', new_password: 'second password 2' });
    expect(data(changed, passwordChangedResponse).sessions_ended).toBe(1);
    expect(await profileOk(other)).toBe(401);
    expect((await login(me.email, 'first password 1')).statusCode).toBe(401);
    expect((await login(me.email, 'second password 2')).statusCode).toBe(200);
  });

  it('refuses a short new password with 400 naming new_password, as sign-up does', async () => {
    const me = await t.make.user();
    const res = await setPassword(me, { new_password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'new_password' });
    expect(await hashOf(me.userId)).toBeNull();
  });

  it('removes the password with the current one, and sign-in by password stops working', async () => {
    const me = await t.make.user();
    await setPassword(me, { new_password: 'removable password' });
    const wrong = await t.call('DELETE', '/api/account/password', { session: me, body: { current_password: 'nope nope nope' } });
    expect(wrong.statusCode).toBe(400);
    expect(error(wrong).field).toBe('current_password');
    expect(await hashOf(me.userId)).not.toBeNull();

    const removed = await t.call('DELETE', '/api/account/password', { session: me, body: { current_password: 'removable password' } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(data(removed, passwordChangedResponse)).toMatchObject({ has_password: false });
    expect(await hashOf(me.userId)).toBeNull();
    expect((await login(me.email, 'removable password')).statusCode).toBe(401);
    // Nothing left to remove.
    const again = await t.call('DELETE', '/api/account/password', { session: me, body: { current_password: 'removable password' } });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a password on an address never proven (403), so no password exists that sign-in would later clear', async () => {
    const me = await t.make.user();
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, me.userId));
    expect(data(await t.call('GET', '/api/account/password', { session: me }), passwordStatusResponse)).toEqual({ has_password: false, can_set: false });
    const before = await t.stateOf(me.userId);
    const res = await setPassword(me, { new_password: 'attacker chosen password' });
    expect(res.statusCode).toBe(403);
    expect(error(res).code).toBe('EMAIL_NOT_VERIFIED');
    expect(await t.stateOf(me.userId)).toEqual(before);
  });

  it('limits password attempts per network like sign-in (429)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '3' });
    try {
      const me = await limited.make.user();
      await limited.call('PUT', '/api/account/password', { session: me, body: { new_password: 'first password 1' } });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.call('PUT', '/api/account/password', { session: me, body: { current_password: `guess ${i} guess`, new_password: 'x'.repeat(9) } });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('/api/account/sessions', () => {
  it('lists the live sessions with browser and OS from the sign-in, the current one first and marked', async () => {
    const me = await t.make.user();
    await t.call('PUT', '/api/account/password', { session: me, body: { new_password: 'listing password' } });
    const mac = sessionFrom(await login(me.email, 'listing password', CHROME_MAC), me.email);
    const linux = sessionFrom(await login(me.email, 'listing password', FIREFOX_LINUX), me.email);

    const res = await t.call('GET', '/api/account/sessions', { session: mac });
    const list = data(res, sessionsResponse).sessions;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ browser: 'Chrome 126', os: 'macOS', current: true });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => `${s.browser} on ${s.os}`)).toEqual(expect.arrayContaining(['Firefox 127 on Linux', 'Unknown on Unknown']));
    // Another user sees only their own.
    const stranger = await t.make.user();
    expect(data(await t.call('GET', '/api/account/sessions', { session: stranger }), sessionsResponse).sessions).toHaveLength(1);
    expect(await profileOk(linux)).toBe(200);
  });

  it('signs out one other session (its cookie stops working), refuses the current one, and 404s an id not the caller’s', async () => {
    const me = await t.make.user();
    const other = await t.make.session(me);
    const otherId = (await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(other.cookie))))[0]!.id;
    const currentId = data(await t.call('GET', '/api/account/sessions', { session: me }), sessionsResponse).sessions.find((s) => s.current)!.id;

    const self = await t.call('DELETE', `/api/account/sessions/${currentId}`, { session: me });
    expect(self.statusCode).toBe(400);
    expect(error(self).field).toBe('id');

    const stranger = await t.make.user();
    expect((await t.call('DELETE', `/api/account/sessions/${otherId}`, { session: stranger })).statusCode).toBe(404);
    expect(await profileOk(other)).toBe(200);

    const ended = await t.call('DELETE', `/api/account/sessions/${otherId}`, { session: me });
    expect(data(ended, sessionsEndedResponse)).toEqual({ ended: 1 });
    expect(await profileOk(other)).toBe(401);
    expect(await profileOk(me)).toBe(200);
    expect((await t.call('DELETE', '/api/account/sessions/not-a-uuid', { session: me })).statusCode).toBe(400);
  });

  it('signs out everywhere else: every other cookie stops working, the current one and other users stay', async () => {
    const me = await t.make.user();
    const a = await t.make.session(me);
    const b = await t.make.session(me);
    const neighbour = await t.make.user();
    const res = await t.call('POST', '/api/account/sessions/end-others', { session: me });
    expect(data(res, sessionsEndedResponse)).toEqual({ ended: 2 });
    expect([await profileOk(a), await profileOk(b), await profileOk(me), await profileOk(neighbour)]).toEqual([401, 401, 200, 200]);
    expect(data(await t.call('GET', '/api/account/sessions', { session: me }), sessionsResponse).sessions).toHaveLength(1);
  });

  it('moves last seen at most once per interval, not on every request (the profile call stays one read)', async () => {
    const me = await t.make.user();
    const lastSeen = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(me.cookie))))[0]!.lastSeenAt.getTime();
    const first = await lastSeen();
    t.clock.advance(LAST_SEEN_INTERVAL_MS - 1000);
    for (let i = 0; i < 3; i++) data(await t.call('GET', '/api/auth/profile', { session: me }), profileResponse);
    expect(await lastSeen()).toBe(first);
    t.clock.advance(2000);
    await t.call('GET', '/api/auth/profile', { session: me });
    const moved = await lastSeen();
    expect(moved).toBe(t.clock.now().getTime());
    await t.call('GET', '/api/auth/profile', { session: me });
    expect(await lastSeen()).toBe(moved);
    const listed = data(await t.call('GET', '/api/account/sessions', { session: me }), sessionsResponse).sessions[0]!;
    expect(listed.last_seen_at).toBe(new Date(moved).toISOString());
  });
});
