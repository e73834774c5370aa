import type { GeneratedImage } from '../../../contract/ai.ts';
import type { ThumbnailRequest } from '../../../contract/thumbnail.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import type { Lifecycle } from './lifecycle.ts';
import { checkedImage, type ImageLimits } from './preprocess.ts';

export interface ThumbnailDeps {
  lifecycle: Pick<Lifecycle, 'run'>;
  providers: Pick<AiProviders, 'imageEditor' | 'localVision'>;
  images: ImageLimits;
}

/** Thumbnail generator (spec 3 §2): one 1280x720 thumbnail in a creator style, priced as `thumbnail`. */
export function createThumbnail(deps: ThumbnailDeps) {
  return async function thumbnail(userId: string, req: ThumbnailRequest): Promise<GeneratedImage> {
    void userId;
    await checkedImage(req.imageData, 'imageData', deps.images);
    throw serviceUnavailable('The thumbnail generator is not built yet.');
  };
}
