import type { ToolDefinition } from './definition.ts';

/** Per-minute price of each transcription refinement type (spec 3 §9). */
export const TRANSCRIPTION_PRICES = {
  raw: '0.1',
  refined: '0.25',
  summary: '0.3',
  conclusions: '0.35',
  devils_advocate: '0.35',
  action_points: '0.3',
} as const;

/**
 * Audio Transcription (spec 3 §3): a multipart upload and a job, in its own module (contract/transcriptions.ts,
 * server/modules/transcriptions); priced per minute by refinement type, quoted on `raw`.
 */
export const transcription: ToolDefinition<'transcription'> = {
  id: 'transcription',
  catalogue: {
    title: 'Audio Transcription',
    description: 'Record or upload audio and get a transcript, a summary, action points and more.',
    shortDescription: 'Speech to text, refined',
    iconName: 'Mic',
    status: 'available',
    color: 'emerald',
    order: 5,
    requiresAuth: true,
    category: 'content',
    featured: false,
  },
  price: { serviceType: 'transcription', variant: 'raw' },
  prices: [
    // The local speech engine (pocketsphinx) makes English drafts with many errors: free until the admin prices it.
    {
      service_type: 'transcription',
      service_variant: 'local',
      user_cost_credits: '0',
      actual_cost_usd: '0',
      description: 'Transcription per minute: local draft engine (no speech provider set)',
    },
    ...Object.entries(TRANSCRIPTION_PRICES).map(([variant, price]) => ({
      service_type: 'transcription',
      service_variant: variant,
      user_cost_credits: price,
      actual_cost_usd: '0.0043',
      description: `Transcription per minute: ${variant.replace('_', ' ')}`,
    })),
  ],
  runsOn: 'speech',
  estimate: null,
  userPrompt: false,
  call: { path: '/api/transcriptions', toolName: null },
  batch: null,
};
