import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import {
  PASSWORD_REMOVED_MESSAGE,
  PASSWORD_SET_MESSAGE,
  type AccountSession,
  type PasswordChanged,
  type PasswordStatus,
} from '../../../contract/account.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import * as repo from './repository.ts';
import type { SessionRow, UserRow } from './repository.ts';

/**
 * The account controls of the dashboard: the password (set, change, remove) and the signed-in sessions. Each use
 * case takes the caller's user and session as the session guard loaded them.
 */
export interface AccountSecurityDeps {
  db: Db;
  clock: Clock;
}

export interface Caller {
  user: UserRow;
  session: SessionRow;
}

const wrongCurrentPassword = () => badRequest('Your current password is not right.', { field: 'current_password' });

function notVerified() {
  // A password set before the address was proven is cleared when it is proven (auth service, markVerified), so
  // one set now could never be used: refuse it rather than store a password that silently disappears.
  return new AppError('EMAIL_NOT_VERIFIED', 'Confirm your email address first: sign in with a link sent to it, then set a password.');
}

function statusOf(user: UserRow): PasswordStatus {
  return { has_password: user.passwordHash !== null, can_set: user.emailVerifiedAt !== null };
}

export function createAccountSecurityService(deps: AccountSecurityDeps) {
  const { db, clock } = deps;

  /** The current password, checked against the stored hash; a wrong or missing one is a 400 naming the field. */
  async function checkCurrent(user: UserRow, given: string | undefined): Promise<void> {
    if (user.passwordHash === null) return;
    if (given === undefined) throw badRequest('Enter your current password.', { field: 'current_password' });
    if (!(await argonVerify(user.passwordHash, given))) throw wrongCurrentPassword();
  }

  return {
    async passwordStatus(caller: Caller): Promise<PasswordStatus> {
      return statusOf(caller.user);
    },

    /**
     * Sets a first password or changes it (the current one required when there is one), then ends every other
     * session: whoever signed in with the old password, or holds a stolen cookie, is out.
     */
    async setPassword(caller: Caller, input: { current_password?: string; new_password: string }): Promise<PasswordChanged> {
      const user = caller.user;
      if (!user.emailVerifiedAt) throw notVerified();
      await checkCurrent(user, input.current_password);
      const nextHash = await argonHash(input.new_password);
      return db.transaction(async (tx) => {
        const updated = await repo.replacePasswordHash(tx, user.id, user.passwordHash, nextHash, clock.now());
        if (!updated) throw conflict('Your password was changed at the same moment by another session. Reload and try again.');
        const ended = await repo.deleteOtherSessions(tx, user.id, caller.session.id);
        return { ...statusOf(updated), sessions_ended: ended, message: PASSWORD_SET_MESSAGE };
      });
    },

    /** Removes the password: sign-in links only from now on. The current password is required. */
    async removePassword(caller: Caller, input: { current_password: string }): Promise<PasswordChanged> {
      const user = caller.user;
      if (user.passwordHash === null) throw badRequest('This account has no password to remove.', { field: 'current_password' });
      await checkCurrent(user, input.current_password);
      const updated = await repo.replacePasswordHash(db, user.id, user.passwordHash, null, clock.now());
      if (!updated) throw conflict('Your password was changed at the same moment by another session. Reload and try again.');
      return { ...statusOf(updated), sessions_ended: 0, message: PASSWORD_REMOVED_MESSAGE };
    },

    /** The user's signed-in browsers, the caller's own first. */
    async sessions(caller: Caller): Promise<AccountSession[]> {
      const rows = await repo.liveSessionsOfUser(db, caller.user.id, clock.now());
      const list = rows.map((row): AccountSession => {
        const { browser, os } = parseUserAgent(row.userAgent);
        return {
          id: row.id,
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
          expires_at: row.expiresAt.toISOString(),
          browser,
          os,
          current: row.id === caller.session.id,
        };
      });
      return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
    },

    /** Signs out one other session. The caller's own is ended by Sign out (which also clears the cookie). */
    async endSession(caller: Caller, sessionId: string): Promise<{ ended: number }> {
      if (sessionId === caller.session.id) {
        throw badRequest('This is the session you are using: use Sign out to end it.', { field: 'id' });
      }
      const ended = await repo.deleteSessionOfUser(db, caller.user.id, sessionId);
      if (ended === 0) throw notFound('Session not found');
      return { ended };
    },

    async endOtherSessions(caller: Caller): Promise<{ ended: number }> {
      return { ended: await repo.deleteOtherSessions(db, caller.user.id, caller.session.id) };
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
