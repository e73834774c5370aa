import { localPreviewPrice, type ToolDefinition } from './definition.ts';

/** Thumbnail Generator (spec 3 §2): schemas and styles in contract/thumbnail.ts. */
export const thumbnailGenerator: ToolDefinition<'thumbnail-generator'> = {
  id: 'thumbnail-generator',
  catalogue: {
    title: 'Thumbnail Generator',
    description: 'Turn a frame into a scroll-stopping 1280x720 video thumbnail in a creator style, with text overlay.',
    shortDescription: 'Viral video thumbnails',
    iconName: 'Sparkles',
    status: 'available',
    color: 'rose',
    order: 3,
    requiresAuth: true,
    category: 'image',
    featured: false,
  },
  price: { serviceType: 'thumbnail', variant: 'standard' },
  prices: [
    { service_type: 'thumbnail', service_variant: 'standard', user_cost_credits: '0.3', actual_cost_usd: '0.04', description: 'Thumbnail generator: one 1280x720 thumbnail' },
    localPreviewPrice('thumbnail'),
  ],
  runsOn: 'image-editor',
  estimate: { local: '1-3 s', provider: '15-40 s' },
  userPrompt: true,
  call: { path: '/api/ai/generate-image', toolName: 'thumbnail-generator' },
  batch: { image: 'imageData' },
};
