/**
 * Which engine a tool runs now (GET /api/ai/engines) and what it will cost there: the local engine's previews are
 * priced by the `local` variant, a provider's results by `standard`. Every paid image tool quotes through this, so
 * the button, the note beside it and the prediction all name the engine that will really run.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiEnginesResponse, type AiEngines, type ToolEngine } from '../../../contract/ai.ts';
import type { ToolId } from '../../../contract/tools.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { costPredictionQueryOptions } from './cost-prediction.ts';

export async function fetchEngines(): Promise<AiEngines> {
  return parseAnswer(aiEnginesResponse, await api.get<unknown>('/ai/engines'), 'Failed to load the AI engines');
}

export const enginesQueryOptions = queryOptions({ queryKey: ['ai', 'engines'] as const, queryFn: fetchEngines, staleTime: 5 * 60_000 });

/** The engine of one tool (undefined while loading or when the call failed). */
export function useToolEngine(toolId: ToolId): ToolEngine | undefined {
  return useQuery(enginesQueryOptions).data?.tools[toolId];
}

/** The engine of a tool and the cost prediction of one generation there (null cost until both are known). */
export function useToolCost(toolId: ToolId, options: { requiresPreprocessing?: boolean } = {}) {
  const engine = useToolEngine(toolId);
  const prediction = useQuery({
    ...costPredictionQueryOptions({
      serviceType: engine?.service_type ?? '',
      variant: engine?.variant ?? 'standard',
      requiresPreprocessing: options.requiresPreprocessing ?? false,
    }),
    enabled: !!engine,
  });
  return { engine, prediction };
}
