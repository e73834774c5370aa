import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { packagesQueryOptions } from './api.ts';

export const PAYMENT_PAGE_ERROR = 'Unable to load payment page. Please try again.';

/**
 * The start of Top Up Credits: loads the packages so the picker opens with them. Resolves true when there is at least
 * one to choose; otherwise the user gets the spec's alert 'Unable to load payment page. Please try again.' (spec 1 §8).
 */
export function useTopUp(): () => Promise<boolean> {
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      const packages = await client.fetchQuery({ ...packagesQueryOptions(), staleTime: 0 });
      if (packages.length === 0) throw new Error('No payment packages available');
      return true;
    } catch (error) {
      console.error('Top up failed', error);
      window.alert(PAYMENT_PAGE_ERROR);
      return false;
    }
  }, [client]);
}
