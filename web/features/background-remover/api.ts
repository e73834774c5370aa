/** The background remover's call: POST /api/ai/remove-background (contract/tools/background-remover.ts). */
import type { z } from 'zod';
import { generatedImageResponse, type GeneratedImage } from '../../../contract/ai.ts';
import type { backgroundRemoverRequest } from '../../../contract/background-remover.ts';
import type { ToolId } from '../../../contract/tools.ts';
import { parseAnswer } from '../../lib/api.ts';
import { postGeneration, type GenerationRun } from '../../lib/generations.ts';

export const BACKGROUND_REMOVER_TOOL_ID = 'background-remover' satisfies ToolId;

export type BackgroundRemoverBody = z.input<typeof backgroundRemoverRequest>;

/** Its answer's `image` is a PNG with an alpha channel, kept in the gallery; a 202 is followed to it (web/lib/generations.ts). */
export async function removeBackground(body: BackgroundRemoverBody, idempotencyKey?: string, run?: GenerationRun): Promise<GeneratedImage> {
  const data = await postGeneration('/ai/remove-background', body, { idempotencyKey, run });
  return parseAnswer(generatedImageResponse, data, 'Background removal failed: the server answered in an unexpected shape');
}
