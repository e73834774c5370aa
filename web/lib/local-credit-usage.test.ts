// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Credits } from '../../contract/auth.ts';
import { profileQueryKey, type AuthSnapshot } from './session/profile.ts';
import { applyLocalCreditUsage, CREDIT_REFRESH_DELAY_MS, deductCredits } from './local-credit-usage.ts';

const credits = (balance: string, available = balance): Credits => ({
  balance,
  available_credits: available,
  lifetime_used: '1.0000',
  lifetime_purchased: '20.0000',
});

const snapshot = (c: Credits): AuthSnapshot => ({
  user: { id: 'u1', email: 'a@b.co', name: 'A', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null },
  session: { csrf_token: 't', expires_at: '2027-01-01T00:00:00Z' },
  storage: null,
  credits: c,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('deductCredits', () => {
  it('lowers balance and available credits and raises lifetime used', () => {
    expect(deductCredits(credits('10.0000', '8.0000'), '0.35')).toEqual({
      balance: '9.6500',
      available_credits: '7.6500',
      lifetime_used: '1.3500',
      lifetime_purchased: '20.0000',
    });
  });

  it('never goes below zero', () => {
    const after = deductCredits(credits('0.50', '0.20'), 2);
    expect(after.balance).toBe('0.0000');
    expect(after.available_credits).toBe('0.0000');
    expect(after.lifetime_used).toBe('3.0000');
  });
});

describe('applyLocalCreditUsage', () => {
  it('updates the cached session at once and re-reads the profile about 2 s later', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    client.setQueryData(profileQueryKey, snapshot(credits('5.00')));
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();

    applyLocalCreditUsage('1.25', client);
    expect(client.getQueryData(profileQueryKey)?.credits?.balance).toBe('3.7500');
    expect(invalidate).not.toHaveBeenCalled();

    vi.advanceTimersByTime(CREDIT_REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: profileQueryKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['credits'] });
  });

  it('does nothing when signed out', () => {
    const client = new QueryClient();
    client.setQueryData(profileQueryKey, null);
    applyLocalCreditUsage(1, client);
    expect(client.getQueryData(profileQueryKey)).toBeNull();
  });
});
