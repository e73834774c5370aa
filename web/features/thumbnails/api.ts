/** The thumbnail generator's call (spec 3 §7): POST /api/ai/generate-image with toolName thumbnail-generator. */
import type { z } from 'zod';
import { generatedImageResponse, type GeneratedImage } from '../../../contract/ai.ts';
import type { thumbnailRequest } from '../../../contract/thumbnail.ts';
import { api, parseAnswer } from '../../lib/api.ts';

export const THUMBNAIL_TOOL_ID = 'thumbnail-generator';

export type ThumbnailBody = z.input<typeof thumbnailRequest>;

export async function generateThumbnail(body: ThumbnailBody, idempotencyKey?: string): Promise<GeneratedImage> {
  const data = await api.post<unknown>('/ai/generate-image', body, { idempotencyKey });
  return parseAnswer(generatedImageResponse, data, 'Generation failed: the server answered in an unexpected shape');
}
