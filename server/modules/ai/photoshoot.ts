import sharp from 'sharp';
import type { PhotoshootRequest, PhotoshootResult } from '../../../contract/photoshoot.ts';
import { previewText } from '../../providers/ai/engine.ts';
import { LOCAL_ENGINE } from '../../providers/ai/local-engine.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import { fileUrl, type Lifecycle } from './lifecycle.ts';
import { checkedImage, ratioValue, type ImageLimits } from './preprocess.ts';

export interface PhotoshootDeps {
  lifecycle: Pick<Lifecycle, 'run'>;
  providers: Pick<AiProviders, 'imageEditor' | 'localVision'>;
  images: ImageLimits;
}

const TOOL = 'ai-photoshoot';

/**
 * AI photoshoot (spec 3 §2): one variation of the reference photos per call, priced as `photoshoot`.
 * (First cut: the local engine reframes the first photo to the output ratio; the variation logic is being built.)
 */
export function createPhotoshoot(deps: PhotoshootDeps) {
  return async function photoshoot(userId: string, req: PhotoshootRequest): Promise<PhotoshootResult> {
    const sources = await Promise.all(req.images.map((image, i) => checkedImage(image, `images.${i}`, deps.images)));
    const editor = deps.providers.imageEditor;
    const { generation, files, charged, processingTimeMs, preview, result } = await deps.lifecycle.run(
      { userId, tool: TOOL, serviceType: 'photoshoot', description: 'AI photoshoot (1 photo)', provider: editor.name, prompt: req.prompt || null, params: { changeOptions: req.changeOptions, variety: req.variety, outputRatio: req.outputRatio } },
      async (run) => {
        const ratio = ratioValue(req.outputRatio);
        const { width = 512 } = await sharp(sources[0]!.buffer).metadata();
        const data = await sharp(sources[0]!.buffer)
          .resize(Math.round(width), Math.round(width / ratio), { fit: 'cover', position: 'attention' })
          .png()
          .toBuffer();
        await run.store({ data, entityType: 'generated_image', toolName: TOOL, prompt: req.prompt || null, metadata: { provider: LOCAL_ENGINE } });
        return { provider: LOCAL_ENGINE, text: `Reframed your first photo to ${req.outputRatio}.` };
      },
    );
    const file = files[0]!;
    return {
      image: fileUrl(file.id),
      uuid: file.id,
      text: previewText(preview, result.text),
      provider: result.provider,
      preview,
      credits_used: charged,
      generation_id: generation.id,
      processing_time_ms: processingTimeMs,
    };
  };
}
