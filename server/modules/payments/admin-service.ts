import { adminPagination } from '../../../contract/admin.ts';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  TRANSACTION_CSV_COLUMNS,
  type AdminPackage,
  type AdminTransaction,
  type AdminTransactionActionBody,
  type AdminTransactionsQuery,
  type AdminTransactionsResponse,
  adminPackageInput,
} from '../../../contract/admin-payments.ts';
import { cmp, fromCents, fromUnits, max0, normalize, sub, toUnits } from '../../../contract/decimal.ts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { csvRow } from '../../lib/csv.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import type { PackageRow, PaymentRow, TransactionFilters, TransactionRow } from './repository.ts';
import type { PaymentsDeps } from './service.ts';
import { DAY_MS } from '../../../contract/time.ts';

type PackageInput = z.output<typeof adminPackageInput>;

/** What the admin part borrows from the payments service. */
interface Helpers {
  testMode: boolean;
  linkInput: (pkg: Pick<PackageRow, 'id' | 'name' | 'credits' | 'bonusCredits' | 'priceUsd'>) => {
    packageId: string;
    name: string;
    amountCents: number;
    returnUrl: string;
    metadata: Record<string, string>;
  };
  grantAssigned: (tx: DbOrTx, payment: PaymentRow, userId: string, amount: string) => Promise<void>;
}

const STRIPE_PROVIDER = 'stripe';
const EXPORT_BATCH = 500;

/** Dollars with two places, as receipts show them. */
const money = (value: string) => fromUnits(toUnits(value), 2);
const moneyOrNull = (value: string | null) => (value === null ? null : money(value));

/** The query's calendar days (UTC, both inclusive) as a created_at range. */
export function filtersOf(q: Pick<AdminTransactionsQuery, 'start_date' | 'end_date' | 'status'>): TransactionFilters {
  return {
    ...(q.start_date ? { from: new Date(`${q.start_date}T00:00:00Z`) } : {}),
    ...(q.end_date ? { before: new Date(new Date(`${q.end_date}T00:00:00Z`).getTime() + DAY_MS) } : {}),
    ...(q.status ? { status: q.status } : {}),
  };
}

export function transactionView(r: TransactionRow): AdminTransaction {
  const deleted = !r.userId && !!r.anonymousId;
  const unassigned = !r.userId && !r.anonymousId;
  return {
    id: r.id,
    payment_provider_id: r.providerId,
    user_name: deleted ? 'Deleted account' : r.userId ? (r.userName ?? '') : null,
    user_email: deleted ? null : r.userId ? r.userEmail : r.customerEmail,
    user_id: r.userId,
    amount_usd: money(r.amountUsd),
    credits_purchased: normalize(r.creditsPurchased),
    stripe_fee: moneyOrNull(r.stripeFee),
    tax_amount: moneyOrNull(r.taxAmount),
    status: r.status,
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
    provider: r.provider,
    package_name: r.packageName,
    unassigned,
    deleted_account: deleted,
  };
}

function packageView(p: PackageRow): AdminPackage {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price_usd: money(p.priceUsd),
    credits: normalize(p.credits),
    bonus_credits: normalize(p.bonusCredits),
    sort_order: p.sortOrder,
    is_active: p.isActive,
    payment_link_url: p.stripePaymentLinkUrl,
    created_at: p.createdAt.toISOString(),
  };
}

/** A package's editable fields as the wire names them, for the audit's before/after. */
const packageFields = (p: Pick<AdminPackage, 'name' | 'description' | 'price_usd' | 'credits' | 'bonus_credits' | 'sort_order' | 'is_active'>) => ({
  name: p.name,
  description: p.description,
  price_usd: p.price_usd,
  credits: p.credits,
  bonus_credits: p.bonus_credits,
  sort_order: p.sort_order,
  is_active: p.is_active,
});

/** The fields a Payment Link states (the Stripe product's name carries the name and credits; the price its amount). */
const LINK_FIELDS = ['name', 'price_usd', 'credits', 'bonus_credits'] as const;

/**
 * The Stripe Transactions tab and the credit packages editor. Every write runs in one transaction with its audit row.
 */
export function createAdminPayments(deps: PaymentsDeps, helpers: Helpers) {
  const { db, clock } = deps;

  async function transactionOrThrow(id: string): Promise<AdminTransaction> {
    const row = await repo.findTransaction(db, id);
    if (!row) throw notFound('Payment not found');
    return transactionView(row);
  }

  /**
   * Writes a package change and its audit row, the row locked and compared as it is then; answers the package as it
   * now is and the Payment Link the change replaced (to turn off once this commits).
   */
  async function savePackage(
    adminId: string,
    action: string,
    id: string,
    exists: boolean,
    next: PackageInput,
    link: { id: string; url: string } | null | undefined,
  ): Promise<{ saved: AdminPackage; replaced: string | null }> {
    const values = {
      name: next.name,
      description: next.description,
      priceUsd: next.price_usd,
      credits: next.credits,
      bonusCredits: next.bonus_credits,
      sortOrder: next.sort_order,
      isActive: next.is_active,
      ...(link === undefined ? {} : { stripePaymentLinkId: link?.id ?? null, stripePaymentLinkUrl: link?.url ?? null }),
    };
    return db.transaction(async (tx) => {
      const current = exists ? await repo.lockPackage(tx, id) : null;
      if (exists && !current) throw notFound('Credit package not found');
      const row = current ? await repo.updatePackage(tx, id, values) : await repo.insertPackage(tx, { ...values, id });
      const after: Record<string, unknown> = packageFields(packageView(row));
      const before: Record<string, unknown> | null = current ? packageFields(packageView(current)) : null;
      const keys = Object.keys(after).filter((k) => !before || before[k] !== after[k]);
      const pick = (from: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, from[k]]));
      const linkBefore = link === undefined ? {} : { stripe_payment_link_id: current?.stripePaymentLinkId ?? null };
      const linkAfter = link === undefined ? {} : { stripe_payment_link_id: link?.id ?? null };
      await deps.audit.record(tx, {
        adminId,
        area: 'settings',
        action,
        targetId: row.id,
        before: before ? { ...pick(before), ...linkBefore } : null,
        after: { ...pick(after), ...linkAfter },
      });
      const replaced = link === undefined ? null : (current?.stripePaymentLinkId ?? null);
      return { saved: packageView(row), replaced: replaced === link?.id ? null : replaced };
    });
  }

  /**
   * In Stripe mode, the Payment Link a package's change needs: a new one (new Price and link, made before anything
   * is saved) when what the link sells changed or an active package has none; null when the package goes inactive
   * (its link off); undefined when the link stays as it is. A Stripe failure here changes nothing.
   */
  async function relink(current: PackageRow | null, next: PackageInput & { id: string }): Promise<{ id: string; url: string } | null | undefined> {
    const stripe = deps.stripe;
    if (!stripe) return undefined;
    const before = current ? packageView(current) : null;
    const sells = before && LINK_FIELDS.some((f) => cmpField(before[f], next[f]));
    const needsNew = next.is_active && (!current?.stripePaymentLinkId || sells);
    if (!needsNew) return current?.stripePaymentLinkId && !next.is_active ? null : undefined;
    try {
      return await stripe.createPaymentLink({
        ...helpers.linkInput({ id: next.id, name: next.name, credits: next.credits, bonusCredits: next.bonus_credits, priceUsd: next.price_usd }),
        revision: randomToken(12),
      });
    } catch (err) {
      deps.log.error({ err, package: next.id }, 'could not make the Stripe Payment Link of a credit package');
      throw serviceUnavailable('Stripe could not update the payment link; nothing was changed. Please try again.');
    }
  }

  /**
   * Turns a Payment Link off, after the change that replaced it was saved (or when that save failed, the link just
   * made for it). A failure is logged with the link, for turning it off by hand: a checkout on it is still credited
   * what the link sold, from its metadata.
   */
  async function turnOff(linkId: string, packageId: string) {
    try {
      await deps.stripe?.deactivatePaymentLink(linkId);
    } catch (err) {
      deps.log.error({ err, package: packageId, link: linkId }, 'could not turn off a Stripe Payment Link; turn it off in the Stripe dashboard');
    }
  }

  /**
   * A package change with the Payment Link relink made for it: saved with its audit row in one transaction, then the
   * link it replaced turned off. When the save fails, the link just made is turned off instead.
   */
  async function saveWithLink(
    adminId: string,
    action: string,
    id: string,
    exists: boolean,
    input: PackageInput,
    link: { id: string; url: string } | null | undefined,
  ): Promise<AdminPackage> {
    let result: Awaited<ReturnType<typeof savePackage>>;
    try {
      result = await savePackage(adminId, action, id, exists, input, link);
    } catch (err) {
      if (link) await turnOff(link.id, id);
      throw err;
    }
    if (result.replaced) await turnOff(result.replaced, id);
    return result.saved;
  }

  return {
    /** GET /api/admin/stripe-transactions: a page of payments, newest first, with the stats of every match. */
    async list(q: AdminTransactionsQuery): Promise<AdminTransactionsResponse> {
      const filters = filtersOf(q);
      const [rows, stats] = await Promise.all([
        repo.listTransactions(db, filters, q.limit, (q.page - 1) * q.limit),
        repo.transactionStats(db, filters),
      ]);
      return {
        transactions: rows.map(transactionView),
        stats: {
          total_revenue: money(stats.revenue),
          total_transactions: stats.count,
          total_fees: money(stats.fees),
          total_taxes: money(stats.taxes),
        },
        pagination: adminPagination(q.page, q.limit, stats.count),
      };
    },

    /** The export's file name: its date range (or today, by the service's clock, in UTC) and status. */
    exportFileName(q: Pick<AdminTransactionsQuery, 'start_date' | 'end_date' | 'status'>): string {
      const range = [q.start_date, q.end_date].filter(Boolean).join('-to-') || clock.now().toISOString().slice(0, 10);
      return `ampkit-transactions-${range}${q.status ? `-${q.status}` : ''}.csv`;
    },

    /** Every matching payment as CSV (RFC 4180, formula cells defused), read in batches while it streams. */
    exportCsv(q: AdminTransactionsQuery): Readable {
      const filters = filtersOf(q);
      async function* lines() {
        yield csvRow(TRANSACTION_CSV_COLUMNS);
        let after: string | null = null;
        for (;;) {
          const rows = await repo.transactionsAfter(db, filters, after, EXPORT_BATCH);
          for (const row of rows) {
            const view = transactionView(row);
            yield csvRow(TRANSACTION_CSV_COLUMNS.map((c) => view[c]));
          }
          if (rows.length < EXPORT_BATCH) return;
          after = rows[rows.length - 1]!.id;
        }
      }
      return Readable.from(lines());
    },

    /**
     * Reads a Stripe payment's fee and tax again: the tax from its Checkout Session (total_details.amount_tax, what
     * the buyer paid on top), the fee from its charge's balance transaction. Audited.
     */
    async refreshTax(adminId: string, paymentId: string): Promise<AdminTransaction> {
      const payment = await repo.findTransaction(db, paymentId);
      if (!payment) throw notFound('Payment not found');
      if (payment.provider !== STRIPE_PROVIDER) {
        throw badRequest('This is a test checkout payment: there is no Stripe charge, so there is no fee or tax to read.', { field: 'payment_id' });
      }
      const stripe = deps.stripe;
      if (!stripe) throw serviceUnavailable('Stripe is not configured on this server, so the fee and tax cannot be read.');
      let fee: string | null = null;
      let tax: string | null = null;
      let intent = payment.paymentIntentId;
      try {
        const session = await stripe.retrieveCheckoutSession(payment.providerId);
        const sessionIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
        intent = sessionIntent ?? intent;
        const amountTax = session.total_details?.amount_tax;
        if (typeof amountTax === 'number') tax = fromCents(amountTax);
        const costs = intent ? await stripe.chargeCosts(intent) : null;
        if (costs) {
          if (costs.currency !== payment.currency) deps.log.warn({ payment: payment.id, currency: costs.currency }, 'the Stripe fee is in another currency than the payment');
          fee = fromCents(costs.feeCents);
        }
      } catch (err) {
        deps.log.warn({ err, payment: payment.id }, 'could not read a payment from Stripe');
        throw serviceUnavailable('Stripe could not be asked about this payment. Please try again later.');
      }
      if (fee === null && tax === null) throw conflict('Stripe has no charge for this payment yet: there is no fee or tax to read.');
      await db.transaction(async (tx) => {
        const locked = await repo.lockPayment(tx, paymentId);
        if (!locked) throw notFound('Payment not found');
        const next = { stripeFee: fee ?? locked.stripeFee, taxAmount: tax ?? locked.taxAmount };
        await repo.updatePayment(tx, paymentId, { ...next, paymentIntentId: locked.paymentIntentId ?? intent, updatedAt: clock.now() });
        await deps.audit.record(tx, {
          adminId,
          area: 'transactions',
          action: 'payment.refresh-tax',
          targetId: paymentId,
          targetUserId: locked.userId,
          before: { stripe_fee: moneyOrNull(locked.stripeFee), tax_amount: moneyOrNull(locked.taxAmount) },
          after: { stripe_fee: moneyOrNull(next.stripeFee), tax_amount: moneyOrNull(next.taxAmount) },
        });
      });
      return transactionOrThrow(paymentId);
    },

    /**
     * Gives an unassigned payment (no account named, no verified address matched) to an account, by id or address.
     * Its credits (less what a refund already took back) are granted once, under the checkout's own ledger key; a
     * pending one is credited to that account when it completes. Audited.
     */
    async assign(adminId: string, body: AdminTransactionActionBody): Promise<AdminTransaction> {
      if (!body.user_id && !body.email) throw badRequest('Name the account: its user id or its email address.', { field: 'user_id' });
      if (body.user_id && body.email) throw badRequest('Name the account by user id or by email address, not both.', { field: 'email' });
      await db.transaction(async (tx) => {
        const payment = await repo.lockPayment(tx, body.payment_id);
        if (!payment) throw notFound('Payment not found');
        if (payment.userId || payment.anonymousId) throw conflict('This payment already belongs to an account.');
        const userId = body.user_id ? ((await repo.userExists(tx, body.user_id)) ? body.user_id : undefined) : await repo.findUserByEmail(tx, body.email!);
        if (!userId) throw notFound('No account has that user id or email address.');
        const owed = payment.status === 'completed' || payment.status === 'refunded' ? max0(sub(payment.creditsPurchased, payment.creditsReversed)) : '0';
        await repo.updatePayment(tx, payment.id, { userId, customerEmail: null, updatedAt: clock.now() });
        if (cmp(owed, '0') > 0) await helpers.grantAssigned(tx, payment, userId, owed);
        await deps.audit.record(tx, {
          adminId,
          area: 'transactions',
          action: 'payment.assign',
          targetId: payment.id,
          targetUserId: userId,
          before: { user_id: null },
          after: { user_id: userId, credits_granted: normalize(owed) },
        });
      });
      return transactionOrThrow(body.payment_id);
    },

    /** After a checkout completes: its Stripe fee, when the charge's balance transaction exists already. Best effort. */
    async fillFeeAfterCompletion(sessionId: string): Promise<void> {
      const stripe = deps.stripe;
      if (!stripe) return;
      const payment = await repo.findPaymentByProviderId(db, STRIPE_PROVIDER, sessionId);
      if (!payment || payment.status !== 'completed' || payment.stripeFee !== null || !payment.paymentIntentId) return;
      try {
        const costs = await stripe.chargeCosts(payment.paymentIntentId);
        if (costs) await repo.setFeeIfEmpty(db, payment.id, fromCents(costs.feeCents), clock.now());
      } catch (err) {
        deps.log.warn({ err, payment: payment.id }, 'the Stripe fee of a completed payment could not be read yet; an admin can retry it');
      }
    },

    async packages(): Promise<{ packages: AdminPackage[]; test_mode: boolean }> {
      return { packages: (await repo.allPackages(db)).map(packageView), test_mode: helpers.testMode };
    },

    /**
     * A new package, in Stripe mode with its Payment Link made first (the id is chosen here, the link names it), so the
     * audit row shows the link. When Stripe cannot make it the package is still created; the next packages view
     * makes its link (ensurePaymentLinks).
     */
    async createPackage(adminId: string, input: PackageInput): Promise<AdminPackage> {
      const id = randomUUID();
      const link = await relink(null, { ...input, id }).catch(() => undefined); // logged in relink
      return saveWithLink(adminId, 'package.create', id, false, input, link);
    },

    async updatePackage(adminId: string, id: string, input: PackageInput): Promise<AdminPackage> {
      const current = await repo.findPackage(db, id);
      if (!current) throw notFound('Credit package not found');
      return saveWithLink(adminId, 'package.update', id, true, input, await relink(current, { ...input, id }));
    },

    /** Takes a package off sale (kept for the payments that name it); in Stripe mode its link is deactivated. */
    async deactivatePackage(adminId: string, id: string): Promise<AdminPackage> {
      const current = await repo.findPackage(db, id);
      if (!current) throw notFound('Credit package not found');
      const view = packageView(current);
      const input: PackageInput = { ...packageFields(view), is_active: false };
      return saveWithLink(adminId, 'package.deactivate', id, true, input, await relink(current, { ...input, id }));
    },
  };
}

/** Two decimal strings differ (so "5" and "5.00" are the same price). */
function cmpField(a: string, b: string): boolean {
  const numeric = /^-?\d+(\.\d+)?$/;
  return numeric.test(a) && numeric.test(b) ? cmp(a, b) !== 0 : a !== b;
}

export type AdminPayments = ReturnType<typeof createAdminPayments>;
