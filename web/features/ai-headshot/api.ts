/** The headshot generator's call (spec 3 §7): POST /api/ai/generate-image with toolName ai-headshot. */
import type { ToolId } from '../../../contract/tools.ts';
import type { z } from 'zod';
import { generatedImageResponse, type GeneratedImage } from '../../../contract/ai.ts';
import type { headshotRequest } from '../../../contract/headshot.ts';
import { parseAnswer } from '../../lib/api.ts';
import { postGeneration, type GenerationRun } from '../../lib/generations.ts';

export const HEADSHOT_TOOL_ID = 'ai-headshot' satisfies ToolId;

export type HeadshotBody = z.input<typeof headshotRequest>;

/** A 202 is followed to the result (web/lib/generations.ts). */
export async function generateHeadshot(body: HeadshotBody, idempotencyKey?: string, run?: GenerationRun): Promise<GeneratedImage> {
  const data = await postGeneration('/ai/generate-image', body, { idempotencyKey, run });
  return parseAnswer(generatedImageResponse, data, 'Generation failed: the server answered in an unexpected shape');
}
