import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { MAGIC_LINK_SENT_MESSAGE, type MagicStatus, type User } from '../../../contract/index.ts';
import { isNoName, isSafeNextPath, nameFromEmail, REGISTER_SENT_MESSAGE } from '../../../contract/auth.ts';
import type { DbOrTx, RawQuery } from '../../db/client.ts';
import { AppError, conflict, magicLinkInvalid } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { LiveSession } from '../../http/session.ts';
import { USER_AGENT_MAX_LENGTH } from '../../lib/user-agent.ts';
import { accountExistsMail, confirmSignUpMail, magicLinkMail } from '../../providers/mail/templates.ts';
import { createAccounts, toPublicUser, type AccountsDeps } from './accounts.ts';
import { createLinkMailer, type LinkMailerDeps } from './links.ts';
import { createProfile } from './profile.ts';
import * as repo from './repository.ts';
import type { MagicLinkRow, UserRow } from './repository.ts';

/** Where the account module finds it. */
export { toPublicUser } from './accounts.ts';

export interface AuthDeps extends AccountsDeps, LinkMailerDeps {
  /** The database without Drizzle, for the session guard's prepared lookup (server/db/client.ts). */
  query: RawQuery;
  settings: AccountsDeps['settings'] & LinkMailerDeps['settings'] & { sessionTtlDays: number };
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

// A real argon2id hash of a random password, verified against when the email is unknown,
// so a wrong email and a wrong password take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= argonHash(randomToken()));

/**
 * Sign-in (links, passwords) and sessions; the profile and its change of email are in profile.ts, the links' mail in
 * links.ts, what using a link does to an account in accounts.ts.
 */
export function createAuthService(deps: AuthDeps) {
  const { db, clock, settings } = deps;
  const links = createLinkMailer(deps);
  const { sendLink } = links;
  const accounts = createAccounts(deps);
  const { markVerified, createUser } = accounts;

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
    ...createProfile({ db, clock, links, accounts }),

    /** Removes expired sessions and old links; run by the scheduled housekeeping job. */
    cleanup: () => repo.deleteExpiredAuthRows(db, clock.now()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
