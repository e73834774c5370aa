import { MAGIC_LINK_TTL_MINUTES } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { rateLimited, serviceUnavailable } from '../../lib/errors.ts';
import type { MailMessage, Mailer } from '../../providers/mail/mailer.ts';
import * as repo from './repository.ts';
import type { MagicLinkPurpose } from './repository.ts';

export interface LinkMailerDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  settings: { publicUrl: string; magicLinkPerEmail: number; rateWindowMinutes: number };
}

/** The mail the auth module sends: single-use links (sign-in, sign-up, change of email) and notices. */
export function createLinkMailer(deps: LinkMailerDeps) {
  const { db, clock, settings } = deps;
  const baseUrl = settings.publicUrl.replace(/\/$/, '');

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
  return { sendLink, sendMail };
}

export type LinkMailer = ReturnType<typeof createLinkMailer>;
