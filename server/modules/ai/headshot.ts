import type { GeneratedImage } from '../../../contract/ai.ts';
import type { HeadshotRequest } from '../../../contract/headshot.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import type { Lifecycle } from './lifecycle.ts';
import { checkedImage, type ImageLimits } from './preprocess.ts';

export interface HeadshotDeps {
  lifecycle: Pick<Lifecycle, 'run'>;
  providers: Pick<AiProviders, 'imageEditor' | 'localVision'>;
  images: ImageLimits;
}

/** Headshot generator (spec 3 §2): a square headshot in a style and background, priced as `headshot`; the photo must show one face before anything is held. */
export function createHeadshot(deps: HeadshotDeps) {
  return async function headshot(userId: string, req: HeadshotRequest): Promise<GeneratedImage> {
    void userId;
    await checkedImage(req.imageData, 'imageData', deps.images);
    throw serviceUnavailable('The headshot generator is not built yet.');
  };
}
