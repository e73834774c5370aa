import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { StripeGateway } from '../../providers/payments/stripe.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { CreditsService } from '../credits/service.ts';

/** What the payments module is built from (server/services.ts); each part takes the `Pick` of it that it uses. */
export interface PaymentsDeps {
  /** Records each admin write in the transaction that makes it. */
  audit: AuditRecorder;
  db: Db;
  clock: Clock;
  credits: Pick<CreditsService, 'grant' | 'takeBack'>;
  /** Stripe when configured; otherwise the built-in test checkout. */
  stripe: StripeGateway | null;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * Told, in the transaction that credits it, of each purchase credited to a user (a paid checkout, an assigned
   * payment): their `payment.succeeded` webhooks are recorded with it.
   */
  onPaid?: (tx: DbOrTx, paid: PaymentSucceeded) => Promise<void>;
}

/** The `payment.succeeded` webhook's data: what was bought and credited. */
export interface PaymentSucceeded {
  user_id: string;
  checkout_id: string;
  package: string | null;
  amount_usd: string;
  currency: string;
  credits: string;
}
