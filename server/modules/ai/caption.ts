import { CAPTION_DEFAULTS, contextFits, HASHTAG_COUNT, type CaptionRequest, type CaptionResult } from '../../../contract/captions.ts';
import { LOCAL_ENGINE } from '../../providers/ai/local-engine.ts';
import { composeCaption, contextKeywords, imageFacts, postText, settleHashtags, type Caption, type CaptionSettings } from '../../providers/ai/local/caption.ts';
import { ProviderError, type AiProviders, type ProviderCost } from '../../providers/ai/types.ts';
import { costOf } from '../../providers/ai/cost.ts';
import type { ContentService } from '../content/service.ts';
import { captionPrompt, parseCaptionAnswer } from './caption-answer.ts';
import type { Lifecycle } from './lifecycle.ts';
import { checkedImage, type ImageLimits } from './preprocess.ts';

export interface CaptionDeps {
  lifecycle: Pick<Lifecycle, 'generate'>;
  providers: Pick<AiProviders, 'vision' | 'localVision'>;
  content: Pick<ContentService, 'createIn'>;
  images: ImageLimits;
}

/** Words of the caption's start, for the content item's title. */
export function captionTitle(caption: string): string {
  const words = caption.replace(/\s+/g, ' ').trim().split(' ');
  let title = '';
  for (const word of words) {
    if (title && [...`${title} ${word}`].length > 60) return `${title}…`;
    title = title ? `${title} ${word}` : word;
    if (words.length > 8 && title.split(' ').length === 8) return `${title}…`;
  }
  // One long run of characters (Japanese, Mandarin) has no spaces to break at.
  return [...title].length > 60 ? `${[...title].slice(0, 59).join('')}…` : title || 'Caption';
}

/**
 * Caption and hashtag generator (spec 3 §2): a caption and 5-7 hashtags for an image, priced as `caption`, saved as
 * a content item in the charging transaction (so the share button and /content/{id} work for it). A vision provider
 * writes it from our prompt; without one the local composer does, and the answer says it is a preview.
 */
export function createCaption(deps: CaptionDeps) {
  const { vision, localVision } = deps.providers;
  return async function caption(userId: string, req: CaptionRequest): Promise<CaptionResult> {
    const image = await checkedImage(req.imageData, 'imageData', deps.images);
    const settings: CaptionSettings = {
      platform: req.platform ?? CAPTION_DEFAULTS.platform,
      length: req.length ?? CAPTION_DEFAULTS.length,
      tone: req.tone ?? CAPTION_DEFAULTS.tone,
      language: req.language ?? CAPTION_DEFAULTS.language,
      // The spec's body carries only `prompt`: without a separate context it is the creator's context.
      context: (req.context ?? req.prompt ?? '').trim(),
      additionalHashtags: req.additionalHashtags ?? [],
    };
    const provider = vision?.name ?? LOCAL_ENGINE;
    let contentId = 0;

    return deps.lifecycle.generate(
      { userId, tool: 'caption-generator', serviceType: 'caption', description: 'Caption and hashtags', provider, prompt: settings.context || null, params: { ...settings } },
      async (run) => {
        let answer: Caption & { provider: string; providerCost?: ProviderCost };
        if (vision) {
          const described = await vision.describe({ image: { data: image.buffer, mime: image.mime }, prompt: captionPrompt(settings), signal: run.signal });
          const parsed = parseCaptionAnswer(described.text);
          if (!parsed.caption) throw new ProviderError(described.provider, `${described.provider} sent no caption`, undefined, 'server');
          // The model's own list, held to 5-7 with the creator's hashtags in it, topped up from the context's words
          // when the context is written in the caption's language.
          const topUp = contextFits(settings.context, settings.language) ? contextKeywords(settings.context) : [];
          const hashtags = settleHashtags(settings.additionalHashtags, parsed.hashtags, topUp, HASHTAG_COUNT.max);
          answer = { caption: parsed.caption, hashtags, provider: described.provider, providerCost: costOf(described) };
        } else {
          answer = { ...composeCaption(settings, await imageFacts(image.buffer, localVision)), provider: LOCAL_ENGINE };
        }
        return {
          ...answer,
          record: async (tx: Parameters<ContentService['createIn']>[0]) => {
            const row = await deps.content.createIn(tx, {
              userId,
              title: captionTitle(answer.caption),
              contentType: 'caption',
              content: postText(answer),
              language: settings.language,
              tone: settings.tone,
            });
            contentId = row.id;
          },
        };
      },
      ({ generation, charged, processingTimeMs, preview, result }) => ({
        text: JSON.stringify({ caption: result.caption, hashtags: result.hashtags }),
        caption: result.caption,
        hashtags: result.hashtags,
        content_id: contentId,
        provider: result.provider,
        preview,
        credits_used: charged,
        generation_id: generation.id,
        processing_time_ms: processingTimeMs,
      }),
    );
  };
}
