import { z } from 'zod';
import { mockupRequest, morphRequest } from './ai.ts';
import { headshotRequest } from './headshot.ts';
import { thumbnailRequest } from './thumbnail.ts';

/**
 * POST /api/ai/generate-image serves four tools by `toolName` (spec 2 §7, spec 3 §7): mockup-generator (a job),
 * thumbnail-generator, ai-headshot, and the morpher (image-variator, or no toolName at all).
 */
export const generateImageRequest = z.union([mockupRequest, thumbnailRequest, headshotRequest, morphRequest]);
export type GenerateImageRequest = z.infer<typeof generateImageRequest>;
