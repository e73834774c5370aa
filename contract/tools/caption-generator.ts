import { localPreviewPrice, type ToolDefinition } from './definition.ts';

/** Caption Generator (spec 3 §2): schemas and choices in contract/captions.ts; its result is a content item, not a file. */
export const captionGenerator: ToolDefinition<'caption-generator'> = {
  id: 'caption-generator',
  catalogue: {
    title: 'Caption Generator',
    description: 'Captions and 5-7 hashtags for Instagram, Facebook, X and LinkedIn in your tone and language.',
    shortDescription: 'Captions and hashtags that fit',
    iconName: 'Wand2',
    status: 'available',
    color: 'amber',
    order: 4,
    requiresAuth: true,
    category: 'content',
    featured: false,
  },
  price: { serviceType: 'caption', variant: 'standard' },
  prices: [
    { service_type: 'caption', service_variant: 'standard', user_cost_credits: '0.05', actual_cost_usd: '0.002', description: 'Caption and hashtags for one image' },
    localPreviewPrice('caption'),
  ],
  runsOn: 'vision',
  estimate: { local: '1-3 s', provider: '3-10 s' },
  userPrompt: false,
  call: { path: '/api/ai/generate-caption', toolName: null },
  batch: { image: 'imageData' },
};
