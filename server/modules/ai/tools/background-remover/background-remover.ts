import sharp from 'sharp';
import type { GeneratedImage } from '../../../../../contract/ai.ts';
import type { BackgroundRemoverRequest } from '../../../../../contract/background-remover.ts';
import { BACKGROUND_REMOVER_MESSAGES, backgroundRemover as definition } from '../../../../../contract/tools/background-remover.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { costOf } from '../../../../providers/ai/cost.ts';
import { isLocalEngine } from '../../../../providers/ai/engine.ts';
import type { AiProviders } from '../../../../providers/ai/types.ts';
import { classifyFailure } from '../../failure.ts';
import { imageAnswer, type Lifecycle } from '../../lifecycle.ts';
import { checkedImage, type ImageLimits } from '../../preprocess.ts';
import { BACKDROP, cutOutPeople, findPeople, keyOutBackdrop } from './cutout.ts';

export interface BackgroundRemoverDeps {
  lifecycle: Pick<Lifecycle, 'generate'>;
  providers: Pick<AiProviders, 'imageEditor' | 'localVision'>;
  images: ImageLimits;
}

const TOOL = definition.id;

/** What a provider is asked: the same subject, untouched, on a plain backdrop we then key out. */
export const BACKGROUND_REMOVER_PROMPT = [
  'Remove the background of this photo.',
  'Keep the main subject exactly as it is: the same shape, colours, details, edges and hair; do not redraw, restyle, crop or move it.',
  `Replace everything else with a perfectly flat, uniform ${BACKDROP.name} (${BACKDROP.hex}) background: no shadow, no gradient, no reflection, no text.`,
].join(' ');

/**
 * Background Remover: a PNG of the photo with its background transparent, priced as `background_removal`. The local
 * engine cuts out people (the selfie segmentation, kept to the people the detector finds) and refuses, before
 * anything is held, a photo with no person in it; its result says it is a preview for people only. A provider is asked
 * for the subject on a plain backdrop, which is keyed out (an answer already transparent is kept).
 */
export function createBackgroundRemover(deps: BackgroundRemoverDeps) {
  return async function backgroundRemover(userId: string, req: BackgroundRemoverRequest): Promise<GeneratedImage> {
    const source = await checkedImage(req.imageData, 'imageData', deps.images);
    const editor = deps.providers.imageEditor;
    const local = isLocalEngine(editor.name);
    let people: Awaited<ReturnType<typeof findPeople>> = [];
    if (local) {
      try {
        people = await findPeople(deps.providers.localVision, source.buffer, source.width, source.height);
      } catch (err) {
        throw classifyFailure(err).error;
      }
      if (people.length === 0) throw badRequest(BACKGROUND_REMOVER_MESSAGES.noPerson, { field: 'imageData' });
    }
    const metadata = { transparent: true, width: source.width, height: source.height };
    return deps.lifecycle.generate(
      { userId, tool: TOOL, serviceType: definition.price.serviceType, description: definition.catalogue.title, provider: editor.name, prompt: null, params: {} },
      async (run) => {
        if (local) {
          const data = await cutOutPeople(source.buffer, await deps.providers.localVision.personMask(source.buffer), people);
          await run.store({ data, entityType: 'generated_image', toolName: TOOL, prompt: null, metadata: { ...metadata, provider: editor.name } });
          return { provider: editor.name, text: `${BACKGROUND_REMOVER_MESSAGES.peopleOnly}.` };
        }
        const photo = await sharp(source.buffer).png().toBuffer();
        const output = await editor.editImage({ images: [{ data: photo, mime: 'image/png' }], prompt: BACKGROUND_REMOVER_PROMPT, variability: 1, signal: run.signal });
        // The cut-out keeps the photo's size whatever size the model answered in.
        const sized = await sharp(output.data).resize(source.width, source.height, { fit: 'fill' }).png().toBuffer();
        const data = await keyOutBackdrop(sized);
        await run.store({ data, entityType: 'generated_image', toolName: TOOL, prompt: null, metadata: { ...metadata, provider: output.provider, model: output.model ?? null } });
        return { provider: output.provider, model: output.model, providerCost: costOf(output), text: 'Background removed.' };
      },
      imageAnswer,
    );
  };
}
