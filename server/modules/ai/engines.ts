import type { AiEngines } from '../../../contract/ai.ts';
import { toolEngine } from '../../providers/ai/engine.ts';
import type { AiProviders } from '../../providers/ai/types.ts';

/** GET /api/ai/engines: which engine each image tool runs now, its price variant and time estimate. */
export function createEngines(deps: { providers: Pick<AiProviders, 'imageEditor' | 'mockupEditor' | 'vision'> }) {
  return function engines(): AiEngines {
    const { imageEditor, mockupEditor, vision } = deps.providers;
    return {
      tools: {
        'image-variator': toolEngine('image-variator', 'image_generation', imageEditor.name),
        'mockup-generator': toolEngine('mockup-generator', 'mockup', mockupEditor?.name),
        'thumbnail-generator': toolEngine('thumbnail-generator', 'thumbnail', imageEditor.name),
        'ai-headshot': toolEngine('ai-headshot', 'headshot', imageEditor.name),
        'ai-photoshoot': toolEngine('ai-photoshoot', 'photoshoot', imageEditor.name),
        'caption-generator': toolEngine('caption-generator', 'caption', vision?.name),
      },
    };
  };
}
