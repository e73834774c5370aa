/** Credit and payment calls (spec 1 §7, spec 2 §7), checked against the shared schemas. */
import { queryOptions } from '@tanstack/react-query';
import type { Credits } from '../../../contract/auth.ts';
import {
  checkoutStatusSchema,
  creditBalanceResponse,
  creditPackageSchema,
  creditPackagesResponse,
  creditTransactionsResponse,
  testCheckoutOpenedSchema,
  type CheckoutStatus,
  type CreditPackage,
  type CreditTransaction,
} from '../../../contract/credits.ts';
import { spendingResponse, type Spending, type SpendingLimitsRequest } from '../../../contract/spending.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { creditKeys } from '../../lib/query-keys.ts';
import { SPENDING_ERROR } from '../../lib/spending.ts';

export const CREDIT_INFO_ERROR = 'Failed to load credit information';
export const PACKAGES_ERROR = 'Failed to load credit packages';
export const RECENT_TRANSACTIONS_LIMIT = 20;

export async function fetchBalance(): Promise<Credits> {
  const data = await api.get<unknown>('/credits/balance');
  return parseAnswer(creditBalanceResponse, data, CREDIT_INFO_ERROR).balance;
}

export async function fetchTransactions(limit = RECENT_TRANSACTIONS_LIMIT): Promise<CreditTransaction[]> {
  const data = await api.get<unknown>('/credits/transactions', { query: { limit } });
  return parseAnswer(creditTransactionsResponse, data, CREDIT_INFO_ERROR).transactions;
}

export async function fetchPackages(): Promise<CreditPackage[]> {
  const data = await api.get<unknown>('/credits/packages');
  return parseAnswer(creditPackagesResponse, data, PACKAGES_ERROR).packages;
}

export async function saveSpending(body: SpendingLimitsRequest): Promise<Spending> {
  return parseAnswer(spendingResponse, await api.put<unknown>('/account/spending', body), SPENDING_ERROR);
}

export const packagesQueryOptions = () => queryOptions({ queryKey: creditKeys.packages, queryFn: fetchPackages, staleTime: 60_000 });

// --- Test checkout and the return page ---

export async function fetchTestCheckout(packageId: string): Promise<CreditPackage> {
  return parseAnswer(creditPackageSchema, await api.get<unknown>(`/payments/test-checkout/${encodeURIComponent(packageId)}`), PACKAGES_ERROR);
}

/** Opens a checkout of the package: its id is what Confirm settles, once however often it is sent. */
export async function openTestCheckout(packageId: string): Promise<string> {
  const data = await api.post<unknown>(`/payments/test-checkout/${encodeURIComponent(packageId)}/open`);
  return parseAnswer(testCheckoutOpenedSchema, data, 'Checkout could not be opened').checkout_id;
}

export async function confirmTestCheckout(packageId: string, checkoutId: string): Promise<CheckoutStatus> {
  const data = await api.post<unknown>(`/payments/test-checkout/${encodeURIComponent(packageId)}/confirm`, { checkout_id: checkoutId });
  return parseAnswer(checkoutStatusSchema, data, 'Failed to confirm the purchase');
}

/** Cancel on the test checkout page: closes the opened checkout unpaid (a paid one answers 409). */
export async function cancelTestCheckout(packageId: string, checkoutId: string): Promise<CheckoutStatus> {
  const data = await api.post<unknown>(`/payments/test-checkout/${encodeURIComponent(packageId)}/cancel`, { checkout_id: checkoutId });
  return parseAnswer(checkoutStatusSchema, data, 'Failed to cancel the checkout');
}

export async function fetchCheckoutStatus(sessionId: string): Promise<CheckoutStatus> {
  const data = await api.get<unknown>('/payments/checkout-status', { query: { session_id: sessionId } });
  return parseAnswer(checkoutStatusSchema, data, 'Failed to load the payment status');
}

/** Where a payment link leads. Replaced in tests. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
