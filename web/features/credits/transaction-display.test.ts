// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { transactionKind, transactionView } from './transaction-display.ts';

describe('transactionView', () => {
  it('shows purchases and bonuses as additions with a plus sign', () => {
    expect(transactionView({ type: 'purchase', amount: '20.0000' })).toEqual({ kind: 'addition', label: 'Purchase', amount: '+20.00' });
    expect(transactionView({ type: 'bonus', amount: '5.0000' })).toEqual({ kind: 'addition', label: 'Bonus', amount: '+5.00' });
  });

  it('shows usage and refunds as usage with their minus sign, rounded to 2 decimals', () => {
    expect(transactionView({ type: 'usage', amount: '-0.2450' })).toEqual({ kind: 'usage', label: 'Usage', amount: '-0.25' });
    expect(transactionView({ type: 'refund', amount: '-22.0000' })).toEqual({ kind: 'usage', label: 'Refund', amount: '-22.00' });
  });

  it('counts every other type as usage, keeping the amount’s own sign', () => {
    expect(transactionKind('adjustment')).toBe('usage');
    expect(transactionKind('something-new')).toBe('usage');
    expect(transactionView({ type: 'adjustment', amount: '1.5000' }).amount).toBe('+1.50');
    expect(transactionView({ type: 'usage', amount: '0.0000' }).amount).toBe('0.00');
  });
});
