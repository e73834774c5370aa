/** How a credit transaction reads in Recent Transactions (spec 1 §3: purchase and bonus add, any other type is usage). */
import { CREDIT_DECIMALS } from '../../../contract/constants.ts';
import type { CreditTransaction } from '../../../contract/credits.ts';
import { cmp, toFixed } from '../../../contract/decimal.ts';

export type TransactionKind = 'addition' | 'usage';

const LABELS: Record<string, string> = {
  purchase: 'Purchase',
  bonus: 'Bonus',
  usage: 'Usage',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

export function transactionKind(type: string): TransactionKind {
  return type === 'purchase' || type === 'bonus' ? 'addition' : 'usage';
}

export interface TransactionView {
  kind: TransactionKind;
  label: string;
  /** '+5.00', '-0.25': the amount's own sign with 2 decimals. */
  amount: string;
}

export function transactionView(tx: Pick<CreditTransaction, 'type' | 'amount'>): TransactionView {
  const fixed = toFixed(tx.amount, CREDIT_DECIMALS);
  const amount = cmp(tx.amount, 0) > 0 ? `+${fixed}` : fixed;
  return { kind: transactionKind(tx.type), label: LABELS[tx.type] ?? tx.type, amount };
}
