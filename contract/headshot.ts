import { z } from 'zod';
import { imageDataString, imageMimeType, VARIABILITY } from './ai.ts';

/** Headshot generator (spec 3 §2, §5, §9). */
export const HEADSHOT_STYLES = ['Professional', 'Regal', 'Elegant', 'Casual', 'Funky', 'Vintage', 'Cyberpunk', 'Gothic', 'Minimalist'] as const;
export type HeadshotStyle = (typeof HEADSHOT_STYLES)[number];
export const HEADSHOT_BACKGROUNDS = [
  { id: 'photo-studio', name: 'Photo Studio' },
  { id: 'office', name: 'Office' },
  { id: 'outdoors', name: 'Outdoors' },
  { id: 'custom', name: 'Custom' },
] as const;
export type HeadshotBackgroundId = (typeof HEADSHOT_BACKGROUNDS)[number]['id'];
export const HEADSHOT_SIZE = 1024;
export const HEADSHOT_CUSTOM_MAX = 200;

export const HEADSHOT_MESSAGES = {
  missing: 'Please upload an image first',
  noImage: 'No image data returned from API',
  displayFailed: 'Failed to display generated image. Please try again.',
  noContext: 'Canvas context not available',
  auth: 'Authentication required. Please log in to use AI tools.',
  /** The photo check before anything is held (issue 10): exactly one face of usable size. */
  noFace: 'We could not find a face in this photo. Upload a clear, well-lit photo of one person facing the camera.',
  manyFaces: 'This photo shows more than one face. Upload a photo of just you, or crop it to one person.',
  faceTooSmall: 'The face in this photo is too small. Upload a closer photo where your face fills more of the frame.',
} as const;

/** POST /api/ai/generate-image with toolName ai-headshot; answers generatedImageResponse. */
export const headshotRequest = z.strictObject({
  toolName: z.literal('ai-headshot'),
  imageData: imageDataString,
  mimeType: imageMimeType.optional(),
  prompt: z.string().max(2000).optional(),
  userPrompt: z.string().max(2000).optional(),
  variability: z.number().int().min(VARIABILITY.min).max(VARIABILITY.max).optional(),
  style: z.enum(HEADSHOT_STYLES).default('Professional'),
  background: z.enum(['photo-studio', 'office', 'outdoors', 'custom']).default('photo-studio'),
  /** Custom background described in words; empty falls back to a smooth gradient (spec 3 §5). */
  customBackground: z.string().max(HEADSHOT_CUSTOM_MAX).optional(),
});
export type HeadshotRequest = z.infer<typeof headshotRequest>;
