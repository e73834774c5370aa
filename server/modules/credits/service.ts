import type { Credits } from '../../../contract/auth.ts';
import type { CreditTransaction } from '../../../contract/credits.ts';
import { cmp, fromUnits, min, normalize, sub, toFixed, toUnits } from '../../../contract/decimal.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { payingKey } from '../../lib/paying-key.ts';
import * as repo from './repository.ts';
import { createSpending, spendingCapReached } from './spending.ts';
import type { HoldRow, LedgerType } from './repository.ts';

export interface CreditsDeps {
  db: Db;
  clock: Clock;
  settings: { signupBonusCredits: string; holdTtlMinutes: number };
  /**
   * Called in the transaction that releases an expired hold, so the work it covered (a generation whose
   * process died) is closed in the same commit. Other modules plug in here; credits knows nothing of them.
   */
  onHoldExpired?: (tx: Tx, hold: HoldRow) => Promise<void>;
}

export interface HoldRequest {
  userId: string;
  amount: string;
  serviceType: string;
  variant?: string;
  description: string;
  /** Longer than HOLD_TTL_MINUTES for work known to take long (a long recording's transcription). */
  ttlMinutes?: number;
}

/** The 402 every tool answers when a hold would take the available balance below zero. */
export function insufficientCredits(required: string, available: string): AppError {
  const deficit = normalize(fromUnits(toUnits(required) - toUnits(available)));
  return new AppError(
    'INSUFFICIENT_CREDITS',
    `Insufficient credits. This needs ${toFixed(required)} credits, but you have ${toFixed(available)} available.`,
    { required_credits: normalize(required), available_credits: normalize(available), deficit },
  );
}

/** An account row's figures as the API shows them (an account not made yet has nothing). */
export function toCredits(account: Pick<repo.AccountRow, 'balance' | 'held' | 'lifetimeUsed' | 'lifetimePurchased'> | null | undefined): Credits {
  const balance = account?.balance ?? '0';
  const held = account?.held ?? '0';
  return {
    balance: normalize(balance),
    available_credits: normalize(sub(balance, held)),
    lifetime_used: normalize(account?.lifetimeUsed ?? '0'),
    lifetime_purchased: normalize(account?.lifetimePurchased ?? '0'),
  };
}

/**
 * The only writer of credits. Every change is a ledger row with a unique idempotency key, applied in the
 * same transaction as the account row; work in progress is covered by holds that are captured or released.
 */
export function createCreditsService(deps: CreditsDeps) {
  const { db, clock, settings } = deps;

  /** Adds credits once per idempotency key. Answers whether this call applied it. */
  async function grant(
    tx: DbOrTx,
    entry: { userId: string; type: Extract<LedgerType, 'purchase' | 'bonus' | 'adjustment'>; amount: string; description: string; idempotencyKey: string },
  ): Promise<boolean> {
    if (cmp(entry.amount, '0') <= 0) throw badRequest('A grant must be positive');
    await repo.ensureAccount(tx, entry.userId);
    await repo.lockAccount(tx, entry.userId);
    if (await repo.ledgerKeyExists(tx, entry.idempotencyKey)) return false;
    await repo.appendLedger(tx, { ...entry, amount: normalize(entry.amount), now: clock.now() });
    return true;
  }

  /**
   * Takes back up to `amount` credits (a refund or dispute), never below what is available, once per key.
   * Answers what was taken and what could not be.
   */
  async function takeBack(
    tx: DbOrTx,
    entry: { userId: string; type: Extract<LedgerType, 'refund' | 'adjustment'>; amount: string; description: string; idempotencyKey: string },
  ): Promise<{ applied: boolean; taken: string; shortfall: string }> {
    await repo.ensureAccount(tx, entry.userId);
    const account = await repo.lockAccount(tx, entry.userId);
    if (await repo.ledgerKeyExists(tx, entry.idempotencyKey)) return { applied: false, taken: '0.0000', shortfall: '0.0000' };
    const available = sub(account!.balance, account!.held);
    const taken = cmp(available, '0') > 0 ? min(entry.amount, available) : '0.0000';
    const shortfall = sub(entry.amount, taken);
    if (cmp(taken, '0') > 0) {
      await repo.appendLedger(tx, { ...entry, amount: normalize(`-${taken}`), now: clock.now() });
    }
    return { applied: true, taken, shortfall };
  }

  /**
   * An admin's manual adjustment in the caller's transaction: one `adjustment` row carrying the admin as its actor,
   * signed by direction. A deduction never takes the available balance (balance − held) below zero (409, nothing
   * written). Once per idempotency key: a repeat answers the row the first call wrote (`applied: false`); the same key
   * for another user or amount is a 409. Answers the account before and after.
   */
  async function adjust(
    tx: DbOrTx,
    entry: { userId: string; actorId: string; direction: 'grant' | 'deduct'; amount: string; description: string; idempotencyKey: string },
  ) {
    const amount = normalize(entry.amount);
    if (cmp(amount, '0') <= 0) throw badRequest('An adjustment must be positive');
    const signed = entry.direction === 'grant' ? amount : normalize(`-${amount}`);
    await repo.ensureAccount(tx, entry.userId);
    const account = (await repo.lockAccount(tx, entry.userId))!;
    const before = toCredits(account);
    const existing = await repo.ledgerByKey(tx, entry.idempotencyKey);
    if (existing) {
      if (existing.userId !== entry.userId || existing.type !== 'adjustment' || cmp(existing.amount, signed) !== 0) {
        throw conflict('This adjustment key was already used for a different adjustment. Reload and try again.');
      }
      return { applied: false, row: existing, before, after: before };
    }
    if (entry.direction === 'deduct' && cmp(amount, before.available_credits) > 0) {
      throw conflict(
        `Cannot deduct ${toFixed(amount)} credits: the user has ${toFixed(before.available_credits)} available, and a balance never goes below zero.`,
        { available_credits: before.available_credits },
      );
    }
    const row = await repo.appendLedger(tx, {
      userId: entry.userId,
      type: 'adjustment',
      amount: signed,
      description: entry.description,
      idempotencyKey: entry.idempotencyKey,
      actorId: entry.actorId,
      now: clock.now(),
    });
    return { applied: true, row, before, after: toCredits((await repo.getAccount(tx, entry.userId))!) };
  }

  /** Gives a hold back in full inside the caller's transaction; answers the hold only to the caller that released it. */
  function releaseIn(tx: DbOrTx, holdId: string): Promise<HoldRow | undefined> {
    return repo.releaseHold(tx, holdId, clock.now());
  }

  /** Gives a hold back in full, in one statement of its own. Safe to call twice; answers whether this call released it. */
  async function release(holdId: string): Promise<boolean> {
    return !!(await releaseIn(db, holdId));
  }

  type CaptureOptions = { amount?: string; generationType?: string | null; description?: string };

  /**
   * Charges a hold inside the caller's transaction, so a generation's charge and its record commit together:
   * the quoted amount, or less when the real cost was lower (the rest is released). Safe to call twice; a
   * released hold cannot be captured.
   */
  async function captureIn(tx: DbOrTx, holdId: string, options: CaptureOptions = {}) {
    if (options.amount !== undefined && cmp(options.amount, '0') < 0) throw badRequest('A charge cannot be negative');
    // One statement: the hold row is locked first and the account second, the same order as release (no deadlocks);
    // a repeat or a lost race answers what the hold had become.
    const { outcome, charged, lowBalance } = await repo.captureHold(tx, holdId, {
      now: clock.now(),
      maxCharge: options.amount === undefined ? null : normalize(options.amount),
      description: options.description ?? null,
      generationType: options.generationType ?? null,
    });
    // lowBalance: this charge took the balance below the user's alert; the caller tells them once it has committed.
    if (outcome === 'captured') return { charged: normalize(charged!), alreadySettled: false, lowBalance };
    if (outcome === 'missing') throw notFound('Hold not found');
    if (outcome === 'already_captured') return { charged: normalize(charged ?? '0'), alreadySettled: true, lowBalance: null };
    throw conflict('This generation was already cancelled; nothing was charged.');
  }

  return {
    grant,
    takeBack,
    adjust,
    /** The spending limits the holds keep to (spending.ts). */
    spending: createSpending({ db, clock }),

    async account(userId: string): Promise<Credits> {
      return toCredits(await repo.getAccount(db, userId));
    },

    /** Gives a new user the sign-up bonus, once (called in the sign-up transaction). */
    async grantSignupBonus(tx: DbOrTx, userId: string, options: { bonus?: boolean } = {}): Promise<void> {
      await repo.ensureAccount(tx, userId);
      // `bonus: false`: the address belonged to a deleted account, which had its bonus already.
      if (options.bonus === false || cmp(settings.signupBonusCredits, '0') <= 0) return;
      await grant(tx, {
        userId,
        type: 'bonus',
        amount: settings.signupBonusCredits,
        description: 'Welcome bonus',
        idempotencyKey: `signup:${userId}`,
      });
    },

    /**
     * Reserves the quoted cost of a generation; 402 when it would take the available balance below zero. A zero hold
     * (a free local-engine preview) reserves nothing but keeps the one lifecycle: capture, release and the sweep.
     */
    async hold(request: HoldRequest): Promise<HoldRow> {
      const amount = normalize(request.amount);
      if (cmp(amount, '0') < 0) throw badRequest('A hold cannot be negative');
      const now = clock.now();
      // HOLD_TTL_MINUTES for every hold, unless the work is known to take longer: the sweep treats work older than
      // this as dead.
      const ttl = Math.max(settings.holdTtlMinutes, request.ttlMinutes ?? 0);
      const hold = {
        userId: request.userId,
        amount,
        serviceType: request.serviceType,
        serviceVariant: request.variant ?? 'standard',
        description: request.description,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttl * 60_000),
      };
      // One statement reserves and opens the hold, or does neither. Every user has an account from sign-up on; one
      // missing simply has nothing to hold.
      // The key a call was made with (server/lib/paying-key.ts) has its own cap within the account's.
      const held = { ...hold, apiKeyId: payingKey() };
      const opened = await repo.openHold(db, held);
      if (opened.holdId !== null) return { id: opened.holdId, status: 'open', capturedAmount: null, settledAt: null, ...held };
      if (opened.capped) throw spendingCapReached(opened, amount, now);
      throw insufficientCredits(amount, opened.available ?? '0');
    },

    captureIn,

    /**
     * Gives an open hold `ttlMinutes` from now (at least HOLD_TTL_MINUTES): a batch item held for its wait in the queue
     * gets the lifetime of its work once a worker starts it, so the sweep sees a dead worker as soon as for any other.
     */
    async renewHold(holdId: string, ttlMinutes: number): Promise<boolean> {
      const ttl = Math.max(settings.holdTtlMinutes, ttlMinutes);
      return repo.renewHold(db, holdId, new Date(clock.now().getTime() + ttl * 60_000));
    },

    /**
     * Releases a hold inside the caller's transaction, so a failed generation's refund and its 'failed' record
     * commit together (a kill in between cannot leave one without the other). Answers whether this call released it.
     */
    releaseIn: async (tx: Tx, holdId: string) => !!(await releaseIn(tx, holdId)),

    /** Charges a hold in one statement of its own (see captureIn). */
    capture: (holdId: string, options: CaptureOptions = {}) => captureIn(db, holdId, options),

    release,

    /**
     * Releases holds left open past their expiry (a crashed process) and, in the same transaction, lets
     * onHoldExpired close the work each one covered; run by a scheduled job.
     */
    async releaseExpiredHolds(batch = 500): Promise<number> {
      const expired = await repo.expiredOpenHolds(db, clock.now(), batch);
      let released = 0;
      for (const { id } of expired) {
        const done = await db.transaction(async (tx) => {
          const hold = await releaseIn(tx, id);
          if (hold) await deps.onHoldExpired?.(tx, hold);
          return !!hold;
        });
        if (done) released++;
      }
      return released;
    },

    async transactions(userId: string, limit = 50): Promise<CreditTransaction[]> {
      const rows = await repo.listTransactions(db, userId, limit);
      return rows.map((r) => ({
        uuid: r.id,
        type: r.type,
        amount: normalize(r.amount),
        balance_after: normalize(r.balanceAfter),
        created_at: r.createdAt.toISOString(),
        description: r.description,
        generation_type: r.generationType,
        generation_id: r.generationId,
      }));
    },

    /** For invariant checks: the ledger sum and open holds of a user. */
    async audit(userId: string) {
      const account = await repo.getAccount(db, userId);
      return {
        balance: normalize(account?.balance ?? '0'),
        held: normalize(account?.held ?? '0'),
        ledgerSum: normalize(await repo.ledgerSum(db, userId)),
        openHolds: normalize(await repo.openHoldSum(db, userId)),
      };
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
