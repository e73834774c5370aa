import type { AiEngines } from '../../../contract/ai.ts';
import { toolEngines } from '../../providers/ai/engine.ts';
import type { AiProviders } from '../../providers/ai/types.ts';

/** GET /api/ai/engines: which engine each tool runs now, its price variant and time estimate. */
export function createEngines(deps: { providers: Pick<AiProviders, 'imageEditor' | 'mockupEditor' | 'vision' | 'transcriber'> }) {
  return (): AiEngines => ({ tools: toolEngines(deps.providers) });
}
