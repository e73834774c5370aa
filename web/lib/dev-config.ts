/** GET /api/config: answers on the development host only (404 elsewhere). One query for the footer and the tools. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { devConfigResponse, type DevConfig } from '../../contract/system.ts';
import { api, parseAnswer } from './api.ts';

export type { DevConfig };

export const devConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: async (): Promise<DevConfig> => parseAnswer(devConfigResponse, await api.get<unknown>('/config'), 'Failed to load the app config'),
    // A 404 is the answer on production hosts, not a failure worth retrying; the host never changes.
    retry: false,
    staleTime: Infinity,
  });

export const useDevConfig = () => useQuery(devConfigQueryOptions());
