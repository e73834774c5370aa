/** The upscaler's calls (spec 2 §7): its providers with prices, and upscaling one of my images. */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { upscaleProvidersResponse, upscaleResponse, type upscaleRequest, type UpscaleProviders } from '../../../../contract/ai.ts';
import { api, parseAnswer } from '../../../lib/api.ts';
import { postGeneration, type GenerationRun } from '../../../lib/generations.ts';
import { UPSCALE_MESSAGES } from './upscale-settings.ts';

export type UpscaleResult = z.infer<typeof upscaleResponse>;

export async function fetchUpscaleProviders(): Promise<UpscaleProviders> {
  return parseAnswer(upscaleProvidersResponse, await api.get<unknown>('/ai/upscale-providers'), UPSCALE_MESSAGES.providers);
}

export const upscaleProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'upscale-providers'], queryFn: fetchUpscaleProviders, staleTime: 5 * 60_000 });

export type UpscaleBody = z.input<typeof upscaleRequest>;

/** POST /api/ai/upscale-image: the upscaled copy is saved as a new gallery image (a 202 is followed to the result). */
export async function upscaleImage(body: UpscaleBody, idempotencyKey?: string, run?: GenerationRun): Promise<UpscaleResult> {
  return parseAnswer(upscaleResponse, await postGeneration('/ai/upscale-image', body, { idempotencyKey, run }), UPSCALE_MESSAGES.failed);
}
