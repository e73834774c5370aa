import { z } from 'zod';

/**
 * Durable generations (issue 24): every paid generation is a job owned by its generation row. The tool's call waits a
 * short time (GENERATION_WAIT_MS) for the result and answers it in the tool's own shape; work that takes longer answers
 * 202 with `generationAccepted`, and the client follows `status_url` (GET /api/generations/:id) to the result.
 */

/** A generation's states on the wire: queued (waiting for a worker), processing, then one of the three ends. */
export const GENERATION_STATES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type GenerationState = (typeof GENERATION_STATES)[number];
export const ACTIVE_GENERATION_STATES: readonly GenerationState[] = ['queued', 'processing'];

/** GET /api/generations/:id */
export const generationStatusUrl = (id: string) => `/api/generations/${id}`;

/** The 202 of a tool's call that did not finish within the wait: the work goes on. */
export const generationAccepted = z.object({
  generation_id: z.uuid(),
  status: z.enum(['queued', 'processing']),
  status_url: z.string(),
});
export type GenerationAccepted = z.infer<typeof generationAccepted>;

/** Why a generation failed: the envelope's code and message, the error class and the tip the tool page shows. */
export const generationFailure = z.object({
  code: z.string(),
  message: z.string(),
  error_class: z.string().nullable(),
  tip: z.string().nullable(),
});
export type GenerationFailure = z.infer<typeof generationFailure>;

/** GET /api/generations/:id: where a generation is, and its result in the shape its tool's call answers. */
export const generationStatus = z.object({
  generation_id: z.uuid(),
  /** The tool's catalogue id ('image-variator', 'ai-headshot', …) and its title. */
  tool: z.string(),
  title: z.string(),
  status: z.enum(GENERATION_STATES),
  /** 0-100 where the engine reports it, else null. */
  progress: z.number().int().min(0).max(100).nullable(),
  provider: z.string(),
  /** Held while it runs, charged once completed, '0' when it failed or was cancelled. */
  credits: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The tool's synchronous answer (an image tool's `image`, `uuid`, …), once completed. */
  result: z.record(z.string(), z.unknown()).nullable(),
  error: generationFailure.nullable(),
});
export type GenerationStatus = z.infer<typeof generationStatus>;

/** Where a finished generation's result opens in the app: its file, a caption's content page, else the gallery. */
export function resultPath(result: Record<string, unknown> | null): string {
  if (typeof result?.uuid === 'string' && result.uuid) return `/file/${encodeURIComponent(result.uuid)}`;
  if (typeof result?.content_id === 'number' && result.content_id > 0) return `/content/${result.content_id}`;
  return '/gallery';
}

/**
 * GET /api/generations/:id/receipt: what a ledger line paid for (the transactions list links each usage line to
 * it): the tool, the engine and model that ran, the price charged, the time it took and where its result opens.
 */
export const generationReceipt = z.object({
  generation_id: z.uuid(),
  tool: z.string(),
  title: z.string(),
  status: z.enum(GENERATION_STATES),
  /** The engine that ran it, as the user knows it: 'Gemini', 'Local engine'. */
  engine: z.string(),
  model: z.string().nullable(),
  /** What was charged (a decimal string); '0' when it failed or was cancelled. */
  credits: z.string(),
  /** Made by the local engine as a free or cheap preview. */
  preview: z.boolean(),
  /** From the start of its work to its result; null while it runs. */
  processing_time_ms: z.number().int().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Where its result opens in the app, once completed. */
  result_path: z.string().nullable(),
});
export type GenerationReceipt = z.infer<typeof generationReceipt>;

/** GET /api/generations?active=true: the user's unfinished generations, newest first (at most 20). */
export const generationListQuery = z.strictObject({ active: z.enum(['true', 'false']).optional() });
export const generationList = z.object({ generations: z.array(generationStatus) });
export type GenerationList = z.infer<typeof generationList>;

export const GENERATION_MESSAGES = {
  notFound: 'Generation not found',
  cancelled: 'The generation was cancelled. Nothing was charged.',
  notCancellable: 'This generation has already finished.',
} as const;
