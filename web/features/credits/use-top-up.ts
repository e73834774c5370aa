import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { browserNavigation, packagesQueryOptions } from './api.ts';

export const PAYMENT_PAGE_ERROR = 'Unable to load payment page. Please try again.';

/**
 * Top Up Credits (spec 1 §4 "Credit purchase"): loads the packages and sends the whole page to the first one's
 * payment_link. On failure the user gets the alert 'Unable to load payment page. Please try again.'
 * Resolves true when the page is on its way to the payment page.
 */
export function useTopUp(): () => Promise<boolean> {
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      const packages = await client.fetchQuery({ ...packagesQueryOptions(), staleTime: 0 });
      const link = packages[0]?.payment_link;
      if (!link) throw new Error('No payment packages available');
      browserNavigation.assign(link);
      return true;
    } catch (error) {
      console.error('Top up failed', error);
      window.alert(PAYMENT_PAGE_ERROR);
      return false;
    }
  }, [client]);
}
