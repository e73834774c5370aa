import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import {
  DEFAULT_USER_NAME,
  MAGIC_LINK_SENT_MESSAGE,
  MAGIC_LINK_TTL_MINUTES,
  type MagicStatus,
  type User,
} from '../../../contract/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, rateLimited } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { magicLinkMail } from '../../providers/mail/templates.ts';
import * as repo from './repository.ts';
import type { UserRow } from './repository.ts';

export interface AuthDeps {
  db: Db;
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

/** What the route turns into a cookie and a response. */
export interface IssuedSession {
  user: User;
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

const ADMIN = 'admin';

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

  const rolesAtSignIn = (email: string, roles: readonly string[]) =>
    settings.adminEmails.includes(email) && !roles.includes(ADMIN) ? [...roles, ADMIN] : [...roles];

  /** Creates a session for a user and stamps the sign-in, inside the caller's transaction. */
  async function issueSession(tx: DbOrTx, user: UserRow): Promise<IssuedSession> {
    const now = clock.now();
    const roles = rolesAtSignIn(user.email, user.roles);
    const updated = await repo.updateUser(tx, user.id, { lastLoginAt: now, roles, updatedAt: now });
    const token = randomToken();
    const csrfToken = randomToken();
    const expiresAt = new Date(now.getTime() + settings.sessionTtlDays * 86_400_000);
    await repo.insertSession(tx, { userId: user.id, tokenHash: sha256(token), csrfToken, now, expiresAt });
    return { user: toPublicUser(updated ?? user), token, csrfToken, expiresAt };
  }

  async function createUser(
    tx: DbOrTx,
    values: { email: string; name: string | null; passwordHash?: string },
  ): Promise<UserRow | undefined> {
    const user = await repo.insertUser(tx, { ...values, roles: [], now: clock.now() });
    if (user) await deps.onUserCreated?.(tx, user);
    return user;
  }

  return {
    /** Sends a sign-in link. Answers the same whether or not the address has an account. */
    async requestMagicLink(email: string, requestIp: string | null): Promise<{ message: string }> {
      const now = clock.now();
      const since = new Date(now.getTime() - settings.rateWindowMinutes * 60_000);
      if ((await repo.countMagicLinksSince(db, email, since)) >= settings.magicLinkPerEmail) {
        throw rateLimited(
          `Too many sign-in links requested for this address. Please wait ${settings.rateWindowMinutes} minutes and try again.`,
        );
      }
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + MAGIC_LINK_TTL_MINUTES * 60_000);
      await repo.insertMagicLink(db, { email, tokenHash: sha256(token), requestIp, now, expiresAt });
      const link = `${settings.publicUrl.replace(/\/$/, '')}/auth/magic?token=${encodeURIComponent(token)}`;
      try {
        await deps.mailer.send(magicLinkMail(email, link));
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'We could not send the email right now. Please try again in a minute.');
      }
      return { message: MAGIC_LINK_SENT_MESSAGE };
    },

    async magicStatus(token: string): Promise<MagicStatus> {
      const link = /^[A-Za-z0-9_-]{16,128}$/.test(token) ? await repo.findMagicLink(db, sha256(token)) : undefined;
      if (!link) return { is_used: false, is_expired: false, is_valid: false, user_name: null, email: null };
      const user = await repo.findUserByEmail(db, link.email);
      const isUsed = link.usedAt !== null;
      const isExpired = link.expiresAt.getTime() <= clock.now().getTime();
      return {
        is_used: isUsed,
        is_expired: isExpired,
        is_valid: !isUsed && !isExpired,
        user_name: user?.name ?? null,
        email: link.email,
      };
    },

    /** Consumes a link once and signs its owner in, creating the account on first use. */
    async verifyMagic(token: string, name: string | null | undefined): Promise<IssuedSession & { isNewUser: boolean }> {
      const tokenHash = sha256(token);
      const result = await db.transaction(async (tx) => {
        const link = await repo.consumeMagicLink(tx, tokenHash, clock.now());
        if (!link) return null;
        const trimmed = name?.trim() || null;
        let user = await repo.findUserByEmail(tx, link.email);
        let isNewUser = false;
        if (!user) {
          user = await createUser(tx, { email: link.email, name: trimmed ?? DEFAULT_USER_NAME });
          isNewUser = true;
        } else if (!user.name?.trim() && trimmed) {
          user = (await repo.updateUser(tx, user.id, { name: trimmed, updatedAt: clock.now() })) ?? user;
        }
        if (!user) throw conflict('Your account is being created by another request. Please try again.');
        return { ...(await issueSession(tx, user)), isNewUser };
      });
      if (result) return result;
      // Say why: used first, then expired, then not valid (the order the screen checks).
      const link = await repo.findMagicLink(db, tokenHash);
      if (link?.usedAt) throw new AppError('MAGIC_LINK_USED', 'This sign-in link has already been used. Please request a new one.');
      if (link) throw new AppError('MAGIC_LINK_EXPIRED', 'This sign-in link has expired. Please request a new one.');
      throw new AppError('MAGIC_LINK_INVALID', 'This sign-in link is not valid. Please request a new one.');
    },

    async register(email: string, name: string, password: string): Promise<IssuedSession> {
      const passwordHash = await argonHash(password);
      return db.transaction(async (tx) => {
        const user = await createUser(tx, { email, name, passwordHash });
        if (!user) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.');
        return issueSession(tx, user);
      });
    },

    async login(email: string, password: string): Promise<IssuedSession> {
      const user = await repo.findUserByEmail(db, email);
      const valid = user?.passwordHash
        ? await argonVerify(user.passwordHash, password)
        : (await argonVerify(await getDummyHash(), password), false);
      if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
      return db.transaction((tx) => issueSession(tx, user));
    },

    async logout(sessionTokenHash: string): Promise<void> {
      await repo.deleteSessionByHash(db, sessionTokenHash);
    },

    async updateProfile(userId: string, changes: { name?: string; email?: string }): Promise<User> {
      if (changes.email) {
        const owner = await repo.findUserByEmail(db, changes.email);
        if (owner && owner.id !== userId) throw new AppError('EMAIL_TAKEN', 'That email is already in use by another account.');
      }
      try {
        const row = await repo.updateUser(db, userId, { ...changes, updatedAt: clock.now() });
        if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
        return toPublicUser(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', 'That email is already in use by another account.');
        throw err;
      }
    },

    /** Removes expired sessions and old links; run by the scheduled housekeeping job. */
    cleanup: () => repo.deleteExpiredAuthRows(db, clock.now()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
