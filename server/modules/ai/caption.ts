import { HASHTAG_COUNT, type CaptionRequest, type CaptionResult } from '../../../contract/captions.ts';
import { previewText } from '../../providers/ai/engine.ts';
import { LOCAL_ENGINE } from '../../providers/ai/local-engine.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import type { ContentService } from '../content/service.ts';
import type { Lifecycle } from './lifecycle.ts';
import { checkedImage, type ImageLimits } from './preprocess.ts';

export interface CaptionDeps {
  lifecycle: Pick<Lifecycle, 'run'>;
  providers: Pick<AiProviders, 'vision' | 'localVision'>;
  content: Pick<ContentService, 'createIn'>;
  images: ImageLimits;
}

/**
 * Caption and hashtag generator (spec 3 §2): a caption and 5-7 hashtags for an image, priced as `caption`, saved as
 * a content item (in the charging transaction: `record`) so it can be shared.
 * (First cut: the local composer is being built.)
 */
export function createCaption(deps: CaptionDeps) {
  return async function caption(userId: string, req: CaptionRequest): Promise<CaptionResult> {
    await checkedImage(req.imageData, 'imageData', deps.images);
    let contentId = 0;
    const { generation, charged, processingTimeMs, preview, result } = await deps.lifecycle.run(
      { userId, tool: 'caption-generator', serviceType: 'caption', description: 'Caption and hashtags', provider: LOCAL_ENGINE, prompt: req.prompt || null },
      async () => {
        const text = req.context?.trim() || 'A moment worth sharing.';
        const hashtags = [...(req.additionalHashtags ?? []), 'creator', 'content', 'daily', 'inspo', 'photooftheday', 'share', 'moments'].slice(0, HASHTAG_COUNT.max);
        return {
          provider: LOCAL_ENGINE,
          caption: text,
          hashtags,
          record: async (tx: Parameters<ContentService['createIn']>[0]) => {
            const row = await deps.content.createIn(tx, { userId, title: text.slice(0, 60), contentType: 'caption', content: `${text}\n\n${hashtags.map((h) => `#${h}`).join(' ')}`, language: req.language ?? 'English', tone: req.tone ?? 'Friendly' });
            contentId = row.id;
          },
        };
      },
    );
    return {
      text: JSON.stringify({ caption: result.caption, hashtags: result.hashtags }),
      caption: previewText(false, result.caption)!,
      hashtags: result.hashtags,
      content_id: contentId,
      provider: result.provider,
      preview,
      credits_used: charged,
      generation_id: generation.id,
      processing_time_ms: processingTimeMs,
    };
  };
}
