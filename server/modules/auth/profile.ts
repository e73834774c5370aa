import {
  emailChangedMessage,
  emailChangeSentMessage,
  maskEmail,
  PROFILE_SAVED_MESSAGE,
  type EmailChangeConfirmed,
  type EmailChangeLinkState,
  type EmailChangeStatus,
  type UpdateProfileResult,
} from '../../../contract/auth.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError, forbidden, magicLinkInvalid, unauthenticated } from '../../lib/errors.ts';
import { confirmEmailChangeMail, emailChangeNoticeMail } from '../../providers/mail/templates.ts';
import { toPublicUser, type Accounts } from './accounts.ts';
import type { LinkMailer } from './links.ts';
import * as repo from './repository.ts';
import type { MagicLinkRow } from './repository.ts';

/**
 * The profile: a new name at once, a new email only through a link sent to it and used in a session of the account
 * that asked for it.
 */
export function createProfile(deps: { db: Db; clock: Clock; links: LinkMailer; accounts: Pick<Accounts, 'markVerified'> }) {
  const { db, clock } = deps;
  const { sendLink, sendMail } = deps.links;
  const { markVerified } = deps.accounts;

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
  };
}
