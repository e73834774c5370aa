/** GET /api/config: answers on the development host only (404 elsewhere). One query for the footer and the tools. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export interface DevConfig {
  database: string;
  environment: string;
}

export const devConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: () => api.get<DevConfig>('/config'),
    // A 404 is the answer on production hosts, not a failure worth retrying; the host never changes.
    retry: false,
    staleTime: Infinity,
  });

export const useDevConfig = () => useQuery(devConfigQueryOptions());
