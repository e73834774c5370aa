import { APP_NAME } from '../../../contract/constants.ts';
import { BILLING_LIST_LIMIT, type Billing, type Purchase } from '../../../contract/account.ts';
import {
  CHECKOUT_TTL_HOURS,
  DEFAULT_PACKAGES,
  shownStatus,
  stillPayable,
  type CheckoutStatus,
  type CreditPackage,
  type TestCheckoutOpened,
} from '../../../contract/credits.ts';
import { add, cmp, fromCents, fromUnits, max0, min, normalize, sub, toUnits } from '../../../contract/decimal.ts';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { CheckoutSessionLike, StripeGateway } from '../../providers/payments/stripe.ts';
import type { CreditsService } from '../credits/service.ts';
import * as repo from './repository.ts';
import type { PackageRow, PaymentRow } from './repository.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { createAdminPayments } from './admin-service.ts';

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

type PaymentStatus = CheckoutStatus['status'];
type Session = CheckoutSessionLike;

/** A later status never falls back to an earlier one, whatever order events arrive in. */
const RANK: Record<PaymentStatus, number> = { pending: 0, failed: 1, cancelled: 1, expired: 1, completed: 2, refunded: 3, disputed: 4 };
const later = (current: PaymentStatus, next: PaymentStatus): PaymentStatus => (RANK[next] >= RANK[current] ? next : current);

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

const TEST_PROVIDER = 'test';
const CHECKOUT_TTL_MS = CHECKOUT_TTL_HOURS * 3_600_000;

/**
 * Until when a pending checkout can be paid: an open Stripe session until its expires_at; a completed one whose
 * asynchronous payment Stripe is still settling has no end we know of (null); else what was recorded before, or a
 * day after it opened.
 */
function payableUntilOf(session: Session, recorded: { payableUntil: Date | null; createdAt: Date }): Date | null {
  if (session.status === 'complete') return null;
  if (typeof session.expires_at === 'number' && session.expires_at > 0) return new Date(session.expires_at * 1000);
  return recorded.payableUntil ?? new Date(recorded.createdAt.getTime() + CHECKOUT_TTL_MS);
}

/** Receipts asked of Stripe per billing view: a long history without them fills in over a few views, not one slow one. */
const RECEIPTS_PER_VIEW = 5;
/** A status whose charge went through, so Stripe has a receipt for it. */
const CHARGED: ReadonlySet<PaymentStatus> = new Set(['completed', 'refunded', 'disputed']);
const STRIPE_PROVIDER = 'stripe';

/** The Payment Link (so Checkout Session) metadata keys that carry what the link sold. */
const SOLD_CREDITS = 'credits';
const SOLD_BONUS = 'bonus_credits';
const CREDIT_AMOUNT = /^\d{1,7}(\.\d{1,4})?$/;

/**
 * What a checkout sold: the credits and bonus credits its Payment Link carried in its metadata (Stripe copies them
 * onto the session), so an edit of the package between opening and paying changes nothing; the package's own for
 * a session without them (a link made before links carried them, the test checkout).
 */
function soldBy(session: Session, pkg: PackageRow): { credits: string; bonusCredits: string } {
  const credits = session.metadata?.[SOLD_CREDITS];
  const bonus = session.metadata?.[SOLD_BONUS];
  if (credits && bonus && CREDIT_AMOUNT.test(credits) && CREDIT_AMOUNT.test(bonus) && cmp(credits, '0') > 0) {
    return { credits: normalize(credits), bonusCredits: normalize(bonus) };
  }
  return { credits: pkg.credits, bonusCredits: pkg.bonusCredits };
}

/**
 * The stripe_events row that records a dispute closed as won (not an event id: Stripe's are evt_…). A dispute's
 * created and closed events come in any order; created, arriving after, finds it and takes nothing back.
 */
const disputeWonMarker = (disputeId: string) => `dispute-won:${disputeId}`;

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock } = deps;
  const testMode = deps.stripe === null;
  const returnUrl = `${deps.publicUrl.replace(/\/$/, '')}/payments/return?session_id={CHECKOUT_SESSION_ID}`;

  function packageView(pkg: PackageRow, user: { id: string; email: string }): CreditPackage {
    let link = '';
    if (testMode) link = `/checkout/test/${pkg.id}`;
    else if (pkg.stripePaymentLinkUrl) {
      const url = new URL(pkg.stripePaymentLinkUrl);
      url.searchParams.set('client_reference_id', user.id);
      url.searchParams.set('prefilled_email', user.email);
      link = url.toString();
    }
    return {
      uuid: pkg.id,
      name: pkg.name,
      description: pkg.description,
      price_usd: normalize(pkg.priceUsd),
      credits: normalize(pkg.credits),
      bonus_credits: normalize(pkg.bonusCredits),
      payment_link: link,
      test_mode: testMode,
    };
  }

  /**
   * What a package's Payment Link sells: its name and credits on the Stripe product, its price in cents, and its
   * credits and bonus credits in the link's metadata (copied onto every Checkout Session opened on it), so a session
   * opened before the package changed is credited what it was sold.
   */
  const linkInput = (pkg: Pick<PackageRow, 'id' | 'name' | 'credits' | 'bonusCredits' | 'priceUsd'>) => ({
    packageId: pkg.id,
    name: `${APP_NAME} ${pkg.name}: ${fromUnits(toUnits(add(pkg.credits, pkg.bonusCredits)), 2)} credits`,
    amountCents: Number(toUnits(pkg.priceUsd) / 100n),
    returnUrl,
    metadata: { [SOLD_CREDITS]: normalize(pkg.credits), [SOLD_BONUS]: normalize(pkg.bonusCredits) },
  });

  /**
   * Creates a Stripe Payment Link for every active package that has none. Calls that overlap share one
   * run, so buyers opening the page together on a fresh deployment do not each make a set of links.
   */
  let linking: Promise<number> | null = null;
  function ensurePaymentLinks(): Promise<number> {
    linking ??= makePaymentLinks().finally(() => {
      linking = null;
    });
    return linking;
  }

  async function makePaymentLinks(): Promise<number> {
    if (!deps.stripe) return 0;
    let made = 0;
    for (const pkg of await repo.packagesWithoutLink(db)) {
      const link = await deps.stripe.createPaymentLink(linkInput(pkg));
      await repo.setPaymentLink(db, pkg.id, link);
      made++;
    }
    return made;
  }

  async function packageOf(tx: DbOrTx, session: Session): Promise<PackageRow | undefined> {
    const byMeta = session.metadata?.package_id;
    if (byMeta && /^[0-9a-f-]{36}$/i.test(byMeta)) {
      const pkg = await repo.findPackage(tx, byMeta);
      if (pkg) return pkg;
    }
    const linkId = idOf(session.payment_link);
    return linkId ? repo.findPackageByLink(tx, linkId) : undefined;
  }

  /**
   * Whose checkout this is: the account it was credited to before; else the client_reference_id the Payment Link
   * carried; else the verified account with the address the buyer gave Stripe. Null (with that address) when none
   * matches; 'deleted' when the payment already belongs to a deleted account.
   */
  async function buyerOf(tx: DbOrTx, session: Session, providerName: string): Promise<{ userId: string | null; email: string | null } | 'deleted'> {
    const known = await repo.lockPaymentByProviderId(tx, providerName, session.id);
    if (known?.anonymousId) return 'deleted';
    const email = session.customer_details?.email ?? session.customer_email ?? known?.customerEmail ?? null;
    if (known?.userId) return { userId: known.userId, email };
    const ref = session.client_reference_id;
    if (ref && (await repo.userExists(tx, ref))) return { userId: ref, email };
    if (ref) deps.log.warn({ session: session.id }, 'checkout with an unknown client_reference_id; matching it by address');
    const byEmail = email ? await repo.findVerifiedUserByEmail(tx, email) : undefined;
    return { userId: byEmail ?? null, email };
  }

  /**
   * Records a checkout and, once it is paid, credits it: exactly once per checkout session, whether the
   * webhook, a replay, the async-payment event or the return page gets here first.
   */
  async function settleCheckout(tx: DbOrTx, session: Session, providerName: string, failed = false): Promise<PaymentRow | null> {
    const buyer = await buyerOf(tx, session, providerName);
    if (buyer === 'deleted') return null;
    const userId = buyer?.userId ?? null;
    const pkg = await packageOf(tx, session);
    if (!pkg) {
      deps.log.error({ session: session.id }, 'checkout for an unknown credit package; not credited');
      return null;
    }
    const sold = soldBy(session, pkg);
    const credits = add(sold.credits, sold.bonusCredits);
    const now = clock.now();
    const payment = await repo.upsertPayment(tx, {
      provider: providerName,
      providerId: session.id,
      paymentIntentId: idOf(session.payment_intent),
      userId,
      // Kept only while no account is named, for the admin to assign the payment by it.
      customerEmail: userId ? null : (buyer?.email ?? null),
      packageId: pkg.id,
      amountUsd: session.amount_total === null ? normalize(pkg.priceUsd) : fromCents(session.amount_total),
      creditsPurchased: credits,
      taxAmount: session.total_details?.amount_tax != null ? fromCents(session.total_details.amount_tax) : null,
      currency: session.currency ?? 'usd',
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    const paid = !failed && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
    const next: PaymentStatus = failed ? 'failed' : paid ? 'completed' : 'pending';
    const status = later(payment.status, next);
    await repo.updatePayment(tx, payment.id, {
      status,
      payableUntil: status === 'pending' ? payableUntilOf(session, payment) : payment.payableUntil,
      paymentIntentId: payment.paymentIntentId ?? idOf(session.payment_intent),
      completedAt: paid ? (payment.completedAt ?? now) : payment.completedAt,
      updatedAt: now,
    });
    // Credits go with the first paid transition only: a payment completed (or refunded, disputed) before was credited
    // then, or (an assigned one) by the admin's assignment.
    const credited = payment.status === 'completed' || payment.status === 'refunded' || payment.status === 'disputed';
    if (!userId) {
      deps.log.warn({ session: session.id }, 'checkout names no account and its address matches no verified one; left for an admin to assign');
    } else if (paid && !credited) {
      await deps.credits.grant(tx, {
        userId,
        type: 'purchase',
        amount: sold.credits,
        description: `Purchased ${pkg.name} package`,
        idempotencyKey: `checkout:${session.id}`,
      });
      if (cmp(sold.bonusCredits, '0') > 0) {
        await deps.credits.grant(tx, {
          userId,
          type: 'bonus',
          amount: sold.bonusCredits,
          description: `Bonus credits with the ${pkg.name} package`,
          idempotencyKey: `checkout-bonus:${session.id}`,
        });
      }
    }
    return { ...payment, status };
  }

  /** Takes back the credits of a refunded or disputed payment, down to what is available, once per key. */
  async function reverse(tx: DbOrTx, payment: PaymentRow, target: string, key: string, status: PaymentStatus, what: string) {
    const delta = sub(min(target, payment.creditsPurchased), payment.creditsReversed);
    let shortfall = '0';
    let taken = '0';
    if (cmp(delta, '0') > 0 && payment.userId) {
      const result = await deps.credits.takeBack(tx, {
        userId: payment.userId,
        type: 'refund',
        amount: delta,
        description: what,
        idempotencyKey: key,
      });
      if (!result.applied) return;
      taken = result.taken;
      shortfall = result.shortfall;
    }
    await repo.updatePayment(tx, payment.id, {
      status: later(payment.status, status),
      creditsReversed: add(payment.creditsReversed, cmp(delta, '0') > 0 ? delta : '0'),
      reversalShortfall: add(payment.reversalShortfall, shortfall),
      updatedAt: clock.now(),
    });
    if (cmp(shortfall, '0') > 0) {
      deps.log.warn({ payment: payment.id, taken, shortfall }, 'credits already spent could not be taken back');
    }
  }

  /**
   * A dispute the merchant won: the money came back, so the credits its reversal took (the ledger row of
   * `dispute:<id>`) are given back, once (key `dispute-won:<id>`), and the payment is completed again. When a refund
   * of the charge came before the dispute, only the dispute's part is undone and the payment stays refunded.
   * Credits the dispute could not take (already spent) were never taken, so nothing is given for them.
   */
  async function disputeWon(tx: DbOrTx, payment: PaymentRow, disputeId: string, chargeId: string | null) {
    // Not disputed here (won before its created event, which then takes nothing), or already restored.
    if (payment.status !== 'disputed') return;
    const takenRow = await repo.ledgerAmount(tx, `dispute:${disputeId}`);
    const taken = takenRow ? sub('0', takenRow) : '0';
    if (payment.userId && cmp(taken, '0') > 0) {
      const applied = await deps.credits.grant(tx, {
        userId: payment.userId,
        type: 'adjustment',
        amount: taken,
        description: 'Dispute won: credits returned',
        idempotencyKey: `dispute-won:${disputeId}`,
      });
      if (!applied) return;
    }
    const refundedBefore = chargeId ? await repo.chargeWasRefunded(tx, chargeId) : false;
    await repo.updatePayment(
      tx,
      payment.id,
      refundedBefore
        ? { status: 'refunded', creditsReversed: max0(sub(payment.creditsReversed, taken)), updatedAt: clock.now() }
        : { status: 'completed', creditsReversed: '0', reversalShortfall: '0', updatedAt: clock.now() },
    );
  }

  /** The payment a dispute event names, locked; 409 (Stripe retries) while it is unknown or not credited yet. */
  async function disputedPayment(tx: DbOrTx, dispute: Stripe.Dispute): Promise<PaymentRow> {
    const intent = idOf(dispute.payment_intent);
    const payment = intent ? await repo.lockPaymentByIntent(tx, intent) : undefined;
    if (!payment || !payment.completedAt) throw paymentNotYetKnown();
    return payment;
  }

  /** A dispute takes back what is left of the payment's credits, once per dispute (key `dispute:<id>`). */
  const holdBack = (tx: DbOrTx, payment: PaymentRow, disputeId: string) =>
    reverse(tx, payment, payment.creditsPurchased, `dispute:${disputeId}`, 'disputed', 'Payment disputed: credits held back');

  async function apply(tx: DbOrTx, event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await settleCheckout(tx, event.data.object, STRIPE_PROVIDER);
        return;
      case 'checkout.session.async_payment_failed':
        await settleCheckout(tx, event.data.object, STRIPE_PROVIDER, true);
        return;
      case 'charge.refunded': {
        const charge = event.data.object;
        const intent = idOf(charge.payment_intent);
        const payment = intent ? await repo.lockPaymentByIntent(tx, intent) : undefined;
        if (!payment || !payment.completedAt) throw paymentNotYetKnown();
        // The charge is in hand: keep its receipt, so the billing list need not ask Stripe for it.
        if (!payment.receiptUrl && typeof charge.receipt_url === 'string') await repo.setReceiptUrl(tx, payment.id, charge.receipt_url);
        // The body is signed but still parsed JSON: a missing amount counts as a full refund, never as NaN.
        const amount = Number(charge.amount) || 0;
        const refunded = Number(charge.amount_refunded) || 0;
        const target =
          charge.refunded || amount === 0 || refunded >= amount
            ? payment.creditsPurchased
            : fromUnits((toUnits(payment.creditsPurchased) * BigInt(refunded)) / BigInt(amount));
        await reverse(tx, payment, target, `refund:${charge.id}:${refunded}`, 'refunded', 'Payment refunded: credits returned');
        return;
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const payment = await disputedPayment(tx, dispute);
        // Closed as won before this event came (Stripe does not promise order): the money stayed, nothing is held back.
        if (await repo.eventRecorded(tx, disputeWonMarker(dispute.id))) return;
        await holdBack(tx, payment, dispute.id);
        return;
      }
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const payment = await disputedPayment(tx, dispute);
        // An inquiry closed without becoming a chargeback (warning_closed) took no money either: as won.
        if (dispute.status === 'won' || dispute.status === 'warning_closed') {
          await repo.recordEvent(tx, disputeWonMarker(dispute.id), 'dispute.won', clock.now());
          await disputeWon(tx, payment, dispute.id, idOf(dispute.charge));
        } else {
          // Lost: the credits stay taken back; taken now, under created's own key (so once),
          // when this closure came before the dispute's created event.
          await holdBack(tx, payment, dispute.id);
        }
        return;
      }
      case 'checkout.session.expired': {
        // A checkout we recorded as pending (opened, never paid) that Stripe closed: it expired. One we never saw
        // leaves nothing to record.
        const session = event.data.object;
        const payment = await repo.lockPaymentByProviderId(tx, STRIPE_PROVIDER, session.id);
        if (payment?.status === 'pending') await repo.updatePayment(tx, payment.id, { status: 'expired', updatedAt: clock.now() });
        return;
      }
      default:
        return; // other events are acknowledged and ignored
    }
  }

  /** Runs an event's work once per event id, however often or concurrently the event arrives. */
  async function once(eventId: string, eventType: string, work: (tx: DbOrTx) => Promise<unknown>): Promise<{ duplicate: boolean }> {
    return db.transaction(async (tx) => {
      if (!(await repo.recordEvent(tx, eventId, eventType, clock.now()))) return { duplicate: true };
      await work(tx);
      return { duplicate: false };
    });
  }

  async function handleEvent(event: Stripe.Event): Promise<{ duplicate: boolean }> {
    const result = await once(event.id, event.type, (tx) => apply(tx, event));
    if (!result.duplicate && (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded')) {
      await admin.fillFeeAfterCompletion(event.data.object.id);
    }
    return result;
  }

  function statusView(payment: PaymentRow, pkg: PackageRow | undefined): CheckoutStatus {
    const status = shownStatus(payment.status, payment.payableUntil, clock.now());
    return {
      session_id: payment.providerId,
      status,
      payable_until: status === 'pending' ? (payment.payableUntil?.toISOString() ?? null) : null,
      credits_purchased: normalize(payment.creditsPurchased),
      amount_usd: normalize(payment.amountUsd),
      package_name: pkg?.name ?? null,
      test_mode: payment.provider === TEST_PROVIDER,
    };
  }

  /**
   * Stripe's receipt page for a charged payment, asked once and kept. A failure leaves it for the next view: the
   * list still answers, only without that link.
   */
  async function receiptOf(payment: PaymentRow): Promise<string | null> {
    if (!deps.stripe || !payment.paymentIntentId) return null;
    try {
      const url = await deps.stripe.receiptUrl(payment.paymentIntentId);
      if (url) await repo.setReceiptUrl(db, payment.id, url);
      return url;
    } catch (err) {
      deps.log.warn({ err, payment: payment.id }, 'could not read the receipt of a payment from Stripe');
      return null;
    }
  }

  /** Grants an assigned payment's credits to its new owner, once (the checkout's own key). */
  async function grantAssigned(tx: DbOrTx, payment: PaymentRow, userId: string, amount: string) {
    await deps.credits.grant(tx, {
      userId,
      type: 'purchase',
      amount,
      description: 'Purchased credits (payment assigned by an admin)',
      idempotencyKey: `checkout:${payment.providerId}`,
    });
  }

  const admin = createAdminPayments(deps, { testMode, linkInput, grantAssigned });

  return {
    testMode,
    ensurePaymentLinks,
    admin,

    /** The user's purchases, newest first, each with its receipt when Stripe has one (asked lazily, then kept). */
    async billing(userId: string): Promise<Billing> {
      const rows = await repo.purchasesOfUser(db, userId, BILLING_LIST_LIMIT);
      const now = clock.now();
      let asked = 0;
      const purchases: Purchase[] = [];
      for (const row of rows) {
        let receipt = row.receiptUrl;
        const wanted = row.provider === STRIPE_PROVIDER && !receipt && CHARGED.has(row.status) && asked < RECEIPTS_PER_VIEW;
        if (wanted) {
          asked++;
          receipt = await receiptOf(row);
        }
        const status = shownStatus(row.status, row.payableUntil, now);
        purchases.push({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          package_name: row.packageName,
          // Money in cents, as the receipt shows it; credits keep the ledger's four places.
          amount_usd: fromUnits(toUnits(row.amountUsd), 2),
          currency: row.currency,
          credits: normalize(row.creditsPurchased),
          status,
          payable_until: status === 'pending' ? (row.payableUntil?.toISOString() ?? null) : null,
          test: row.provider === TEST_PROVIDER,
          receipt_url: receipt,
        });
      }
      return { test_mode: testMode, purchases };
    },
    handleEvent,
    seed: () => repo.seedPackagesIfEmpty(db, DEFAULT_PACKAGES),

    async packages(user: { id: string; email: string }): Promise<CreditPackage[]> {
      if (deps.stripe && (await repo.packagesWithoutLink(db)).length > 0) {
        await ensurePaymentLinks().catch((err) => deps.log.error({ err }, 'could not create Stripe Payment Links'));
      }
      return (await repo.activePackages(db)).map((p) => packageView(p, user));
    },

    /** Verifies and applies a Stripe webhook. Bad signatures answer 400 and change nothing. */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!deps.stripe) throw notFound('Stripe is not configured');
      let event: Stripe.Event;
      try {
        event = deps.stripe.verifyWebhook(rawBody, signature, clock.now().getTime());
      } catch {
        throw badRequest('Webhook signature verification failed');
      }
      return handleEvent(event);
    },

    /**
     * The return page's question: how did this checkout go? If the webhook has not arrived yet, asks Stripe
     * and settles through the same code.
     */
    async checkoutStatus(userId: string, sessionId: string): Promise<CheckoutStatus> {
      let payment = await repo.findPaymentForUser(db, sessionId, userId);
      if ((!payment || payment.status === 'pending') && deps.stripe && sessionId.startsWith('cs_')) {
        let session: Session;
        try {
          session = await deps.stripe.retrieveCheckoutSession(sessionId);
        } catch {
          if (payment) return statusView(payment, await repo.findPackage(db, payment.packageId ?? ''));
          throw notFound('Checkout not found');
        }
        if (session.client_reference_id !== userId) throw notFound('Checkout not found');
        await db.transaction((tx) => settleCheckout(tx, session, STRIPE_PROVIDER));
        payment = await repo.findPaymentForUser(db, sessionId, userId);
      }
      if (!payment) throw notFound('Checkout not found');
      return statusView(payment, payment.packageId ? await repo.findPackage(db, payment.packageId) : undefined);
    },

    /** The test checkout page's package. */
    async testPackage(packageId: string, user: { id: string; email: string }): Promise<CreditPackage> {
      if (!testMode) throw notFound('The test checkout is off: payments go through Stripe');
      const pkg = await repo.findPackage(db, packageId);
      if (!pkg || !pkg.isActive) throw notFound('Credit package not found');
      return packageView(pkg, user);
    },

    /**
     * Opens a test checkout: a pending payment with its own id, as Stripe makes a Checkout Session when its page
     * opens. The page confirms this id, so a second click or a reload settles the same checkout.
     */
    async openTestCheckout(packageId: string, user: { id: string }): Promise<TestCheckoutOpened> {
      if (!testMode) throw notFound('The test checkout is off: payments go through Stripe');
      const pkg = await repo.findPackage(db, packageId);
      if (!pkg || !pkg.isActive) throw notFound('Credit package not found');
      const now = clock.now();
      const id = `cs_test_${randomToken(18)}`;
      await repo.insertPayment(db, {
        provider: TEST_PROVIDER,
        providerId: id,
        userId: user.id,
        packageId: pkg.id,
        amountUsd: normalize(pkg.priceUsd),
        creditsPurchased: add(pkg.credits, pkg.bonusCredits),
        currency: 'usd',
        status: 'pending',
        payableUntil: new Date(now.getTime() + CHECKOUT_TTL_MS),
        createdAt: now,
        updatedAt: now,
      });
      return { checkout_id: id };
    },

    /**
     * Confirms an opened test checkout by settling its checkout event through the webhook's code path. The event id
     * is the checkout's, so a repeat (sequential or concurrent) is a replay: credited once, answered alike.
     * Another user's checkout answers 404, like an unknown one.
     */
    async confirmTestCheckout(packageId: string, checkoutId: string, user: { id: string; email: string }): Promise<CheckoutStatus> {
      if (!testMode) throw notFound('Checkout not found');
      const opened = await repo.findPaymentForUser(db, checkoutId, user.id);
      if (!opened || opened.provider !== TEST_PROVIDER || opened.packageId !== packageId) throw notFound('Checkout not found');
      const pkg = await repo.findPackage(db, packageId);
      if (!pkg) throw notFound('Checkout not found');
      if (opened.status === 'pending') {
        // Still payable, checked on the locked row in the same transaction as the credit: a Cancel (or the expiry)
        // that came first wins, and a Cancel that comes after finds it paid.
        const payable = async (tx: DbOrTx) => {
          const row = await repo.lockPaymentByProviderId(tx, TEST_PROVIDER, checkoutId);
          if (row && row.status === 'pending' && !stillPayable(row.status, row.payableUntil, clock.now())) throw checkoutClosed('expired', row.payableUntil);
          if (row?.status === 'cancelled' || row?.status === 'expired') throw checkoutClosed(row.status, row.payableUntil);
        };
        const session: Session = {
          id: checkoutId,
          mode: 'payment',
          client_reference_id: user.id,
          customer_email: user.email,
          payment_status: 'paid',
          amount_total: Number(toUnits(opened.amountUsd) / 100n),
          currency: 'usd',
          payment_intent: `pi_test_${checkoutId.slice('cs_test_'.length)}`,
          metadata: { package_id: pkg.id },
          total_details: { amount_tax: 0 },
        };
        // The same once-per-event record as a webhook, under the checkout's own event id.
        await once(`evt_${checkoutId}`, 'checkout.session.completed', async (tx) => {
          await payable(tx);
          return settleCheckout(tx, session, TEST_PROVIDER);
        });
      } else if (opened.status === 'cancelled' || opened.status === 'expired') {
        throw checkoutClosed(opened.status, opened.payableUntil);
      }
      const payment = await repo.findPaymentForUser(db, checkoutId, user.id);
      return statusView(payment!, pkg);
    },

    /**
     * Cancel on the test checkout page: the opened checkout is closed unpaid (cancelled), so it no longer holds up
     * anything (account deletion). Once only, on the locked row: a cancelled or expired one answers as it stands; a
     * paid one answers 409, its credits stay.
     */
    async cancelTestCheckout(packageId: string, checkoutId: string, user: { id: string }): Promise<CheckoutStatus> {
      if (!testMode) throw notFound('Checkout not found');
      const row = await db.transaction(async (tx) => {
        const payment = await repo.lockPaymentByProviderId(tx, TEST_PROVIDER, checkoutId);
        if (!payment || payment.userId !== user.id || payment.packageId !== packageId) throw notFound('Checkout not found');
        if (CHARGED.has(payment.status)) throw conflict('This checkout was already paid; its credits are on your balance.', { status: payment.status });
        if (payment.status !== 'pending') return payment;
        const now = clock.now();
        const closed = stillPayable(payment.status, payment.payableUntil, now) ? 'cancelled' : 'expired';
        await repo.updatePayment(tx, payment.id, { status: closed, updatedAt: now });
        return { ...payment, status: closed } satisfies PaymentRow;
      });
      return statusView(row, await repo.findPackage(db, packageId));
    },

    /** The sweep: pending checkouts past their payable_until are marked expired (they already show so). */
    async expireCheckouts(): Promise<number> {
      return repo.expireCheckouts(db, clock.now());
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** A confirm of a test checkout that was cancelled or has expired: nothing is charged. */
function checkoutClosed(status: 'cancelled' | 'expired', payableUntil: Date | null) {
  return conflict(
    status === 'cancelled'
      ? 'This checkout was cancelled and nothing was charged. Open the package again to buy it.'
      : `This checkout expired${payableUntil ? ` at ${payableUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''} and nothing was charged. Open the package again to buy it.`,
    { status },
  );
}

/**
 * A refund or dispute for a checkout not seen yet, or seen but not credited yet (an asynchronous payment
 * whose success event is still on its way: Stripe does not promise event order). Taking credits back
 * before they were granted would take them from the user's other purchases, and the late grant would then
 * credit a refunded payment. Stripe retries non-2xx answers, so ask it to.
 */
function paymentNotYetKnown() {
  return conflict('The payment for this event is not known or not credited yet; retry later.');
}
