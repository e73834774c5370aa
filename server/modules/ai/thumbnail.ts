import sharp from 'sharp';
import type { GeneratedImage } from '../../../contract/ai.ts';
import { REALISM_LABELS, THUMBNAIL_SIZE, THUMBNAIL_STYLES, type ThumbnailRequest } from '../../../contract/thumbnail.ts';
import { isLocalEngine } from '../../providers/ai/engine.ts';
import { findFaces, renderThumbnail, thumbnailFrame } from '../../providers/ai/local/thumbnail.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import { costOf } from '../../providers/ai/cost.ts';
import { imageAnswer, type Lifecycle } from './lifecycle.ts';
import { checkedImage, type ImageLimits } from './preprocess.ts';

export interface ThumbnailDeps {
  lifecycle: Pick<Lifecycle, 'generate'>;
  providers: Pick<AiProviders, 'imageEditor' | 'localVision'>;
  images: ImageLimits;
}

const TOOL = 'thumbnail-generator';

/** The text the creator wants on the thumbnail: only when the overlay is on and the text is not blank. */
export const overlayText = (req: Pick<ThumbnailRequest, 'addText' | 'thumbnailText'>) => (req.addText ? (req.thumbnailText?.trim() ?? '') : '');

/** The instruction a provider gets: the frame as the base, the style's look, the realism level, the edit, the text. */
export function thumbnailPrompt(req: ThumbnailRequest): string {
  const style = THUMBNAIL_STYLES.find((s) => s.id === req.style)!;
  const edit = (req.prompt ?? req.userPrompt ?? '').trim();
  const text = overlayText(req);
  const realism = REALISM_LABELS[req.realism - 1]!;
  return [
    'Turn this video frame into a scroll-stopping YouTube thumbnail, 16:9, 1280x720.',
    "Keep the people in it recognisable: the same faces, features and skin tones; make the main subject large and expressive.",
    `Style: ${style.name}: ${style.look}.`,
    `Realism: ${realism} (${req.realism} of 5, where 1 is very stylized, illustrated, and 5 is photorealistic).`,
    edit ? `Edit: ${edit}.` : '',
    text
      ? `Render this exact text, in capitals, big bold display lettering with a thick dark outline and a drop shadow, at most two lines, on the side away from the face, fully inside the frame: "${text}".`
      : 'Do not add any text, letters or watermark.',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Thumbnail generator (spec 3 §2): a 1280x720 thumbnail of one frame in a creator style, priced as `thumbnail`.
 * The local engine frames it around the largest face, grades it and letters the text (a free preview); a provider
 * gets the same face-aware frame and a prompt of style, realism, edit and text.
 */
export function createThumbnail(deps: ThumbnailDeps) {
  return async function thumbnail(userId: string, req: ThumbnailRequest): Promise<GeneratedImage> {
    const source = await checkedImage(req.imageData, 'imageData', deps.images);
    const editor = deps.providers.imageEditor;
    const local = isLocalEngine(editor.name);
    const userPrompt = (req.prompt ?? req.userPrompt ?? '').trim();
    const text = overlayText(req);
    const metadata = { style: req.style, realism: req.realism, addText: req.addText, thumbnailText: req.thumbnailText?.trim() ?? '' };
    return deps.lifecycle.generate(
      {
        userId,
        tool: TOOL,
        serviceType: 'thumbnail',
        description: 'Thumbnail Generator',
        provider: editor.name,
        prompt: userPrompt || text || null,
        params: { ...metadata, variability: req.variability },
      },
      async (run) => {
        // Inside the run: a detector failure is classified and the hold released like any engine failure.
        const faces = await findFaces(deps.providers.localVision, source.buffer);
        if (local) {
          const rendered = await renderThumbnail({ image: source.buffer, faces, style: req.style, realism: req.realism, prompt: userPrompt, text });
          await run.store({ data: rendered.data, entityType: 'generated_image', reencode: false, toolName: TOOL, prompt: userPrompt || null, metadata: { ...metadata, provider: editor.name } });
          return { provider: editor.name, text: rendered.text };
        }
        // The provider works on the same face-aware 16:9 frame the local engine starts from.
        const { frame } = await thumbnailFrame(source.buffer, faces, text.length > 0);
        const output = await editor.editImage({ images: [{ data: frame, mime: 'image/png' }], prompt: thumbnailPrompt(req), userPrompt: userPrompt || undefined, aspectRatio: '16:9', variability: req.variability, signal: run.signal });
        const data = await sharp(output.data).resize(THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height, { fit: 'cover', position: sharp.strategy.attention }).removeAlpha().png().toBuffer();
        await run.store({ data, entityType: 'generated_image', reencode: false, toolName: TOOL, prompt: userPrompt || null, metadata: { ...metadata, provider: output.provider, model: output.model ?? null } });
        const style = THUMBNAIL_STYLES.find((s) => s.id === req.style)!;
        return { provider: output.provider, model: output.model, providerCost: costOf(output), text: output.text ?? `${style.name} thumbnail, ${REALISM_LABELS[req.realism - 1]}.` };
      },
      imageAnswer,
    );
  };
}
