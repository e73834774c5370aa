import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** Client errors (4xx) are answers, not hiccups: they are not retried. Everything else is retried once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client. Helpers outside React (e.g. applyLocalCreditUsage) use it too. */
export const queryClient = createQueryClient();
