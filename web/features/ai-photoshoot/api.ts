/** The AI photoshoot's call (spec 3 §7): POST /api/ai/generate-image-variation, one call (and one charge) per variation. */
import type { ToolId } from '../../../contract/tools.ts';
import type { z } from 'zod';
import { AI_ERROR_COPY } from '../../../contract/ai.ts';
import { PHOTOSHOOT_MESSAGES, photoshootResponse, type photoshootRequest, type PhotoshootResult } from '../../../contract/photoshoot.ts';
import { ApiError, parseAnswer } from '../../lib/api.ts';
import { postGeneration, type GenerationRun } from '../../lib/generations.ts';

export const PHOTOSHOOT_TOOL_ID = 'ai-photoshoot' satisfies ToolId;

export type PhotoshootBody = z.input<typeof photoshootRequest>;

/** A 202 is followed to the result (web/lib/generations.ts). */
export async function generateVariation(body: PhotoshootBody, idempotencyKey?: string, run?: GenerationRun): Promise<PhotoshootResult> {
  const data = await postGeneration('/ai/generate-image-variation', body, { idempotencyKey, run });
  return parseAnswer(photoshootResponse, data, PHOTOSHOOT_MESSAGES.apiFailed);
}

/**
 * The {message} of one failed variation's tile ('Error generating image N: {message}', spec 3 §8): the server's
 * message when it gave one; 'HTTP error! status: {code}' for a failed answer without one (not JSON, or no message);
 * 'API request failed' for an answer the page cannot read. A lost connection and a lost session read as every AI
 * tool says them.
 */
export function variationFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.message;
    if (error.status === 401) return AI_ERROR_COPY.authentication.headline;
    if (error.code === 'NON_JSON' || error.generic) return error.status >= 400 ? PHOTOSHOOT_MESSAGES.http(error.status) : PHOTOSHOOT_MESSAGES.apiFailed;
    return error.message;
  }
  return error instanceof Error && error.message ? error.message : PHOTOSHOOT_MESSAGES.apiFailed;
}
