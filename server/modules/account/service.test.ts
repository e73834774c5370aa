import { describe, expect, it } from 'vitest';
import { storageInfo, welcomeOf } from './service.ts';

describe('storageInfo', () => {
  it('reports an empty account as 0% of its quota', () => {
    expect(storageInfo(0, 5)).toEqual({
      used_bytes: 0,
      used_gb: 0,
      quota_gb: 5,
      percentage_used: 0,
      available_bytes: 5 * 1024 ** 3,
    });
  });

  it('computes percentage and never reports negative space left', () => {
    const half = storageInfo(2.5 * 1024 ** 3, 5);
    expect(half.percentage_used).toBe(50);
    expect(half.used_gb).toBe(2.5);
    expect(storageInfo(6 * 1024 ** 3, 5).available_bytes).toBe(0);
  });
});

describe('welcomeOf', () => {
  it('greets only the session that created the account, with the bonus sign-up gave or 0', () => {
    expect(welcomeOf(null)).toBeNull();
    expect(welcomeOf('5.0000')).toEqual({ signup_bonus: '5.0000' });
    expect(welcomeOf('2.5')).toEqual({ signup_bonus: '2.5000' });
    expect(welcomeOf('0.0000')).toEqual({ signup_bonus: '0' });
  });
});
