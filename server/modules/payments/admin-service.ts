import type { LinkInput } from './checkout-links.ts';
import type { PaymentsDeps } from './deps.ts';
import type { CheckoutSettlement } from './settle-checkout.ts';
import { createAdminPackages } from './admin-packages.ts';
import { createAdminTransactions } from './admin-transactions.ts';

/** What the admin part borrows from the payments service. */
interface Helpers {
  testMode: boolean;
  linkInput: LinkInput;
  grantAssigned: CheckoutSettlement['grantAssigned'];
}

/** The admin's payments: the Stripe Transactions tab (admin-transactions.ts) and the credit packages editor (admin-packages.ts). */
export function createAdminPayments(deps: PaymentsDeps, helpers: Helpers) {
  return {
    ...createAdminTransactions(deps, helpers),
    ...createAdminPackages(deps, helpers),
  };
}

export type AdminPayments = ReturnType<typeof createAdminPayments>;
