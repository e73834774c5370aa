import { localPreviewPrice, type ToolDefinition } from './definition.ts';

/** Mockup Generator (spec 2 §7): a queued job; its answer is the job to follow (GET /api/ai/mockup-job-status). */
export const mockupGenerator: ToolDefinition<'mockup-generator'> = {
  id: 'mockup-generator',
  catalogue: {
    title: 'Mockup Generator',
    description: 'Place your designs on laptops, phones, mugs, posters, billboards and more, in twelve product styles.',
    shortDescription: 'Product mockups in seconds',
    iconName: 'ImageIcon',
    status: 'available',
    color: 'blue',
    order: 2,
    requiresAuth: true,
    category: 'image',
    featured: true,
  },
  price: { serviceType: 'mockup', variant: 'standard' },
  prices: [
    { service_type: 'mockup', service_variant: 'standard', user_cost_credits: '0.5', actual_cost_usd: '0.08', description: 'Mockup generator: one mockup image' },
    localPreviewPrice('mockup'),
  ],
  runsOn: 'mockup-editor',
  estimate: { local: '5-15 s', provider: '30-60 s' },
  // Its file text is the tool's description of the style drawn, never the creator's words.
  userPrompt: false,
  call: { path: '/api/ai/generate-image', toolName: 'mockup-generator' },
  batch: { image: 'images' },
};
