import { toFixed } from '../../../contract/decimal.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { lowBalanceMail } from '../../providers/mail/templates.ts';
import { emailOf } from './repository.ts';

/** A charge that took a user's balance below their alert (credit_capture answers it once per crossing). */
export interface LowBalanceCrossing {
  userId: string;
  alert: string;
  balance: string;
}

export interface LowBalanceDeps {
  db: Db;
  mailer: Mailer;
  /** Tells the user's linked Telegram chat, when there is one (the Telegram module). */
  tell?: (userId: string, text: string) => Promise<void>;
  /** The user's `credits.low` webhook endpoints (the webhooks module). */
  emit?: (userId: string, event: 'credits.low', data: { balance: string; low_balance_alert: string }) => Promise<void>;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The low-balance alert's messages, sent once the charge that crossed has committed: a mail, a Telegram message when
 * linked and a `credits.low` webhook. The in-app notice is the account's own state (GET /api/account/spending), shown
 * until dismissed for that crossing. Each channel fails alone: a mail server down does not stop the webhook.
 */
export function createLowBalanceAlerts(deps: LowBalanceDeps) {
  const link = `${deps.publicUrl}/dashboard?tab=credits`;
  return async function alert(crossing: LowBalanceCrossing): Promise<void> {
    const balance = toFixed(crossing.balance);
    const threshold = toFixed(crossing.alert);
    const channels: Array<[string, () => Promise<unknown>]> = [
      [
        'mail',
        async () => {
          const email = await emailOf(deps.db, crossing.userId);
          if (email) await deps.mailer.send(lowBalanceMail(email, { balance, alert: threshold, link }));
        },
      ],
      ['telegram', async () => deps.tell?.(crossing.userId, `⚠️ Your balance is ${balance} credits, below your alert of ${threshold}.\n${link}`)],
      ['webhook', async () => deps.emit?.(crossing.userId, 'credits.low', { balance: crossing.balance, low_balance_alert: crossing.alert })],
    ];
    await Promise.all(
      channels.map(([channel, send]) => send().catch((err: unknown) => deps.log.warn({ err, userId: crossing.userId, channel }, 'low-balance alert not sent'))),
    );
  };
}
