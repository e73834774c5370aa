import { DEFAULT_PACKAGES } from '../../../contract/credits.ts';
import { createAdminPayments } from './admin-service.ts';
import { createBillingReads } from './billing.ts';
import { createCheckoutLinks } from './checkout-links.ts';
import type { PaymentsDeps } from './deps.ts';
import * as repo from './repository.ts';
import { createCheckoutSettlement } from './settle-checkout.ts';
import { createStripeEvents } from './stripe-events/index.ts';
import { createTestCheckout } from './test-checkout.ts';

export type { PaymentsDeps } from './deps.ts';

/**
 * Payments: credit packages sold through Stripe Payment Links (or, without Stripe, the built-in test checkout), the
 * webhook's events, the buyer's billing, and the admin's part. Each job is a file of this folder; this wires them.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock } = deps;
  const links = createCheckoutLinks(deps);
  const settlement = createCheckoutSettlement(deps);
  const admin = createAdminPayments(deps, { testMode: links.testMode, linkInput: links.linkInput, grantAssigned: settlement.grantAssigned });
  const events = createStripeEvents(deps, { settlement, afterPaid: admin.fillFeeAfterCompletion });
  const reads = createBillingReads(deps, { links, settlement });
  const testCheckout = createTestCheckout(deps, { links, settlement });

  return {
    testMode: links.testMode,
    ensurePaymentLinks: links.ensurePaymentLinks,
    admin,
    billing: reads.billing,
    handleEvent: events.handleEvent,
    seed: () => repo.seedPackagesIfEmpty(db, DEFAULT_PACKAGES),
    packages: links.packages,
    receiveWebhook: events.receiveWebhook,
    checkoutStatus: reads.checkoutStatus,
    testPackage: testCheckout.testPackage,
    openTestCheckout: testCheckout.openTestCheckout,
    confirmTestCheckout: testCheckout.confirmTestCheckout,
    cancelTestCheckout: testCheckout.cancelTestCheckout,

    /** The sweep: pending checkouts past their payable_until are marked expired (they already show so). */
    async expireCheckouts(): Promise<number> {
      return repo.expireCheckouts(db, clock.now());
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
