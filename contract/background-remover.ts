import { z } from 'zod';
import { imageDataString, imageMimeType } from './ai.ts';

// The Background Remover's call; its definition (catalogue, price, messages) is contract/tools/background-remover.ts.

/** POST /api/ai/remove-background: answers generatedImageResponse, its `image` a PNG with an alpha channel. */
export const backgroundRemoverRequest = z.strictObject({
  imageData: imageDataString,
  mimeType: imageMimeType.optional(),
});
export type BackgroundRemoverRequest = z.infer<typeof backgroundRemoverRequest>;
