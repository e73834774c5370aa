import type { PhotoshootRequest, PhotoshootResult, Variety } from '../../../contract/photoshoot.ts';
import { isLocalEngine } from '../../providers/ai/engine.ts';
import { photoshootSalt, renderLocalPhotoshoot } from '../../providers/ai/local/photoshoot.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import { costOf } from '../../providers/ai/cost.ts';
import { imageAnswer, type Lifecycle } from './lifecycle.ts';
import { checkedImage, type ImageLimits } from './preprocess.ts';

export interface PhotoshootDeps {
  lifecycle: Pick<Lifecycle, 'generate'>;
  providers: Pick<AiProviders, 'imageEditor' | 'localVision'>;
  images: ImageLimits;
}

const TOOL = 'ai-photoshoot';

const VARIABILITY: Record<Variety, number> = { Subtle: 3, Creative: 6, Diverse: 8, Experimental: 10 };

/** What a generative provider is asked for: the reference photos, what may change, how boldly, the ratio. */
export function photoshootPrompt(req: PhotoshootRequest): string {
  const change = req.changeOptions.length > 0 ? `Change: ${req.changeOptions.join(', ')}.` : 'Keep everything but small details.';
  const wish = req.prompt.trim() ? ` The user asks: ${req.prompt.trim()}` : '';
  return (
    `Create a new photo from the same photoshoot as the reference image(s): the same person or product, recognisable. ` +
    `${change} Variety: ${req.variety}. Output aspect ratio ${req.outputRatio}.${wish}`
  );
}

/**
 * AI photoshoot (spec 3 §2): one variation of the reference photos per call, priced as `photoshoot`. The local
 * engine reframes and restyles a reference (server/providers/ai/local/photoshoot.ts); a provider generates.
 */
export function createPhotoshoot(deps: PhotoshootDeps) {
  return async function photoshoot(userId: string, req: PhotoshootRequest): Promise<PhotoshootResult> {
    const sources = await Promise.all(req.images.map((image, i) => checkedImage(image, `images.${i}`, deps.images)));
    const editor = deps.providers.imageEditor;
    return deps.lifecycle.generate(
      { userId, tool: TOOL, serviceType: 'photoshoot', description: 'AI photoshoot (1 photo)', provider: editor.name, prompt: req.prompt || null, params: { changeOptions: req.changeOptions, variety: req.variety, outputRatio: req.outputRatio } },
      async (run) => {
        if (isLocalEngine(editor.name)) {
          const { data, text } = await renderLocalPhotoshoot({
            images: sources.map((s) => s.buffer),
            prompt: req.prompt,
            changeOptions: req.changeOptions,
            variety: req.variety,
            outputRatio: req.outputRatio,
            index: req.index ?? 0,
            salt: photoshootSalt(),
            vision: deps.providers.localVision,
          });
          await run.store({ data, entityType: 'generated_image', reencode: false, toolName: TOOL, prompt: req.prompt || null, metadata: { provider: editor.name } });
          return { provider: editor.name, text };
        }
        const output = await editor.editImage({
          images: sources.map((s) => ({ data: s.buffer, mime: s.mime })),
          prompt: photoshootPrompt(req),
          aspectRatio: req.outputRatio,
          variability: VARIABILITY[req.variety],
          signal: run.signal,
        });
        await run.store({ data: output.data, entityType: 'generated_image', toolName: TOOL, prompt: req.prompt || null, metadata: { provider: output.provider, model: output.model ?? null } });
        return { provider: output.provider, model: output.model, text: output.text, providerCost: costOf(output) };
      },
      imageAnswer,
    );
  };
}
