import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmEmailChangeResponse,
  emailChangeStatusResponse,
  magicStatusResponse,
  profileResponse,
  sessionResponse,
} from '../../../contract/auth.ts';
import { users } from '../../db/schema/index.ts';
import { createTestApp, sessionFrom, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';

/**
 * Issue 26 item 3, the email-change pre-hijack: an attacker with a password asks to change their account's email to
 * the victim's address; the victim gets an unrequested "Confirm your new email". Opening it must not move the
 * victim's address onto the attacker's account.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const emailOf = async (userId: string) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.email;
const profileStatus = async (s: TestSession) => (await t.call('GET', '/api/auth/profile', { session: s })).statusCode;
const status = async (token: string, session?: TestSession) =>
  data(await t.call('GET', `/api/auth/email-change?token=${encodeURIComponent(token)}`, session ? { session } : {}), emailChangeStatusResponse);
const confirm = (token: string, session?: TestSession) =>
  t.call('POST', '/api/auth/confirm-email', session ? { body: { token }, session } : { body: { token } });

/** An attacker's account with a password, signed in twice (by link, then by password), asking for `target`. */
async function attackerAsking(name: string, target: string) {
  const viaLink = await t.signIn(`${name}@attacker.example`, 'Attacker');
  expect((await t.call('PUT', '/api/account/password', { session: viaLink, body: { new_password: 'attacker password' } })).statusCode).toBe(200);
  const viaPassword = sessionFrom(
    await t.call('POST', '/api/auth/login', { body: { email: viaLink.email, password: 'attacker password' } }),
    viaLink.email,
  );
  const put = await t.call('PUT', '/api/auth/profile', { session: viaPassword, body: { email: target } });
  expect(put.statusCode).toBe(200);
  const { token, link } = await t.smtp.magicLinkFor(target, { consume: true });
  return { viaLink, viaPassword, token, link };
}

describe('a change of email takes effect only in a signed-in session of the account that asked for it', () => {
  it('the victim opening the link signed out changes nothing, as a sign-in link or as a confirmation', async () => {
    const attacker = await attackerAsking('mallory1', 'victim1@example.com');
    expect(attacker.link).toMatch(/\/auth\/confirm-email\?token=/);

    // What the old page did (POST /api/auth/verify-magic) is refused and signs nobody in.
    const asSignIn = await t.call('POST', '/api/auth/verify-magic', { body: { token: attacker.token } });
    expect(asSignIn.statusCode).toBe(400);
    expect(error(asSignIn)).toMatchObject({ code: 'MAGIC_LINK_INVALID', message: expect.stringContaining('confirms a change of email') });
    expect(asSignIn.cookies).toHaveLength(0);
    // The page asks to sign in to the account, named by its masked address, and says where the change would go.
    expect(await status(attacker.token)).toEqual({
      state: 'valid',
      account: 'ma•••@attacker.example',
      new_email: 'victim1@example.com',
      signed_in_as_owner: false,
    });
    expect(data(await t.call('GET', `/api/auth/magic-status?token=${attacker.token}`), magicStatusResponse).is_valid).toBe(false);
    const signedOut = await confirm(attacker.token);
    expect(signedOut.statusCode).toBe(401);

    expect(await emailOf(attacker.viaLink.userId)).toBe('mallory1@attacker.example');
    // The victim's own link sign-in makes a new account of their own, and the attacker's password opens nothing of it.
    const victim = await t.signIn('victim1@example.com', 'Victim');
    expect(victim.userId).not.toBe(attacker.viaLink.userId);
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'victim1@example.com', password: 'attacker password' } })).statusCode).toBe(401);
  });

  it('the victim opening the link signed in to their own account changes neither account, and is told whose account it is', async () => {
    const victim = await t.signIn('victim2@example.com', 'Victim');
    const attacker = await attackerAsking('mallory2', 'victim2@example.com');

    expect(await status(attacker.token, victim)).toMatchObject({ state: 'valid', account: 'ma•••@attacker.example', signed_in_as_owner: false });
    const refused = await confirm(attacker.token, victim);
    expect(refused.statusCode).toBe(403);
    expect(error(refused)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('another account (ma•••@attacker.example)') });

    expect(await emailOf(attacker.viaLink.userId)).toBe('mallory2@attacker.example');
    expect(await emailOf(victim.userId)).toBe('victim2@example.com');
    expect(await profileStatus(victim)).toBe(200);
    expect(await profileStatus(attacker.viaPassword)).toBe(200);
    // Refused, not spent: the link is still the asking account's to use.
    expect((await status(attacker.token)).state).toBe('valid');
  });

  it("the asking account's own signed-in confirm works and ends every other session of it", async () => {
    const me = await attackerAsking('owner3', 'new-owner3@example.com');
    expect(await status(me.token, me.viaPassword)).toMatchObject({ state: 'valid', signed_in_as_owner: true });

    const res = await confirm(me.token, me.viaPassword);
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, confirmEmailChangeResponse)).toEqual({
      user: expect.objectContaining({ id: me.viaLink.userId, email: 'new-owner3@example.com' }),
      sessions_ended: 1,
      message: 'Your email is now new-owner3@example.com. Every other session was signed out.',
    });
    expect(data(await t.call('GET', '/api/auth/profile', { session: me.viaPassword }), profileResponse).user.email).toBe('new-owner3@example.com');
    expect(await profileStatus(me.viaLink)).toBe(401);
    // The password goes with the account to its new address.
    const again = await t.call('POST', '/api/auth/login', { body: { email: 'new-owner3@example.com', password: 'attacker password' } });
    expect(data(again, sessionResponse).user.id).toBe(me.viaLink.userId);

    const twice = await confirm(me.token, me.viaPassword);
    expect(twice.statusCode).toBe(409);
    expect(error(twice).code).toBe('MAGIC_LINK_USED');
    expect((await status(me.token)).state).toBe('used');
  });

  it('a newer change request revokes older links: an older one is refused with a clear message and never switches the address back', async () => {
    const me = await t.signIn('switcher@example.com', 'Switch');
    await t.call('PUT', '/api/auth/profile', { session: me, body: { email: 'first-choice@example.com' } });
    const older = await t.smtp.magicLinkFor('first-choice@example.com', { consume: true });
    await t.call('PUT', '/api/auth/profile', { session: me, body: { email: 'second-choice@example.com' } });
    const newer = await t.smtp.magicLinkFor('second-choice@example.com', { consume: true });

    expect(await status(older.token, me)).toEqual({ state: 'superseded', account: null, new_email: null, signed_in_as_owner: false });
    const stale = await confirm(older.token, me);
    expect(stale.statusCode).toBe(400);
    expect(error(stale)).toMatchObject({ code: 'MAGIC_LINK_EXPIRED', message: expect.stringContaining('A newer change of email was asked for') });
    expect(await emailOf(me.userId)).toBe('switcher@example.com');

    expect((await confirm(newer.token, me)).statusCode).toBe(200);
    expect(await emailOf(me.userId)).toBe('second-choice@example.com');
    // Before this fix the older link, used now, switched the address back.
    expect((await confirm(older.token, me)).statusCode).toBe(400);
    expect(await emailOf(me.userId)).toBe('second-choice@example.com');
  });

  it('says which account asked, and to ignore it if it was not you, in the confirmation email', async () => {
    const me = await t.signIn('mailer-check@example.com');
    await t.call('PUT', '/api/auth/profile', { session: me, body: { email: 'mailer-new@example.com' } });
    const mail = await t.smtp.waitForMail('mailer-new@example.com');
    expect(mail.text).toContain('Someone signed in to the Ampkit account ma•••@example.com asked to make this address its email.');
    expect(mail.text).toContain('while signed in to that account');
    expect(mail.text).toContain('If it was not you, ignore this email');
    expect(mail.text).not.toContain('mailer-check@example.com');
  });

  it('refuses a link that is not a change-of-email link, and a malformed token', async () => {
    const me = await t.signIn('wrong-kind@example.com');
    await t.call('POST', '/api/auth/magic-link', { body: { email: 'wrong-kind@example.com' } });
    const signInLink = await t.smtp.magicLinkFor('wrong-kind@example.com', { consume: true });
    expect((await status(signInLink.token, me)).state).toBe('invalid');
    const res = await confirm(signInLink.token, me);
    expect(res.statusCode).toBe(400);
    expect(error(res).code).toBe('MAGIC_LINK_INVALID');
    expect((await status('short')).state).toBe('invalid');
    expect((await confirm('not a token', me)).statusCode).toBe(400);
    // The sign-in link was left alone.
    expect((await t.call('POST', '/api/auth/verify-magic', { body: { token: signInLink.token } })).statusCode).toBe(200);
  });
});
