/** The headshot generator's call (spec 3 §7): POST /api/ai/generate-image with toolName ai-headshot. */
import type { z } from 'zod';
import { generatedImageResponse, type GeneratedImage } from '../../../contract/ai.ts';
import type { headshotRequest } from '../../../contract/headshot.ts';
import { api, parseAnswer } from '../../lib/api.ts';

export const HEADSHOT_TOOL_ID = 'ai-headshot';

export type HeadshotBody = z.input<typeof headshotRequest>;

export async function generateHeadshot(body: HeadshotBody, idempotencyKey?: string): Promise<GeneratedImage> {
  const data = await api.post<unknown>('/ai/generate-image', body, { idempotencyKey });
  return parseAnswer(generatedImageResponse, data, 'Generation failed: the server answered in an unexpected shape');
}
