import { hash as argonHash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmEmailChangeResponse,
  magicStatusResponse,
  messageResponse,
  profileResponse,
  REGISTER_SENT_MESSAGE,
  sessionResponse,
  updateProfileResponse,
  verifyMagicResponse,
} from '../../../contract/auth.ts';
import { SESSION_COOKIE } from '../../../contract/constants.ts';
import { creditPackagesResponse, creditTransactionsResponse, testCheckoutOpenedSchema } from '../../../contract/credits.ts';
import { magicLinks, sessions, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, sessionFrom, type TestApp } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com,root@example.com' });
});
afterAll(() => t?.close());


async function requestLink(email: string) {
  const res = await t.call('POST', '/api/auth/magic-link', { body: { email } });
  expect(res.statusCode).toBe(200);
  const { token, link } = await t.smtp.magicLinkFor(email);
  t.smtp.clear();
  return { token, link };
}

async function userCount() {
  return (await t.database.db.select().from(users)).length;
}

describe('POST /api/auth/magic-link', () => {
  it('mails a link to PUBLIC_URL/auth/magic and answers the same for known and unknown addresses', async () => {
    await t.signIn('known@example.com');
    const known = await t.call('POST', '/api/auth/magic-link', { body: { email: 'known@example.com' } });
    const unknown = await t.call('POST', '/api/auth/magic-link', { body: { email: 'nobody-yet@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(data(known, messageResponse)).toEqual(data(unknown, messageResponse));
    const { link } = await t.smtp.magicLinkFor('nobody-yet@example.com');
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/magic\?token=[A-Za-z0-9_-]{43}$/);
    const mail = await t.smtp.waitForMail('nobody-yet@example.com');
    expect(mail.subject).toBe('Your Ampkit sign-in link');
    expect(mail.text).toContain('30 minutes');
  });

  it('normalises the address: case and spaces do not make a second account', async () => {
    const { token } = await requestLink('  Mixed.Case@Example.COM ');
    const res = await t.call('POST', '/api/auth/verify-magic', { body: { token, name: 'Mixed' } });
    expect(data(res, verifyMagicResponse).user.email).toBe('mixed.case@example.com');
  });

  it('stores only a hash of the token', async () => {
    const { token } = await requestLink('hash-check@example.com');
    const rows = await t.database.db.select().from(magicLinks).where(eq(magicLinks.email, 'hash-check@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each([
    ['a malformed email', { email: 'not-an-email' }],
    ['a missing email', {}],
    ['a wrong type', { email: 42 }],
    ['an unknown field', { email: 'x@example.com', admin: true }],
    ['an over-long email', { email: `${'a'.repeat(250)}@example.com` }],
  ])('refuses %s with 400 and sends nothing', async (_label, body) => {
    const before = t.smtp.received.length;
    const res = await t.call('POST', '/api/auth/magic-link', { body });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(error(res).message).toEqual(expect.any(String));
    expect(t.smtp.received.length).toBe(before);
  });

  it('says what is wrong in words people read, and names the field beside it', async () => {
    const res = await t.call('POST', '/api/auth/magic-link', { body: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please enter a valid email address',
      field: 'email',
      fields: [{ path: '/email', message: 'Please enter a valid email address' }],
    });
    // A refusal of the request as a whole names no field.
    const s = await t.make.user();
    const empty = await t.call('PUT', '/api/auth/profile', { session: s, body: {} });
    expect(error(empty)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Nothing to update' });
    expect(error(empty).field).toBeUndefined();
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=x@example.com',
    });
    expect(res.statusCode).toBe(415);
    expect(error(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('magic-link rate limits', () => {
  it('limits links per address with a clear 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAGIC_LINK_PER_EMAIL: '2' });
    try {
      const send = () => limited.call('POST', '/api/auth/magic-link', { body: { email: 'spam@example.com' } });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(error(third)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many sign-in links/) });
      // Another address is not affected.
      const other = await limited.call('POST', '/api/auth/magic-link', { body: { email: 'other@example.com' } });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits links per IP with a clear 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAGIC_LINK_PER_IP: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        const ok = await limited.call('POST', '/api/auth/magic-link', { body: { email: `ip${i}@example.com` } });
        expect(ok.statusCode).toBe(200);
      }
      const res = await limited.call('POST', '/api/auth/magic-link', { body: { email: 'ip9@example.com' } });
      expect(res.statusCode).toBe(429);
      expect(error(res)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many sign-in requests/) });
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/auth/magic-status', () => {
  it('reports a fresh link of a new address as valid with no name', async () => {
    const { token } = await requestLink('status-new@example.com');
    const res = await t.call('GET', `/api/auth/magic-status?token=${token}`);
    expect(data(res, magicStatusResponse)).toEqual({ is_used: false, is_expired: false, is_valid: true, user_name: null, email: 'status-new@example.com' });
  });

  it('reports used, expired and unknown links', async () => {
    const used = await requestLink('status-used@example.com');
    await t.call('POST', '/api/auth/verify-magic', { body: { token: used.token, name: 'Used' } });
    expect(data(await t.call('GET', `/api/auth/magic-status?token=${used.token}`), magicStatusResponse)).toMatchObject({
      is_used: true,
      is_valid: false,
      user_name: 'Used',
    });

    const old = await requestLink('status-old@example.com');
    t.clock.advance(31 * 60_000);
    try {
      expect(data(await t.call('GET', `/api/auth/magic-status?token=${old.token}`), magicStatusResponse)).toMatchObject({
        is_used: false,
        is_expired: true,
        is_valid: false,
      });
    } finally {
      t.clock.advance(-31 * 60_000);
    }

    for (const token of ['unknown-token-abcdefghijkl', 'bad chars!', '']) {
      const res = await t.call('GET', `/api/auth/magic-status?token=${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(200);
      expect(data(res, magicStatusResponse)).toEqual({ is_used: false, is_expired: false, is_valid: false, user_name: null, email: null });
    }
  });

  it('needs the token parameter', async () => {
    const res = await t.call('GET', '/api/auth/magic-status');
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/auth/verify-magic', () => {
  it('creates the account with the given name, sets a safe session cookie and answers is_new_user', async () => {
    const { token } = await requestLink('newbie@example.com');
    const res = await t.call('POST', '/api/auth/verify-magic', { body: { token, name: '  Nia  ' } });
    expect(res.statusCode).toBe(200);
    const body = data(res, verifyMagicResponse);
    expect(body).toMatchObject({ is_new_user: true, user: { email: 'newbie@example.com', name: 'Nia', roles: [] } });
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash of the session token is stored.
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(cookie.value);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("names a new user from the address when the name is empty, missing or the old clients' 'New User'", async () => {
    const a = await requestLink('blank-name@example.com');
    const withBlank = await t.call('POST', '/api/auth/verify-magic', { body: { token: a.token, name: '   ' } });
    expect(data(withBlank, verifyMagicResponse).user.name).toBe('Blank Name');
    const b = await requestLink('jane.doe+news@example.com');
    const without = await t.call('POST', '/api/auth/verify-magic', { body: { token: b.token } });
    expect(data(without, verifyMagicResponse).user.name).toBe('Jane Doe');
    const c = await requestLink('kim_lee@example.com');
    const placeholder = await t.call('POST', '/api/auth/verify-magic', { body: { token: c.token, name: ' New User ' } });
    expect(data(placeholder, verifyMagicResponse).user.name).toBe('Kim Lee');
  });

  it('gives back the page the link was requested for, kept with the link and not in it', async () => {
    const res = await t.call('POST', '/api/auth/magic-link', { body: { email: 'going-somewhere@example.com', next: '/tools/image-variator?from=launcher#top' } });
    expect(res.statusCode).toBe(200);
    const { token, link } = await t.smtp.magicLinkFor('going-somewhere@example.com', { consume: true });
    expect(link).toBe(`http://localhost:3000/auth/magic?token=${token}`);
    const used = data(await t.call('POST', '/api/auth/verify-magic', { body: { token, name: 'Goer' } }), verifyMagicResponse);
    expect(used.next).toBe('/tools/image-variator?from=launcher#top');

    const plain = await requestLink('no-target@example.com');
    expect(data(await t.call('POST', '/api/auth/verify-magic', { body: { token: plain.token } }), verifyMagicResponse).next).toBeNull();
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'tools', '/tools\nSet-Cookie: x', ''])(
    'refuses %j as the page to return to (no open redirect) and sends nothing',
    async (next) => {
      const before = t.smtp.received.length;
      const res = await t.call('POST', '/api/auth/magic-link', { body: { email: 'redirected@example.com', next } });
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'next', message: expect.stringMatching(/path on this site/) });
      expect(t.smtp.received.length).toBe(before);
    },
  );

  it('signs an existing user in without a new account', async () => {
    await t.signIn('returning@example.com', 'Ren');
    const count = await userCount();
    const { token } = await requestLink('returning@example.com');
    const res = await t.call('POST', '/api/auth/verify-magic', { body: { token } });
    expect(data(res, verifyMagicResponse)).toMatchObject({ is_new_user: false, user: { name: 'Ren' } });
    expect(await userCount()).toBe(count);
  });

  it('refuses an unknown token (400), a used one (409) and an expired one (400)', async () => {
    const unknown = await t.call('POST', '/api/auth/verify-magic', { body: { token: 'x'.repeat(43) } });
    expect(unknown.statusCode).toBe(400);
    expect(error(unknown).code).toBe('MAGIC_LINK_INVALID');

    const { token } = await requestLink('twice@example.com');
    expect((await t.call('POST', '/api/auth/verify-magic', { body: { token } })).statusCode).toBe(200);
    const again = await t.call('POST', '/api/auth/verify-magic', { body: { token } });
    expect(again.statusCode).toBe(409);
    expect(error(again)).toMatchObject({ code: 'MAGIC_LINK_USED', message: expect.stringMatching(/already been used/) });

    const late = await requestLink('late@example.com');
    t.clock.advance(30 * 60_000 + 1000);
    try {
      const res = await t.call('POST', '/api/auth/verify-magic', { body: { token: late.token, name: 'Late' } });
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({ code: 'MAGIC_LINK_EXPIRED', message: expect.stringMatching(/expired/) });
      expect(await t.database.db.select().from(users).where(eq(users.email, 'late@example.com'))).toHaveLength(0);
    } finally {
      t.clock.advance(-(30 * 60_000 + 1000));
    }
  });

  it('lets exactly one of two concurrent verifies of one token through', async () => {
    const { token } = await requestLink('race@example.com');
    const results = await Promise.all(
      Array.from({ length: 2 }, () => t.call('POST', '/api/auth/verify-magic', { body: { token, name: 'Race' } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'race@example.com'));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);
  });

  it('ends the session the browser had before (rotation)', async () => {
    const first = await t.signIn('rotate@example.com');
    const { token } = await requestLink('rotate@example.com');
    const res = await t.call('POST', '/api/auth/verify-magic', { session: first, body: { token } });
    expect(res.statusCode).toBe(200);
    expect((await t.call('GET', '/api/auth/profile', { session: first })).statusCode).toBe(401);
    const second = sessionFrom(res, 'rotate@example.com');
    expect(second.cookie).not.toBe(first.cookie);
    expect((await t.call('GET', '/api/auth/profile', { session: second })).statusCode).toBe(200);
  });

  it('gives the admin role to ADMIN_EMAILS at sign-in', async () => {
    const boss = await t.signIn('boss@example.com', 'Boss');
    const profile = data(await t.call('GET', '/api/auth/profile', { session: boss }), profileResponse);
    expect(profile.user.roles).toEqual(['admin']);
    const plain = await t.signIn('staff@example.com');
    expect(data(await t.call('GET', '/api/auth/profile', { session: plain }), profileResponse).user.roles).toEqual([]);
  });

  it.each([
    ['a short token', { token: 'short' }],
    ['a token with bad characters', { token: 'a'.repeat(30) + '/../' }],
    ['a number', { token: 12345 }],
    ['a long name', { token: 'a'.repeat(43), name: 'n'.repeat(101) }],
  ])('refuses %s with 400', async (_label, body) => {
    const res = await t.call('POST', '/api/auth/verify-magic', { body });
    expect(res.statusCode).toBe(400);
    expect(error(res).code).toBe('VALIDATION_ERROR');
  });
});

describe('the welcome of a first session', () => {
  it('greets the session that created the account with its sign-up bonus, and nobody after', async () => {
    const { token } = await requestLink('first-timer@example.com');
    const res = await t.call('POST', '/api/auth/verify-magic', { body: { token, name: 'First' } });
    const first = sessionFrom(res, 'first-timer@example.com');
    expect(data(await t.call('GET', '/api/auth/profile', { session: first }), profileResponse).welcome).toEqual({ signup_bonus: '5.0000' });

    // The next sign-in is a return, and so is any session of an account made before (the builders' included).
    const again = await requestLink('first-timer@example.com');
    const second = sessionFrom(await t.call('POST', '/api/auth/verify-magic', { body: { token: again.token } }), 'first-timer@example.com');
    expect(data(await t.call('GET', '/api/auth/profile', { session: second }), profileResponse).welcome).toBeNull();
    const made = await t.make.user();
    expect(data(await t.call('GET', '/api/auth/profile', { session: made }), profileResponse).welcome).toBeNull();
  });

  it('names no bonus when sign-up gives none, even after a package with bonus credits', async () => {
    const none = await createTestApp({ SIGNUP_BONUS_CREDITS: '0' });
    try {
      await none.call('POST', '/api/auth/magic-link', { body: { email: 'no-bonus@example.com' } });
      const { token } = await none.smtp.magicLinkFor('no-bonus@example.com', { consume: true });
      const s = sessionFrom(await none.call('POST', '/api/auth/verify-magic', { body: { token } }), 'no-bonus@example.com');
      expect(data(await none.call('GET', '/api/auth/profile', { session: s }), profileResponse).welcome).toEqual({ signup_bonus: '0' });
      // A package that comes with bonus credits: its bonus line follows its purchase, so it is not taken for a sign-up bonus.
      const packages = data(await none.call('GET', '/api/credits/packages', { session: s }), creditPackagesResponse).packages;
      const withBonus = packages.find((p) => Number(p.bonus_credits) > 0)!;
      const opened = data(await none.call('POST', `/api/payments/test-checkout/${withBonus.uuid}/open`, { session: s }), testCheckoutOpenedSchema);
      const paid = await none.call('POST', `/api/payments/test-checkout/${withBonus.uuid}/confirm`, { session: s, body: { checkout_id: opened.checkout_id } });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(data(await none.call('GET', '/api/credits/transactions', { session: s }), creditTransactionsResponse).transactions.map((x) => x.type)).toEqual(['bonus', 'purchase']);
      expect(data(await none.call('GET', '/api/auth/profile', { session: s }), profileResponse).welcome).toEqual({ signup_bonus: '0' });
    } finally {
      await none.close();
    }
  });
});

describe('GET and PUT /api/auth/profile', () => {
  it('answers 401 without a session and the whole profile with one', async () => {
    const anon = await t.call('GET', '/api/auth/profile');
    expect(anon.statusCode).toBe(401);
    expect(error(anon)).toMatchObject({ code: 'UNAUTHENTICATED' });

    const s = await t.signIn('profile@example.com', 'Pat');
    const res = await t.call('GET', '/api/auth/profile', { session: s });
    expect(res.statusCode).toBe(200);
    expect(data(res, profileResponse)).toMatchObject({
      user: { email: 'profile@example.com', name: 'Pat', last_login_at: expect.any(String) },
      storage: { used_gb: 0, quota_gb: 5, percentage_used: 0 },
      credits: { balance: expect.stringMatching(/^\d+\.\d+$/), available_credits: expect.any(String) },
      csrf_token: s.csrf,
    });
  });

  it('changes the name at once and the email only when a link sent to the new address is used', async () => {
    const s = await t.signIn('editor@example.com', 'Ed');
    const res = await t.call('PUT', '/api/auth/profile', { session: s, body: { name: 'Edith', email: 'Edith@Example.com' } });
    expect(res.statusCode).toBe(200);
    expect(data(res, updateProfileResponse)).toMatchObject({
      user: { name: 'Edith', email: 'editor@example.com' },
      pending_email: 'edith@example.com',
      message: expect.stringContaining('We sent a confirmation link to edith@example.com'),
    });
    // Nothing changed yet; the current address was told.
    expect(data(await t.call('GET', '/api/auth/profile', { session: s }), profileResponse).user.email).toBe('editor@example.com');
    const notice = await t.smtp.waitForMail('editor@example.com');
    expect(notice.text).toContain('edith@example.com');
    expect(notice.text).not.toMatch(/auth\/magic/);

    const { token, link } = await t.smtp.magicLinkFor('edith@example.com', { consume: true });
    expect(link).toBe(`http://localhost:3000/auth/confirm-email?token=${token}`);
    // Confirmed in the account's own signed-in session (issue 26: never by whoever opens the link).
    const used = await t.call('POST', '/api/auth/confirm-email', { session: s, body: { token } });
    expect(used.statusCode).toBe(200);
    expect(data(used, confirmEmailChangeResponse)).toMatchObject({ user: { id: s.userId, email: 'edith@example.com', name: 'Edith' } });
    expect(data(await t.call('GET', '/api/auth/profile', { session: s }), profileResponse).user.email).toBe('edith@example.com');
  });

  it('answers a name-only change with the saved user and no pending email', async () => {
    const s = await t.signIn('renamer@example.com', 'Ren');
    const res = await t.call('PUT', '/api/auth/profile', { session: s, body: { name: 'Renata', email: 'renamer@example.com' } });
    expect(data(res, updateProfileResponse)).toEqual({ user: expect.objectContaining({ name: 'Renata' }), pending_email: null, message: 'Profile updated.' });
  });

  it("answers a change to another account's email like any other, and refuses it with 409 when the link is used", async () => {
    await t.signIn('taken@example.com');
    const s = await t.signIn('wants-it@example.com');
    const taken = await t.call('PUT', '/api/auth/profile', { session: s, body: { email: 'taken@example.com' } });
    const free = await t.call('PUT', '/api/auth/profile', { session: s, body: { email: 'free-address@example.com' } });
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    expect(data(taken, updateProfileResponse).message.replace('taken@example.com', 'X')).toBe(data(free, updateProfileResponse).message.replace('free-address@example.com', 'X'));

    const { token } = await t.smtp.magicLinkFor('taken@example.com', { consume: true });
    // The newer request (free-address) revoked this link; a fresh one for the taken address is refused when used.
    await t.call('PUT', '/api/auth/profile', { session: s, body: { email: 'taken@example.com' } });
    const fresh = await t.smtp.magicLinkFor('taken@example.com', { consume: true });
    expect(fresh.token).not.toBe(token);
    const used = await t.call('POST', '/api/auth/confirm-email', { session: s, body: { token: fresh.token } });
    expect(used.statusCode).toBe(409);
    expect(error(used).code).toBe('EMAIL_TAKEN');
    expect(data(await t.call('GET', '/api/auth/profile', { session: s }), profileResponse).user.email).toBe('wants-it@example.com');
  });

  it('refuses empty, wrong and unknown fields with 400 and changes nothing', async () => {
    const s = await t.signIn('strict@example.com', 'Strict');
    for (const body of [{}, { name: '' }, { name: 5 }, { email: 'nope' }, { roles: ['admin'] }, { name: 'Nul\u0000Byte' }]) {
      const res = await t.call('PUT', '/api/auth/profile', { session: s, body });
      expect(res.statusCode).toBe(400);
    }
    const profile = data(await t.call('GET', '/api/auth/profile', { session: s }), profileResponse).user;
    expect(profile).toMatchObject({ name: 'Strict', email: 'strict@example.com', roles: [] });
  });

  it('refuses a __proto__ body with 400', async () => {
    const s = await t.signIn('proto@example.com', 'Proto');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie: `${SESSION_COOKIE}=${s.cookie}`, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
      payload: '{"__proto__":{"roles":["admin"]},"name":"Hacker"}',
    });
    expect(res.statusCode).toBe(400);
    expect(error(res).message).toEqual(expect.any(String)); // an error envelope
    const profile = data(await t.call('GET', '/api/auth/profile', { session: s }), profileResponse).user;
    expect(profile).toMatchObject({ name: 'Proto', roles: [] });
  });

  it('refuses a body over the limit with 413', async () => {
    const s = await t.signIn('big@example.com', 'Big');
    const res = await t.call('PUT', '/api/auth/profile', { session: s, body: { name: 'x'.repeat(t.config.BODY_LIMIT_BYTES + 10) } });
    expect(res.statusCode).toBe(413);
    expect(error(res).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('CSRF', () => {
  it('refuses a mutating call with a missing or wrong token with 403 and changes nothing', async () => {
    const s = await t.signIn('csrf@example.com', 'Carol');
    const missing = await t.call('PUT', '/api/auth/profile', { session: s, csrf: null, body: { name: 'Mallory' } });
    expect(missing.statusCode).toBe(403);
    expect(error(missing).code).toBe('CSRF_INVALID');
    const wrong = await t.call('PUT', '/api/auth/profile', { session: s, csrf: 'x'.repeat(43), body: { name: 'Mallory' } });
    expect(wrong.statusCode).toBe(403);
    const logout = await t.call('POST', '/api/auth/logout', { session: s, csrf: null });
    expect(logout.statusCode).toBe(403);
    const profile = await t.call('GET', '/api/auth/profile', { session: s });
    expect(profile.statusCode).toBe(200);
    expect(data(profile, profileResponse).user.name).toBe('Carol');
  });

  it("does not accept another session's token", async () => {
    const a = await t.signIn('csrf-a@example.com');
    const b = await t.signIn('csrf-b@example.com');
    const res = await t.call('PUT', '/api/auth/profile', { session: a, csrf: b.csrf, body: { name: 'Swap' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session on the server: the old cookie answers 401 afterwards', async () => {
    const s = await t.signIn('bye@example.com');
    const res = await t.call('POST', '/api/auth/logout', { session: s });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect((await t.call('GET', '/api/auth/profile', { session: s })).statusCode).toBe(401);
    expect((await t.call('PUT', '/api/auth/profile', { session: s, body: { name: 'Ghost' } })).statusCode).toBe(401);
  });

  it('answers ok without a session', async () => {
    expect((await t.call('POST', '/api/auth/logout')).statusCode).toBe(200);
  });
});

async function register(email: string, password: string, name = 'Paula') {
  return t.call('POST', '/api/auth/register', { body: { email, name, password } });
}
const login = (email: string, password: string) => t.call('POST', '/api/auth/login', { body: { email, password } });
const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('password sign-up and sign-in', () => {
  it('creates nothing until the emailed link is used, then signs in with the password', async () => {
    const reg = await register('pw@example.com', 'correct horse battery');
    expect(reg.statusCode).toBe(200);
    expect(data(reg, messageResponse)).toEqual({ message: REGISTER_SENT_MESSAGE });
    expect(reg.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await userByEmail('pw@example.com')).toBeUndefined();
    expect((await login('pw@example.com', 'correct horse battery')).statusCode).toBe(401);

    const { token } = await t.smtp.magicLinkFor('pw@example.com', { consume: true });
    const status = data(await t.call('GET', `/api/auth/magic-status?token=${token}`), magicStatusResponse);
    expect(status).toMatchObject({ is_valid: true, user_name: 'Paula', email: 'pw@example.com' });
    const used = await t.call('POST', '/api/auth/verify-magic', { body: { token } });
    expect(used.statusCode).toBe(200);
    expect(data(used, verifyMagicResponse)).toMatchObject({ is_new_user: true, user: { email: 'pw@example.com', name: 'Paula' } });
    expect((await userByEmail('pw@example.com'))?.emailVerifiedAt).toBeInstanceOf(Date);

    const good = await login('pw@example.com', 'correct horse battery');
    expect(good.statusCode).toBe(200);
    const session = sessionFrom(good, 'pw@example.com');
    expect((await t.call('GET', '/api/auth/profile', { session })).statusCode).toBe(200);

    const bad = await login('pw@example.com', 'wrong password');
    const nobody = await login('ghost@example.com', 'wrong password');
    expect(bad.statusCode).toBe(401);
    expect(nobody.statusCode).toBe(401);
    expect(error(bad)).toEqual({ ...error(nobody), request_id: error(bad).request_id });
  });

  it('names an account registered without a name (or with the old default) from its address', async () => {
    for (const [email, name] of [['sam.rivera@example.com', ''], ['ola-nordmann@example.com', 'New User']] as const) {
      expect((await register(email, 'correct horse battery', name)).statusCode).toBe(200);
      const { token } = await t.smtp.magicLinkFor(email, { consume: true });
      expect(data(await t.call('GET', `/api/auth/magic-status?token=${token}`), magicStatusResponse).user_name).toBe(name ? 'Ola Nordmann' : 'Sam Rivera');
      const used = data(await t.call('POST', '/api/auth/verify-magic', { body: { token } }), verifyMagicResponse);
      expect(used).toMatchObject({ is_new_user: true, user: { name: name ? 'Ola Nordmann' : 'Sam Rivera' } });
    }
  });

  it('answers a known and an unknown address alike, and never changes the known account (no enumeration)', async () => {
    await t.signIn('known-reg@example.com', 'Known');
    const known = await register('known-reg@example.com', 'attacker password');
    const unknown = await register('unknown-reg@example.com', 'attacker password');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.headers['set-cookie']).toBe(unknown.headers['set-cookie']);
    expect(data(known, messageResponse)).toEqual(data(unknown, messageResponse));
    // The owner of the known address gets a sign-in link, not a way to set a password.
    const mail = await t.smtp.waitForMail('known-reg@example.com');
    expect(mail.subject).toMatch(/already have/i);
    expect((await userByEmail('known-reg@example.com'))?.passwordHash).toBeNull();
    expect((await login('known-reg@example.com', 'attacker password')).statusCode).toBe(401);
  });

  it('refuses a short password and a magic-link-only account', async () => {
    const short = await register('short@example.com', 'short');
    expect(short.statusCode).toBe(400);
    await t.signIn('linkonly@example.com');
    const res = await login('linkonly@example.com', 'anything at all');
    expect(res.statusCode).toBe(401);
  });
});

describe('account takeover defences', () => {
  it('does not make anyone admin by changing their email to an ADMIN_EMAILS address', async () => {
    await register('climber@example.com', 'climber password');
    const { token } = await t.smtp.magicLinkFor('climber@example.com', { consume: true });
    const s = sessionFrom(await t.call('POST', '/api/auth/verify-magic', { body: { token } }), 'climber@example.com');
    const put = await t.call('PUT', '/api/auth/profile', { session: s, body: { email: 'root@example.com' } });
    expect(put.statusCode).toBe(200);
    expect(data(put, updateProfileResponse).user).toMatchObject({ email: 'climber@example.com', roles: [] });
    const again = await login('climber@example.com', 'climber password');
    expect(data(again, sessionResponse).user.roles).toEqual([]);
    expect((await login('root@example.com', 'climber password')).statusCode).toBe(401);
  });

  it('grants ADMIN_EMAILS the role at the moment a link proves the address, also through an email change', async () => {
    const s = await t.signIn('future-root@example.com');
    await t.call('PUT', '/api/auth/profile', { session: s, body: { email: 'root@example.com' } });
    const { token } = await t.smtp.magicLinkFor('root@example.com', { consume: true });
    const used = await t.call('POST', '/api/auth/confirm-email', { session: s, body: { token } });
    expect(data(used, confirmEmailChangeResponse).user).toMatchObject({ id: s.userId, email: 'root@example.com', roles: ['admin'] });
  });

  it("pre-hijack by registering the victim's address: the victim's link sign-in gives the attacker nothing", async () => {
    await register('victim1@example.com', 'attacker password', 'Attacker');
    t.smtp.clear(); // the confirmation went to the victim, who ignores it
    const victim = await t.signIn('victim1@example.com', 'Victim');
    const row = await userByEmail('victim1@example.com');
    expect(row).toMatchObject({ id: victim.userId, name: 'Victim', passwordHash: null });
    expect((await login('victim1@example.com', 'attacker password')).statusCode).toBe(401);
  });

  it("pre-hijack by changing one's own email to the victim's: nothing changes without the victim's link", async () => {
    const attacker = await t.signIn('attacker2@example.com', 'Attacker');
    await t.call('PUT', '/api/auth/profile', { session: attacker, body: { email: 'victim2@example.com' } });
    t.smtp.clear();
    const victim = await t.signIn('victim2@example.com', 'Victim');
    expect(victim.userId).not.toBe(attacker.userId);
    expect((await userByEmail('attacker2@example.com'))?.id).toBe(attacker.userId);
  });

  it('an account whose password was never verified: no password sign-in, and a link clears the password and ends its sessions', async () => {
    // As left by earlier versions: registered with a password, address never proven, a live session.
    const now = t.clock.now();
    const hash = await argonHash('attacker password');
    const [legacy] = await t.database.db
      .insert(users)
      .values({ email: 'victim3@example.com', name: 'Attacker', passwordHash: hash, createdAt: now, updatedAt: now })
      .returning();
    const attackerToken = 'attacker-session-token-0123456789abcdef';
    await t.database.db.insert(sessions).values({
      userId: legacy!.id,
      tokenHash: sha256(attackerToken),
      csrfToken: 'csrf-of-the-attacker-0123456789',
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const attacker = { cookie: attackerToken, csrf: 'csrf-of-the-attacker-0123456789', userId: legacy!.id, email: 'victim3@example.com' };

    const refused = await login('victim3@example.com', 'attacker password');
    expect(refused.statusCode).toBe(403);
    expect(error(refused).code).toBe('EMAIL_NOT_VERIFIED');
    expect(refused.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    t.smtp.clear();

    const victim = await t.signIn('victim3@example.com', 'Victim');
    expect(victim.userId).toBe(legacy!.id);
    expect(await userByEmail('victim3@example.com')).toMatchObject({ passwordHash: null, emailVerifiedAt: expect.any(Date) });
    expect((await t.call('GET', '/api/auth/profile', { session: attacker })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/auth/profile', { session: victim })).statusCode).toBe(200);
    expect((await login('victim3@example.com', 'attacker password')).statusCode).toBe(401);
  });
});

// Moved from the ledger tests, which make their users without mail: the bonus is granted by signing up.
describe('sign-up bonus', () => {
  it('grants SIGNUP_BONUS_CREDITS once, as a bonus row', async () => {
    const s = await t.signIn('bonus@example.com');
    await t.signIn('bonus@example.com'); // signing in again grants nothing
    const audit = await t.app.services.credits.audit(s.userId);
    expect(audit.ledgerSum).toBe(audit.balance);
    expect(audit.openHolds).toBe(audit.held);
    expect(audit.balance).toBe('5.0000');
    const list = await t.app.services.credits.transactions(s.userId);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'bonus', amount: '5.0000', description: 'Welcome bonus' });
  });
});

describe('housekeeping', () => {
  it('removes expired sessions and old links', async () => {
    const s = await t.signIn('expiring@example.com');
    t.clock.advance((t.config.SESSION_TTL_DAYS + 1) * 86_400_000);
    try {
      expect((await t.call('GET', '/api/auth/profile', { session: s })).statusCode).toBe(401);
      const removed = await t.app.services.auth.cleanup();
      expect(removed.sessions).toBeGreaterThan(0);
      expect(removed.links).toBeGreaterThan(0);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, s.userId))).toHaveLength(0);
    } finally {
      t.clock.advance(-(t.config.SESSION_TTL_DAYS + 1) * 86_400_000);
    }
  });
});
