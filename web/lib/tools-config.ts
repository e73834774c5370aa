import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOOLS_CONFIG_CACHE_MS } from '../../contract/constants.ts';
import { CLIENT_MESSAGES } from '../../contract/errors.ts';
import type { ToolConfig } from '../../contract/tools.ts';
import { api } from './api.ts';

export const toolKeys = {
  all: ['tools'] as const,
  config: ['tools', 'config'] as const,
};

/** GET /api/tools/config (with cookies). Any failure reads 'Failed to load tools configuration'. */
export async function fetchToolsConfig(): Promise<ToolConfig[]> {
  try {
    const data = await api.get<{ tools: ToolConfig[] }>('/tools/config');
    return Array.isArray(data.tools) ? data.tools : [];
  } catch (error) {
    console.warn('Tools config request failed', error);
    throw new Error(CLIENT_MESSAGES.toolsLoadFailed, { cause: error });
  }
}

/** Cached for 5 minutes (spec 1 §9). */
export const toolsConfigQueryOptions = () =>
  queryOptions({
    queryKey: toolKeys.config,
    queryFn: fetchToolsConfig,
    staleTime: TOOLS_CONFIG_CACHE_MS,
    gcTime: TOOLS_CONFIG_CACHE_MS * 2,
  });

/** The tool list; empty while loading or after a failure (see `error` for the launcher's message). */
export function useToolsConfig() {
  const query = useQuery(toolsConfigQueryOptions());
  return { ...query, tools: query.data ?? [] };
}
