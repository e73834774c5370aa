/** The thumbnail generator's call (spec 3 §7): POST /api/ai/generate-image with toolName thumbnail-generator. */
import type { ToolId } from '../../../contract/tools.ts';
import type { z } from 'zod';
import { generatedImageResponse, type GeneratedImage } from '../../../contract/ai.ts';
import type { thumbnailRequest } from '../../../contract/thumbnail.ts';
import { parseAnswer } from '../../lib/api.ts';
import { postGeneration, type GenerationRun } from '../../lib/generations.ts';

export const THUMBNAIL_TOOL_ID = 'thumbnail-generator' satisfies ToolId;

export type ThumbnailBody = z.input<typeof thumbnailRequest>;

/** A 202 is followed to the result (web/lib/generations.ts). */
export async function generateThumbnail(body: ThumbnailBody, idempotencyKey?: string, run?: GenerationRun): Promise<GeneratedImage> {
  const data = await postGeneration('/ai/generate-image', body, { idempotencyKey, run });
  return parseAnswer(generatedImageResponse, data, 'Generation failed: the server answered in an unexpected shape');
}
