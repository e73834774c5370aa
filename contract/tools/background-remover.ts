import { localPreviewPrice, type ToolDefinition } from './definition.ts';

/** Background Remover: a photo in, a PNG of it with a transparent background out (in the gallery, downloadable). */

export const BACKGROUND_REMOVER_MESSAGES = {
  missing: 'Please upload an image first',
  /** The local engine's refusal, before anything is held: it finds people only. */
  noPerson:
    'We could not find a person in this photo. Without an AI provider the background remover cuts out people only: upload a photo with a person in it.',
  /** Begins the text of every local result (after LOCAL_PREVIEW_NOTE). */
  peopleOnly: 'Preview for people only: the local engine cuts out people, not other subjects',
} as const;

export const backgroundRemover: ToolDefinition<'background-remover'> = {
  id: 'background-remover',
  catalogue: {
    title: 'Background Remover',
    description: 'Cut the subject out of a photo: a PNG with a transparent background, ready for any design.',
    shortDescription: 'Transparent backgrounds in one click',
    iconName: 'ImageIcon',
    status: 'available',
    color: 'indigo',
    order: 8,
    requiresAuth: true,
    category: 'image',
    featured: false,
  },
  price: { serviceType: 'background_removal', variant: 'standard' },
  prices: [
    { service_type: 'background_removal', service_variant: 'standard', user_cost_credits: '0.1', actual_cost_usd: '0.02', description: 'Background remover: one cut-out' },
    localPreviewPrice('background_removal'),
  ],
  runsOn: 'image-editor',
  estimate: { local: '1-3 s', provider: '10-30 s' },
  userPrompt: false,
  call: { path: '/api/ai/remove-background', toolName: null },
  batch: { image: 'imageData' },
};
