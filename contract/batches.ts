import { z } from 'zod';
import { imageDataString, imageMimeType } from './ai.ts';
import { generationFailure } from './generations.ts';

/**
 * Batches (issue 28): one image tool run over up to 50 images with the same options. Each item is a durable
 * generation of its own (its hold taken when the batch is accepted, captured when its result is stored, released
 * when it fails or is cancelled); a user's items run a few at a time (BATCH_CONCURRENCY_PER_USER), behind single
 * generations.
 */

export const BATCH_MAX_ITEMS = 50;
/** Thumbnails a batch's summary carries. */
export const BATCH_PREVIEWS = 4;
/** An item's name (the original file name) as the batch keeps it. */
export const BATCH_ITEM_NAME_MAX = 200;

export const BATCH_ITEM_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type BatchItemState = (typeof BATCH_ITEM_STATES)[number];
/** A batch runs while any item is queued or running; then it is finished (or cancelled, when its user cancelled it). */
export const BATCH_STATES = ['running', 'finished', 'cancelled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** One image of a new batch: a file of the user's (gallery or upload), or the image itself with its file name. */
export const batchItemInput = z.union([
  z.strictObject({ image_uuid: z.uuid() }),
  z.strictObject({ imageData: imageDataString, mimeType: imageMimeType, name: z.string().trim().min(1).max(BATCH_ITEM_NAME_MAX) }),
]);
export type BatchItemInput = z.infer<typeof batchItemInput>;

/**
 * POST /api/batches. `tool` is a tool id that runs in batches (its definition's `batch`); `options` are the fields of
 * that tool's single-call body other than the image (checked by the tool's own request schema).
 */
export const createBatchRequest = z.strictObject({
  tool: z.string().min(1).max(64),
  options: z.record(z.string(), z.unknown()).default({}),
  items: z
    .array(batchItemInput)
    .min(1, 'Add at least one image.')
    .max(BATCH_MAX_ITEMS, `A batch takes at most ${BATCH_MAX_ITEMS} images.`),
});
export type CreateBatchRequest = z.input<typeof createBatchRequest>;

/** What the batch costs: the accepted items times the tool's price on the engine that runs them. */
export const batchQuote = z.object({
  /** Items held for (the refused ones cost nothing). */
  items: z.number().int(),
  unit_price: z.string(),
  total: z.string(),
  /** The engine that runs the items: a provider's name, or 'local' for the local engine's previews. */
  engine: z.string(),
  preview: z.boolean(),
});
export type BatchQuote = z.infer<typeof batchQuote>;

/** A finished item's result: its gallery file (image tools) or its text (captions). */
export const batchItemResult = z.object({
  uuid: z.string().nullable(),
  url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  text: z.string().nullable(),
});

export const batchItem = z.object({
  id: z.uuid(),
  /** 0-based, in the order the items were sent. */
  position: z.number().int(),
  name: z.string(),
  status: z.enum(BATCH_ITEM_STATES),
  /** The item's current generation (a retried item has a new one); null when it was refused before any hold. */
  generation_id: z.uuid().nullable(),
  progress: z.number().int().nullable(),
  /** Charged once done; '0' otherwise (held meanwhile). */
  credits: z.string(),
  result: batchItemResult.nullable(),
  /** Why it failed ("not charged"); null otherwise. */
  error: generationFailure.nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type BatchItem = z.infer<typeof batchItem>;

/** An item refused before anything was held, named in its message ("notes.png: Only PNG, JPG and WEBP images are accepted."). */
export const batchItemRefusal = z.object({ code: z.string(), message: z.string() });
/** The extra fields of the 400 answered when no item can be used (BATCH_MESSAGES.nothingToRun): each item's refusal, in order. */
export const nothingToRunDetails = z.object({ items: z.array(batchItemRefusal) });
export type NothingToRunDetails = z.infer<typeof nothingToRunDetails>;

export const batchCounts = z.object(Object.fromEntries(BATCH_ITEM_STATES.map((s) => [s, z.number().int()])) as Record<BatchItemState, z.ZodNumber>);
export type BatchCounts = z.infer<typeof batchCounts>;

/** GET /api/batches lists these (newest first); GET /api/batches/:id adds the items. */
export const batchSummary = z.object({
  batch_id: z.uuid(),
  tool: z.string(),
  title: z.string(),
  status: z.enum(BATCH_STATES),
  counts: batchCounts,
  total_items: z.number().int(),
  /** Credits charged so far (done items only). */
  charged: z.string(),
  quote: batchQuote,
  /** Thumbnails of its first done images (at most BATCH_PREVIEWS): the gallery shows a batch as a group of them. */
  previews: z.array(z.object({ uuid: z.string(), thumbnail_url: z.string() })).max(4),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BatchSummary = z.infer<typeof batchSummary>;

export const batchDetail = batchSummary.extend({
  options: z.record(z.string(), z.unknown()),
  items: z.array(batchItem),
  /** GET /api/batches/:id/download, once at least one item is done. */
  download_url: z.string().nullable(),
});
export type BatchDetail = z.infer<typeof batchDetail>;

/** 202 of POST /api/batches. */
export const batchAccepted = z.object({
  batch_id: z.uuid(),
  items: z.array(batchItem),
  quote: batchQuote,
  status_url: z.string(),
});
export type BatchAccepted = z.infer<typeof batchAccepted>;

export const batchList = z.object({ batches: z.array(batchSummary) });
export type BatchList = z.infer<typeof batchList>;
export const batchListQuery = z.strictObject({ active: z.enum(['true', 'false']).optional() });
export const batchIdParams = z.strictObject({ id: z.uuid() });

export const batchUrl = (id: string) => `/api/batches/${id}`;
export const batchDownloadUrl = (id: string) => `/api/batches/${id}/download`;
export const batchPagePath = (id: string) => `/batches/${id}`;

export const BATCH_MESSAGES = {
  notFound: 'Batch not found',
  unknownTool: 'This tool does not run in batches.',
  imageInOptions: 'Send the images as items, not in the options.',
  nothingToRun: 'None of the images can be used; nothing was charged.',
  nothingToRetry: 'No failed item of this batch can be retried.',
  inputsGone: 'The images of this item are no longer kept; start a new batch.',
  nothingDone: 'No item of this batch is done yet.',
} as const;
