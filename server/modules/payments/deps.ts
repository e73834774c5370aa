import type { Db } from '../../db/client.ts';
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
}
