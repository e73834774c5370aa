import type { AiEngines } from '../../../contract/ai.ts';
import { toolEngines } from '../../providers/ai/engine.ts';
import type { AiProviders, SpeechTranscriber } from '../../providers/ai/types.ts';

/**
 * GET /api/ai/engines: which engine each tool runs now, its price variant and time estimate. Transcription's engine
 * is the one a new transcription would run on (`currentTranscriber`: System Settings' choice, else the server's), so
 * the price quoted is the one charged.
 */
export function createEngines(deps: {
  providers: Pick<AiProviders, 'imageEditor' | 'mockupEditor' | 'vision' | 'transcriber'>;
  currentTranscriber?: () => Promise<SpeechTranscriber | null>;
}) {
  return async (): Promise<AiEngines> => {
    const transcriber = deps.currentTranscriber ? await deps.currentTranscriber() : deps.providers.transcriber;
    return { tools: toolEngines({ ...deps.providers, transcriber }) };
  };
}
