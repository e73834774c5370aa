import { localPreviewPrice, type ToolDefinition } from './definition.ts';

/** AI Photoshoot (spec 3 §2): one variation per call; schemas and choices in contract/photoshoot.ts. */
export const aiPhotoshoot: ToolDefinition<'ai-photoshoot'> = {
  id: 'ai-photoshoot',
  catalogue: {
    title: 'AI Photoshoot',
    description: 'Turn 1 to 4 reference photos into a set of new photos: choose what may change (pose, scenery, lighting, angle, style) and the shape.',
    shortDescription: 'A photoshoot from a few photos',
    iconName: 'Camera',
    status: 'available',
    color: 'sky',
    order: 6,
    requiresAuth: true,
    category: 'image',
    featured: false,
  },
  price: { serviceType: 'photoshoot', variant: 'standard' },
  prices: [
    { service_type: 'photoshoot', service_variant: 'standard', user_cost_credits: '0.3', actual_cost_usd: '0.04', description: 'AI photoshoot: per generated image' },
    localPreviewPrice('photoshoot'),
  ],
  runsOn: 'image-editor',
  estimate: { local: '1-4 s per photo', provider: '15-40 s per photo' },
  userPrompt: true,
  call: { path: '/api/ai/generate-image-variation', toolName: null },
  batch: { image: 'images' },
};
