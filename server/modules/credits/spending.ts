import { capReachedMessage, monthOf, monthResetsAt, type Spending, type SpendingCapDetails, type SpendingLimitsRequest } from '../../../contract/spending.ts';
import { add, cmp, normalize } from '../../../contract/decimal.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { payingKey } from '../../lib/paying-key.ts';
import * as repo from './repository.ts';
import type { CapReached } from './repository.ts';

/** The 402 of a hold a monthly cap stopped (the account's or the paying key's): nothing was held. */
export function spendingCapReached(reached: CapReached, required: string, now: Date): AppError {
  const details: SpendingCapDetails = {
    cap_scope: reached.capped === 'account' ? 'account' : 'api_key',
    monthly_cap: normalize(reached.cap),
    spent_this_month: normalize(reached.spent),
    required_credits: normalize(required),
    resets_at: monthResetsAt(now).toISOString(),
  };
  const change = reached.capped === 'account' ? 'Raise or remove the cap in the dashboard (Credits)' : 'Create a key with a higher cap in the dashboard (API keys)';
  return new AppError('SPENDING_CAP_REACHED', `${capReachedMessage(details, { refused: true })} ${change}.`, details);
}

/** What counts against the account's cap in `month`: its captures then, and every hold open now. */
const spentBy = (account: repo.AccountRow, month: string) => add(account.spentMonth === month ? account.spentInMonth : '0', account.held);

/**
 * Spending limits (contract/spending.ts): the account's monthly cap and low-balance alert, this month's spending,
 * and the cap check a batch makes before it holds anything. credit_hold enforces the caps on every hold; this reads
 * the same figures for what the user is shown.
 */
export function createSpending(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function view(userId: string): Promise<Spending> {
    const now = clock.now();
    const account = await repo.getAccount(db, userId);
    const alert = account?.lowBalanceAlert ?? null;
    const below = account && alert !== null && cmp(account.balance, alert) < 0;
    return {
      monthly_cap: account?.monthlyCap == null ? null : normalize(account.monthlyCap),
      low_balance_alert: alert === null ? null : normalize(alert),
      spent_this_month: normalize(account ? spentBy(account, monthOf(now)) : '0'),
      resets_at: monthResetsAt(now).toISOString(),
      low_balance: below ? { balance: normalize(account.balance), since: account.lowBalanceSince?.toISOString() ?? null } : null,
    };
  }

  return {
    view,

    async set(userId: string, request: SpendingLimitsRequest): Promise<Spending> {
      await repo.setSpendingLimits(db, userId, { monthlyCap: request.monthly_cap, lowBalanceAlert: request.low_balance_alert, now: clock.now() });
      return view(userId);
    },

    /**
     * The error a hold of `amount` made now would meet at the account's or the paying key's cap, or null: a batch
     * checks its whole quote before holding any item, so a cap refuses it whole.
     */
    async capError(userId: string, amount: string): Promise<AppError | null> {
      const now = clock.now();
      const month = monthOf(now);
      const account = await repo.getAccount(db, userId);
      if (account?.monthlyCap != null) {
        const spent = spentBy(account, month);
        if (cmp(add(spent, amount), account.monthlyCap) > 0) return spendingCapReached({ capped: 'account', cap: account.monthlyCap, spent }, amount, now);
      }
      const keyId = payingKey();
      const key = keyId ? await repo.keySpending(db, keyId, month) : undefined;
      if (key?.cap != null && cmp(add(key.spent, amount), key.cap) > 0) return spendingCapReached({ capped: 'key', cap: key.cap, spent: key.spent }, amount, now);
      return null;
    },
  };
}

export type SpendingService = ReturnType<typeof createSpending>;
