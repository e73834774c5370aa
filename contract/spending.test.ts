import { describe, expect, it } from 'vitest';
import { accountCapReached, capReachedMessage, monthResetsAt } from './spending.ts';

const spending = (monthly_cap: string | null, spent_this_month: string) => ({ monthly_cap, spent_this_month, resets_at: '2026-12-01T00:00:00.000Z' });

describe('accountCapReached', () => {
  it('gives the 402 figures only when the cost would take the month past the cap', () => {
    expect(accountCapReached(spending('3.0000', '2.5000'), '0.6')).toEqual({
      cap_scope: 'account',
      monthly_cap: '3.0000',
      spent_this_month: '2.5000',
      required_credits: '0.6',
      resets_at: '2026-12-01T00:00:00.000Z',
    });
    // Up to the cap exactly is allowed, as credit_hold allows it.
    expect(accountCapReached(spending('3.0000', '2.4000'), '0.6')).toBeNull();
    expect(accountCapReached(spending(null, '99.0000'), '0.6')).toBeNull();
    // A free preview never passes a cap, even a cap of 0.
    expect(accountCapReached(spending('0.0000', '0.0000'), '0.0000')).toBeNull();
    expect(accountCapReached(spending('0.0000', '0.0000'), '0.0001')).not.toBeNull();
  });
});

describe('capReachedMessage', () => {
  const details = { monthly_cap: '0.3', spent_this_month: '0', required_credits: '0.6', resets_at: monthResetsAt(new Date('2026-11-29T12:00:00Z')).toISOString() };

  it('says what is needed, the cap, the month so far and the reset day; after a refusal also that nothing was charged', () => {
    expect(capReachedMessage({ ...details, cap_scope: 'account' }, { refused: false })).toBe(
      'This needs 0.60 credits, which would pass your monthly spending cap of 0.30 credits: 0.00 are spent or reserved this month. The cap resets on December 1, 2026 (UTC).',
    );
    expect(capReachedMessage({ ...details, cap_scope: 'api_key' }, { refused: true })).toBe(
      "This needs 0.60 credits, which would pass this API key's monthly cap of 0.30 credits: 0.00 are spent or reserved this month. Nothing was charged. The cap resets on December 1, 2026 (UTC).",
    );
  });
});
