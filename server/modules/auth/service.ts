import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import {
  MAGIC_LINK_SENT_MESSAGE,
  MAGIC_LINK_TTL_MINUTES,
  type MagicStatus,
  type User,
} from '../../../contract/index.ts';
import {
  emailChangedMessage,
  emailChangeSentMessage,
  isNoName,
  isSafeNextPath,
  maskEmail,
  nameFromEmail,
  PROFILE_SAVED_MESSAGE,
  REGISTER_SENT_MESSAGE,
  type EmailChangeConfirmed,
  type EmailChangeLinkState,
  type EmailChangeStatus,
  type UpdateProfileResult,
} from '../../../contract/auth.ts';
import type { Db, DbOrTx, RawQuery } from '../../db/client.ts';
import { AppError, conflict, forbidden, magicLinkInvalid, rateLimited, serviceUnavailable, unauthenticated } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { LiveSession } from '../../http/session.ts';
import { USER_AGENT_MAX_LENGTH } from '../../lib/user-agent.ts';
import type { MailMessage, Mailer } from '../../providers/mail/mailer.ts';
import {
  accountExistsMail,
  confirmEmailChangeMail,
  confirmSignUpMail,
  emailChangeNoticeMail,
  magicLinkMail,
} from '../../providers/mail/templates.ts';
import * as repo from './repository.ts';
import type { MagicLinkPurpose, MagicLinkRow, UserRow } from './repository.ts';

export interface AuthDeps {
  db: Db;
  /** The database without Drizzle, for the session guard's prepared lookup (server/db/client.ts). */
  query: RawQuery;
  mailer: Mailer;
  clock: Clock;
  settings: {
    publicUrl: string;
    adminEmails: readonly string[];
    sessionTtlDays: number;
    magicLinkPerEmail: number;
    rateWindowMinutes: number;
  };
  /** Called inside the sign-up transaction for every new user (the credits module grants the bonus). */
  onUserCreated?: (tx: DbOrTx, user: UserRow) => Promise<void>;
}

/** A name as typed, or null when none was given (empty, or the 'New User' older clients send for an empty form). */
const givenName = (name: string | null | undefined): string | null => (isNoName(name) ? null : name!.trim());

/** What the route turns into a cookie and a response. */
export interface IssuedSession {
  user: User;
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

const ADMIN = 'admin';

/**
 * How stale a session's last-seen time may get before a request moves it: the sessions list needs minutes, not
 * seconds, and a write on every request would double the cost of the profile call (issue 14).
 */
export const LAST_SEEN_INTERVAL_MS = 5 * 60_000;

/** What a sign-in knows of the browser it signs in: its User-Agent, kept (bounded) for the sessions list. */
export interface SignInClient {
  userAgent?: string | null;
}

const boundedUserAgent = (ua: string | null | undefined) => (ua ? ua.slice(0, USER_AGENT_MAX_LENGTH) : null);

export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

// A real argon2id hash of a random password, verified against when the email is unknown,
// so a wrong email and a wrong password take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= argonHash(randomToken()));

export function createAuthService(deps: AuthDeps) {
  const { db, clock, settings } = deps;
  const baseUrl = settings.publicUrl.replace(/\/$/, '');

  /**
   * Creates a session for a user and stamps the sign-in, inside the caller's transaction. `firstSignIn`: the sign-in
   * that created the account, whose session greets a newcomer.
   */
  async function issueSession(tx: DbOrTx, user: UserRow, client: SignInClient, firstSignIn = false): Promise<IssuedSession> {
    const now = clock.now();
    const updated = await repo.updateUser(tx, user.id, { lastLoginAt: now, updatedAt: now });
    const token = randomToken();
    const csrfToken = randomToken();
    const expiresAt = new Date(now.getTime() + settings.sessionTtlDays * 86_400_000);
    const userAgent = boundedUserAgent(client.userAgent);
    await repo.insertSession(tx, { userId: user.id, tokenHash: sha256(token), csrfToken, now, expiresAt, firstSignIn, userAgent });
    return { user: toPublicUser(updated ?? user), token, csrfToken, expiresAt };
  }

  /**
   * A link sent to the account's address was just used: the address is verified now, and only now may
   * ADMIN_EMAILS grant the role. A password set before the address was ever proven may be an attacker's
   * (pre-hijacking), so it is cleared and every session of the account ends.
   */
  async function markVerified(tx: DbOrTx, user: UserRow, changes: { email?: string; passwordHash?: string } = {}): Promise<UserRow> {
    const now = clock.now();
    const email = changes.email ?? user.email;
    const unprovenPassword = !user.emailVerifiedAt && user.passwordHash !== null;
    if (unprovenPassword) await repo.deleteSessionsOfUser(tx, user.id);
    const roles = settings.adminEmails.includes(email) && !user.roles.includes(ADMIN) ? [...user.roles, ADMIN] : user.roles;
    const passwordHash = changes.passwordHash ?? (unprovenPassword ? null : user.passwordHash);
    const emailVerifiedAt = changes.email ? now : (user.emailVerifiedAt ?? now);
    const updated = await repo.updateUser(tx, user.id, { email, roles, passwordHash, emailVerifiedAt, updatedAt: now });
    return updated ?? user;
  }

  async function createUser(
    tx: DbOrTx,
    values: { email: string; name: string | null; passwordHash?: string | null },
  ): Promise<UserRow | undefined> {
    const now = clock.now();
    const roles = settings.adminEmails.includes(values.email) ? [ADMIN] : [];
    // Accounts are only ever created by using a link sent to the address, so they start verified.
    const user = await repo.insertUser(tx, { ...values, roles, emailVerifiedAt: now, now });
    if (user) await deps.onUserCreated?.(tx, user);
    return user;
  }

  /** Stores a single-use link (only its hash) and mails it; the per-address limit covers every kind of link. */
  async function sendLink(
    email: string,
    requestIp: string | null,
    link: { purpose: MagicLinkPurpose; userId?: string; name?: string; passwordHash?: string; nextPath?: string },
    compose: (to: string, url: string) => MailMessage,
  ): Promise<void> {
    const now = clock.now();
    const since = new Date(now.getTime() - settings.rateWindowMinutes * 60_000);
    if ((await repo.countMagicLinksSince(db, email, since)) >= settings.magicLinkPerEmail) {
      throw rateLimited(
        `Too many sign-in links requested for this address. Please wait ${settings.rateWindowMinutes} minutes and try again.`,
      );
    }
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + MAGIC_LINK_TTL_MINUTES * 60_000);
    // Only the newest change of email can be confirmed: an older link would switch the address back.
    if (link.purpose === 'email_change' && link.userId) await repo.revokeEmailChangeLinks(db, link.userId, now);
    await repo.insertMagicLink(db, { email, tokenHash: sha256(token), requestIp, now, expiresAt, ...link });
    // A new email's link opens a page of its own: /auth/magic sends a signed-in user away before using the link.
    const page = link.purpose === 'email_change' ? '/auth/confirm-email' : '/auth/magic';
    await sendMail(compose(email, `${baseUrl}${page}?token=${encodeURIComponent(token)}`));
  }

  async function sendMail(message: MailMessage): Promise<void> {
    try {
      await deps.mailer.send(message);
    } catch {
      throw serviceUnavailable('We could not send the email right now. Please try again in a minute.');
    }
  }

  /** What using a sign-in or sign-up link does; answers the account to sign in. */
  async function useLink(tx: DbOrTx, link: MagicLinkRow, typedName: string | null): Promise<{ user: UserRow; isNewUser: boolean }> {
    const existing = await repo.findUserByEmail(tx, link.email);
    if (!existing) {
      // Nobody is 'New User': an account without a given name is named from its address ('jane.doe@…' → 'Jane Doe').
      const name = givenName(link.name) ?? typedName ?? nameFromEmail(link.email);
      const user = await createUser(tx, { email: link.email, name, passwordHash: link.passwordHash });
      if (!user) throw conflict('Your account is being created by another request. Please try again.');
      return { user, isNewUser: true };
    }
    // A sign-up link proves the address too: its password is the address owner's choice.
    let user = await markVerified(tx, existing, link.passwordHash ? { passwordHash: link.passwordHash } : {});
    if (!user.name?.trim()) {
      const name = typedName ?? nameFromEmail(user.email);
      user = (await repo.updateUser(tx, user.id, { name, updatedAt: clock.now() })) ?? user;
    }
    return { user, isNewUser: false };
  }

  /** A change-of-email link as it stands (the account that asked for it is `link.userId`). */
  function emailChangeState(link: MagicLinkRow | undefined): EmailChangeLinkState {
    if (!link || link.purpose !== 'email_change' || !link.userId) return 'invalid';
    if (link.usedAt) return 'used';
    if (repo.wasRevoked(link)) return 'superseded';
    if (link.expiresAt.getTime() <= clock.now().getTime()) return 'expired';
    return 'valid';
  }

  const findEmailChangeLink = (from: DbOrTx, token: string) =>
    /^[A-Za-z0-9_-]{16,128}$/.test(token) ? repo.findMagicLink(from, sha256(token)) : Promise.resolve(undefined);

  /** Why a change-of-email link cannot be used, as the error the confirm call answers. */
  function emailChangeRefusal(state: Exclude<EmailChangeLinkState, 'valid'>): AppError {
    switch (state) {
      case 'used':
        return new AppError('MAGIC_LINK_USED', 'This confirmation link has already been used.');
      case 'superseded':
        return new AppError(
          'MAGIC_LINK_EXPIRED',
          'A newer change of email was asked for on this account, so this link no longer works. Use the link in the newest email, or ask for the change again.',
        );
      case 'expired':
        return new AppError('MAGIC_LINK_EXPIRED', 'This confirmation link has expired. Ask for the change again from your dashboard.');
      case 'invalid':
        return magicLinkInvalid('This confirmation link is not valid. Ask for the change again from your dashboard.');
    }
  }

  return {
    /**
     * Sends a sign-in link. Answers the same whether or not the address has an account. `next`, the page the visitor
     * wanted, is kept with the link (not in it), so the tab the mail opens goes there and nobody can rewrite it.
     */
    async requestMagicLink(email: string, requestIp: string | null, next?: string): Promise<{ message: string }> {
      const nextPath = isSafeNextPath(next) ? next : undefined;
      await sendLink(email, requestIp, { purpose: 'sign_in', nextPath }, magicLinkMail);
      return { message: MAGIC_LINK_SENT_MESSAGE };
    },

    async magicStatus(token: string): Promise<MagicStatus> {
      const link = /^[A-Za-z0-9_-]{16,128}$/.test(token) ? await repo.findMagicLink(db, sha256(token)) : undefined;
      // A change-of-email link signs nobody in (POST /api/auth/confirm-email uses it).
      if (!link || link.purpose === 'email_change') return { is_used: false, is_expired: false, is_valid: false, user_name: null, email: null };
      const user = link.userId ? await repo.findUserById(db, link.userId) : await repo.findUserByEmail(db, link.email);
      const isUsed = link.usedAt !== null;
      const isExpired = link.expiresAt.getTime() <= clock.now().getTime();
      return {
        is_used: isUsed,
        is_expired: isExpired,
        is_valid: !isUsed && !isExpired,
        user_name: user?.name ?? link.name ?? null,
        email: link.email,
      };
    },

    /**
     * Consumes a sign-in link once and signs its owner in: creating the account on first use or finishing a password
     * sign-up. A change-of-email link is refused here (`confirmEmailChange`).
     */
    async verifyMagic(
      token: string,
      name: string | null | undefined,
      client: SignInClient = {},
    ): Promise<IssuedSession & { isNewUser: boolean; next: string | null }> {
      const tokenHash = sha256(token);
      const result = await db.transaction(async (tx) => {
        const link = await repo.consumeMagicLink(tx, tokenHash, clock.now(), 'sign_in');
        if (!link) return null;
        const { user, isNewUser } = await useLink(tx, link, givenName(name));
        const next = isSafeNextPath(link.nextPath) ? link.nextPath : null;
        return { ...(await issueSession(tx, user, client, isNewUser)), isNewUser, next };
      });
      if (result) return result;
      // Say why: used first, then expired, then not valid (the order the screen checks).
      const link = await repo.findMagicLink(db, tokenHash);
      if (link?.purpose === 'email_change') {
        throw magicLinkInvalid('This link confirms a change of email, it does not sign in. Open it while signed in to the account that asked for the change.');
      }
      if (link?.usedAt) throw new AppError('MAGIC_LINK_USED', 'This sign-in link has already been used. Please request a new one.');
      if (link) throw new AppError('MAGIC_LINK_EXPIRED', 'This sign-in link has expired. Please request a new one.');
      throw magicLinkInvalid('This sign-in link is not valid. Please request a new one.');
    },

    /**
     * Password sign-up. Nothing is created until the address proves itself: a new address gets a link that
     * creates the account with this name and password, a known one a sign-in link. The answer, and the work
     * done before it (one argon2id hash, one mail), are the same either way, so it tells nobody who has an account.
     */
    async register(email: string, name: string | undefined, password: string, requestIp: string | null): Promise<{ message: string }> {
      const passwordHash = await argonHash(password);
      if (await repo.findUserByEmail(db, email)) {
        await sendLink(email, requestIp, { purpose: 'sign_in' }, accountExistsMail);
      } else {
        // Named now, so the link's page greets them by it rather than asking again.
        const accountName = givenName(name) ?? nameFromEmail(email);
        await sendLink(email, requestIp, { purpose: 'register', name: accountName, passwordHash }, confirmSignUpMail);
      }
      return { message: REGISTER_SENT_MESSAGE };
    },

    async login(email: string, password: string, requestIp: string | null, client: SignInClient = {}): Promise<IssuedSession> {
      const user = await repo.findUserByEmail(db, email);
      const valid = user?.passwordHash
        ? await argonVerify(user.passwordHash, password)
        : (await argonVerify(await getDummyHash(), password), false);
      if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
      if (!user.emailVerifiedAt) {
        // Only someone who knows the password learns this. Using the link proves the address and, since
        // nobody proved this password belongs to the address owner, clears it.
        await sendLink(email, requestIp, { purpose: 'sign_in' }, magicLinkMail);
        throw new AppError(
          'EMAIL_NOT_VERIFIED',
          'Please confirm your email address first: we sent a sign-in link to it. You can set a password again once you are signed in.',
        );
      }
      return db.transaction((tx) => issueSession(tx, user, client));
    },

    /**
     * The session guard's lookup (server/http/session.ts): the unexpired session with this token hash, its user and
     * the account figures the profile shows, in one round trip.
     */
    async liveSession(tokenHash: string, now: Date): Promise<LiveSession | undefined> {
      const found = await repo.findLiveSession(deps.query, tokenHash, now);
      const staleBefore = new Date(now.getTime() - LAST_SEEN_INTERVAL_MS);
      // Read first, write only when stale: most requests cost the one select they always did.
      if (found && found.session.lastSeenAt < staleBefore) {
        await repo.touchSession(db, found.session.id, now, staleBefore);
        found.session = { ...found.session, lastSeenAt: now };
      }
      return found;
    },

    async logout(sessionTokenHash: string): Promise<void> {
      await repo.deleteSessionByHash(db, sessionTokenHash);
    },

    /**
     * Name changes at once. A new email changes nothing until a link sent to it is used; the current
     * address is told. The answer is the same whether or not the new address belongs to another account.
     */
    async updateProfile(userId: string, changes: { name?: string; email?: string }, requestIp: string | null): Promise<UpdateProfileResult> {
      let user = await repo.findUserById(db, userId);
      if (!user) throw unauthenticated();
      if (changes.name !== undefined && changes.name !== user.name) {
        user = (await repo.updateUser(db, userId, { name: changes.name, updatedAt: clock.now() })) ?? user;
      }
      const newEmail = changes.email !== undefined && changes.email !== user.email ? changes.email : null;
      if (newEmail) {
        const account = maskEmail(user.email);
        await sendLink(newEmail, requestIp, { purpose: 'email_change', userId }, (to, url) => confirmEmailChangeMail(to, url, account));
        await sendMail(emailChangeNoticeMail(user.email, newEmail));
      }
      return {
        user: toPublicUser(user),
        pending_email: newEmail,
        message: newEmail ? emailChangeSentMessage(newEmail) : PROFILE_SAVED_MESSAGE,
      };
    },

    /**
     * What a change-of-email link would do, for its page: whether it can still be used, for which account (masked)
     * and to which address, and whether the caller is signed in to that account. Changes nothing.
     */
    async emailChangeStatus(token: string, callerUserId: string | null): Promise<EmailChangeStatus> {
      const link = await findEmailChangeLink(db, token);
      const state = emailChangeState(link);
      const owner = state === 'valid' ? await repo.findUserById(db, link!.userId!) : undefined;
      if (!owner) return { state: state === 'valid' ? 'invalid' : state, account: null, new_email: null, signed_in_as_owner: false };
      return { state, account: maskEmail(owner.email), new_email: link!.email, signed_in_as_owner: callerUserId === owner.id };
    },

    /**
     * Applies a change of email, only in a signed-in session of the account that asked for it: whoever else opens the
     * link (its address's owner, signed out or signed in to their own account) changes nothing, so an attacker cannot
     * have a victim confirm their address onto the attacker's account. Every other session of the account ends, and
     * the address counts as proven from now on.
     */
    async confirmEmailChange(caller: { userId: string; sessionId: string }, token: string): Promise<EmailChangeConfirmed> {
      return db.transaction(async (tx) => {
        const link = await findEmailChangeLink(tx, token);
        const state = emailChangeState(link);
        if (state !== 'valid') throw emailChangeRefusal(state);
        const owner = await repo.findUserById(tx, link!.userId!);
        if (!owner) throw emailChangeRefusal('invalid');
        if (owner.id !== caller.userId) {
          throw forbidden(
            `This link changes the email of another account (${maskEmail(owner.email)}). Sign in to that account to confirm it; if you did not ask for this change, ignore the link.`,
          );
        }
        if (!(await repo.consumeMagicLink(tx, link!.tokenHash, clock.now(), 'email_change'))) throw emailChangeRefusal('used');
        const taken = await repo.findUserByEmail(tx, link!.email);
        if (taken && taken.id !== owner.id) throw new AppError('EMAIL_TAKEN', 'That email is already in use by another account.');
        const user = await markVerified(tx, owner, { email: link!.email });
        const ended = await repo.deleteOtherSessions(tx, owner.id, caller.sessionId);
        return { user: toPublicUser(user), sessions_ended: ended, message: emailChangedMessage(user.email) };
      });
    },

    /** Removes expired sessions and old links; run by the scheduled housekeeping job. */
    cleanup: () => repo.deleteExpiredAuthRows(db, clock.now()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

