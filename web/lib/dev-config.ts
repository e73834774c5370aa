/** GET /api/config: answers on the development host only (404 elsewhere). One query for the footer and the tools. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEVELOPMENT_HOST_META } from '../../contract/pages.ts';
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
    // Only the development host's document carries the meta tag (server/http/web-app.ts): elsewhere the call would
    // be a 404 logged as an error on every page load.
    enabled: isDevelopmentHost(),
  });

export function isDevelopmentHost(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`meta[name="${DEVELOPMENT_HOST_META}"]`) !== null;
}

export const useDevConfig = () => useQuery(devConfigQueryOptions());
