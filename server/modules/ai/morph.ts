import type { GeneratedImage, MorphRequest } from '../../../contract/ai.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import { costOf } from '../../providers/ai/cost.ts';
import { imageAnswer, type Lifecycle } from './lifecycle.ts';
import { checkedImage, morphPrompt, prepareSource, type ImageLimits } from './preprocess.ts';

export interface MorphDeps {
  lifecycle: Pick<Lifecycle, 'generate'>;
  providers: Pick<AiProviders, 'imageEditor'>;
  images: ImageLimits;
  /** Debug mode answers the prompt and steps only in development. */
  isDevelopment: boolean;
}

/** AI Image Morpher: one variation of an uploaded image (spec 2 §2). */
export function createMorph(deps: MorphDeps) {
  return async function morph(userId: string, req: MorphRequest): Promise<GeneratedImage> {
    const source = await checkedImage(req.imageData, 'imageData', deps.images);
    const mask = req.maskData ? await checkedImage(req.maskData, 'maskData', deps.images) : null;
    if ((req.extensionDirection == null) !== (req.extensionAmount == null)) {
      throw badRequest('extensionDirection and extensionAmount go together');
    }
    const prepared = await prepareSource(source.buffer, {
      crop: req.cropData,
      extend: req.extensionDirection && req.extensionAmount ? { direction: req.extensionDirection, amount: req.extensionAmount } : null,
      aspectRatio: req.aspectRatioProcessed ? 'original' : req.aspectRatio,
    });
    const userPrompt = (req.userPrompt ?? req.prompt ?? '').trim();
    const prompt = morphPrompt(userPrompt, req.variability, prepared.steps);
    const editor = deps.providers.imageEditor;
    return deps.lifecycle.generate(
      {
        userId,
        tool: 'image-variator',
        serviceType: 'image_generation',
        extras: req.aspectRatio !== 'original' ? [{ serviceType: 'preprocessing' }] : [],
        description: 'AI Image Morpher',
        provider: editor.name,
        prompt: userPrompt || null,
        params: { aspectRatio: req.aspectRatio, variability: req.variability, steps: prepared.steps },
      },
      async (run) => {
        const output = await editor.editImage({
          images: [{ data: prepared.image, mime: 'image/png' }],
          mask: mask ? { data: mask.buffer, mime: mask.mime } : undefined,
          prompt,
          userPrompt,
          aspectRatio: req.aspectRatio === 'original' ? undefined : req.aspectRatio,
          variability: req.variability,
          signal: run.signal,
        });
        await run.store({
          data: output.data,
          entityType: 'generated_image',
          toolName: 'image-variator',
          prompt: userPrompt || null,
          metadata: { aspectRatio: req.aspectRatio, variability: req.variability, provider: output.provider, model: output.model ?? null, edit_mode: editMode(req) },
        });
        return { provider: output.provider, model: output.model, text: output.text, providerCost: costOf(output) };
      },
      (done) => ({
        ...imageAnswer(done),
        ...(req.debugMode && deps.isDevelopment ? { debug: { prompt, steps: prepared.steps, size: [prepared.width, prepared.height] } } : {}),
      }),
    );
  };
}

function editMode(req: MorphRequest): string {
  if (req.extensionDirection) return 'extend';
  if (req.maskData) return 'inpaint';
  if (req.cropData) return 'crop';
  return 'none';
}
