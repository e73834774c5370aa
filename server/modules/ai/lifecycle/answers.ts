import { TOOL_CATALOGUE } from '../../../../contract/tools.ts';
import { previewText } from '../../../providers/ai/engine.ts';
import type { GenerationRow } from '../repository.ts';
import type { Completed } from './types.ts';

/** A generation made through durable.ts (its params name the tool call the worker resumes). */
export const isDurable = (generation: Pick<GenerationRow, 'params'>) => typeof generation.params.call === 'string';
/** A batch's item (the batches module): held while it waits in the queue, run a few at a time per user. */
export const isBatchItem = (generation: Pick<GenerationRow, 'params'>) => typeof generation.params.batch_id === 'string';

/** What a generation is called to its user: its tool's title (an upscale keeps its source's tool, so it says so). */
export function generationTitle(generation: Pick<GenerationRow, 'tool' | 'serviceType'>): string {
  if (generation.serviceType === 'upscale') return 'Upscale';
  return TOOL_CATALOGUE.find((tool) => tool.id === generation.tool)?.title ?? generation.tool;
}

/** Where a recorded output is served. */
export const fileUrl = (id: string) => `/api/files/serve/${id}`;

/**
 * The answer of a tool that made one image (morph, thumbnail, headshot, photoshoot): where it is served, what it cost,
 * who made it, and its text (a local preview's starting with LOCAL_PREVIEW_NOTE).
 */
export function imageAnswer(done: Completed & { result: { provider: string; text?: string | null } }) {
  const file = done.files[0]!;
  return {
    image: fileUrl(file.id),
    uuid: file.id,
    text: previewText(done.preview, done.result.text),
    provider: done.result.provider,
    preview: done.preview,
    credits_used: done.charged,
    generation_id: done.generation.id,
    processing_time_ms: done.processingTimeMs,
  };
}
