import { localPreviewPrice, type ToolDefinition } from './definition.ts';

/** AI Headshot Generator (spec 3 §2): schemas, styles and messages in contract/headshot.ts. */
export const aiHeadshot: ToolDefinition<'ai-headshot'> = {
  id: 'ai-headshot',
  catalogue: {
    title: 'AI Headshot Generator',
    description: 'A professional headshot from one photo, in nine styles and four backgrounds.',
    shortDescription: 'Professional headshots',
    iconName: 'User',
    status: 'available',
    color: 'teal',
    order: 7,
    requiresAuth: true,
    category: 'image',
    featured: false,
  },
  price: { serviceType: 'headshot', variant: 'standard' },
  prices: [
    { service_type: 'headshot', service_variant: 'standard', user_cost_credits: '0.5', actual_cost_usd: '0.04', description: 'Headshot generator: one headshot' },
    localPreviewPrice('headshot'),
  ],
  runsOn: 'image-editor',
  estimate: { local: '1-3 s', provider: '30-60 s' },
  userPrompt: true,
  call: { path: '/api/ai/generate-image', toolName: 'ai-headshot' },
  batch: { image: 'imageData' },
};
