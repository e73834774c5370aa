import { BACKGROUND_REMOVER_MESSAGES } from '../../../contract/tools/background-remover.ts';
import { prepareSourceImage, stripDataUrl, type SourceImage } from '../../lib/image-resize.ts';
import { useOneImageTool } from '../ai-shared/use-one-image-tool.ts';
import { removeBackground } from './api.ts';

/** Shown when the result's image cannot be loaded. */
export const DISPLAY_FAILED = 'The cut-out could not be shown. Find it in your gallery, or try again.';

/**
 * The background remover's state (idle, removing, then the cut-out or an error): the photo, and the paid call. A photo
 * with no person, refused by the local engine before any charge, reads as the server words it.
 */
export function useBackgroundRemover() {
  return useOneImageTool({
    upload: { prepare: (file) => prepareSourceImage(file, file.name) },
    send: removeBackground,
    request: (photo: SourceImage) => ({ imageData: stripDataUrl(photo.dataUrl), mimeType: photo.mimeType }),
    messages: { missing: BACKGROUND_REMOVER_MESSAGES.missing, displayFailed: DISPLAY_FAILED },
  });
}

export type BackgroundRemoverState = ReturnType<typeof useBackgroundRemover>;
