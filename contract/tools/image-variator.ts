import { localPreviewPrice, type ToolDefinition } from './definition.ts';

/** AI Image Morpher (spec 2): variations of an image; its price service keeps its stored name, `image_generation`. */
export const imageVariator: ToolDefinition<'image-variator'> = {
  id: 'image-variator',
  catalogue: {
    title: 'AI Image Morpher',
    description: 'Create variations of any image with a prompt, crop, inpaint mask, extend or a new aspect ratio.',
    shortDescription: 'Variations of your image, your way',
    iconName: 'Palette',
    status: 'available',
    color: 'violet',
    order: 1,
    requiresAuth: true,
    category: 'image',
    featured: true,
  },
  price: { serviceType: 'image_generation', variant: 'standard' },
  prices: [
    { service_type: 'image_generation', service_variant: 'standard', user_cost_credits: '0.25', actual_cost_usd: '0.04', description: 'AI Image Morpher: one generated image' },
    { service_type: 'preprocessing', service_variant: 'standard', user_cost_credits: '0.05', actual_cost_usd: '0.005', description: 'Aspect-ratio preprocessing before a generation' },
    localPreviewPrice('image_generation'),
    localPreviewPrice('preprocessing'),
  ],
  runsOn: 'image-editor',
  estimate: { local: '1-5 s', provider: '10-30 s' },
  userPrompt: true,
  // No toolName is the morpher too.
  call: { path: '/api/ai/generate-image', toolName: 'image-variator' },
  batch: { image: 'imageData' },
};
