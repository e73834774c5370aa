import { describe, expect, it } from 'vitest';
import { adminCreditAdjustmentBody, loginStatus } from './admin-users.ts';

describe('loginStatus', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('labels the time since the last sign-in with the five labels of spec 3 §4', () => {
    expect(loginStatus(null, now)).toBe('Never logged in');
    expect(loginStatus(ago(-5_000), now)).toBe('Just now');
    expect(loginStatus(ago(0), now)).toBe('Just now');
    expect(loginStatus(ago(5 * 60_000 - 1), now)).toBe('Just now');
    expect(loginStatus(ago(5 * 60_000), now)).toBe('Minutes ago');
    expect(loginStatus(ago(3_600_000 - 1), now)).toBe('Minutes ago');
    expect(loginStatus(ago(3_600_000), now)).toBe('Hours ago');
    expect(loginStatus(ago(86_400_000 - 1).toISOString(), now)).toBe('Hours ago');
    expect(loginStatus(ago(86_400_000), now)).toBe('More than 1 day ago');
  });
});

describe('adminCreditAdjustmentBody', () => {
  it('takes a positive amount of at most 4 decimals and a trimmed reason of 3 to 300 characters', () => {
    expect(adminCreditAdjustmentBody.parse({ direction: 'deduct', amount: ' 0.0001 ', reason: '  Refund  ' })).toEqual({ direction: 'deduct', amount: '0.0001', reason: 'Refund' });
    for (const amount of ['0', '0.0000', '-1', '1.00001', '1e3', '', 'abc', '1000000.0001']) {
      expect(adminCreditAdjustmentBody.safeParse({ direction: 'grant', amount, reason: 'Because' }).success, amount).toBe(false);
    }
    expect(adminCreditAdjustmentBody.safeParse({ direction: 'grant', amount: '1000000', reason: 'Because' }).success).toBe(true);
  });
});
