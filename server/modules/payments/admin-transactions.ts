import { adminPagination } from '../../../contract/admin.ts';
import { Readable } from 'node:stream';
import {
  TRANSACTION_CSV_COLUMNS,
  type AdminTransaction,
  type AdminTransactionActionBody,
  type AdminTransactionsQuery,
  type AdminTransactionsResponse,
} from '../../../contract/admin-payments.ts';
import { cmp, fromCents, max0, normalize, sub } from '../../../contract/decimal.ts';
import { DAY_MS } from '../../../contract/time.ts';
import { csvRow } from '../../lib/csv.ts';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { PaymentsDeps } from './deps.ts';
import { STRIPE_PROVIDER, idOf, money, moneyOrNull } from './payment-status.ts';
import * as repo from './repository.ts';
import type { CheckoutSettlement } from './settle-checkout.ts';
import type { TransactionFilters, TransactionRow } from './repository.ts';

const EXPORT_BATCH = 500;

/** The query's calendar days (UTC, both inclusive) as a created_at range. */
function filtersOf(q: Pick<AdminTransactionsQuery, 'start_date' | 'end_date' | 'status'>): TransactionFilters {
  return {
    ...(q.start_date ? { from: new Date(`${q.start_date}T00:00:00Z`) } : {}),
    ...(q.end_date ? { before: new Date(new Date(`${q.end_date}T00:00:00Z`).getTime() + DAY_MS) } : {}),
    ...(q.status ? { status: q.status } : {}),
  };
}

function transactionView(r: TransactionRow): AdminTransaction {
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

/**
 * The Stripe Transactions tab: the list and its CSV export, reading a payment's fee and tax again, assigning a payment
 * that named no account; and the fee of a payment just completed. Every write runs in one transaction with its audit row.
 */
export function createAdminTransactions(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'stripe' | 'audit' | 'log'>,
  helpers: { grantAssigned: CheckoutSettlement['grantAssigned'] },
) {
  const { db, clock } = deps;

  async function transactionOrThrow(id: string): Promise<AdminTransaction> {
    const row = await repo.findTransaction(db, id);
    if (!row) throw notFound('Payment not found');
    return transactionView(row);
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
        intent = idOf(session.payment_intent) ?? intent;
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
  };
}
