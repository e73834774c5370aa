import {
  BATCH_ITEM_STATES,
  BATCH_PREVIEWS,
  batchDownloadUrl,
  type BatchCounts,
  type BatchDetail,
  type BatchItem,
  type BatchItemState,
  type BatchSummary,
} from '../../../contract/batches.ts';
import { add, normalize } from '../../../contract/decimal.ts';
import { TOOL_DEFINITIONS } from '../../../contract/tools/index.ts';
import type { ToolId } from '../../../contract/tools/definition.ts';
import { statusOf } from '../ai/durable.ts';
import type { BatchRow, ItemWithGeneration } from './repository.ts';

/** A batch and its items as the API answers them. */

const ITEM_STATE: Record<string, BatchItemState> = {
  pending: 'queued',
  processing: 'running',
  completed: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function itemState(item: ItemWithGeneration): BatchItemState {
  if (item.generation) return ITEM_STATE[item.generation.status] ?? 'failed';
  return item.error ? 'failed' : 'queued';
}


export function toItem(item: ItemWithGeneration): BatchItem {
  const state = itemState(item);
  const generation = item.generation;
  const status = generation ? statusOf(generation) : null;
  const result = state === 'done' ? (generation?.result ?? null) : null;
  // Its first image (a mockup has one per style; a caption none).
  const uuid = result ? (generation!.outputFileIds[0] ?? null) : null;
  const refused = !generation && item.error;
  return {
    id: item.id,
    position: item.position,
    name: item.name,
    status: state,
    generation_id: generation?.id ?? null,
    progress: status?.progress ?? null,
    credits: state === 'done' ? normalize(generation!.credits) : '0',
    result: result
      ? {
          uuid,
          url: uuid ? `/api/files/serve/${uuid}` : null,
          thumbnail_url: uuid ? `/api/files/thumbnail/${uuid}` : null,
          text: typeof result.text === 'string' ? result.text : null,
        }
      : null,
    error: refused
      ? { code: item.error!.code, message: item.error!.message, error_class: 'invalid_input', tip: null }
      : (status?.error ?? null),
    started_at: generation && state !== 'queued' ? generation.createdAt.toISOString() : null,
    finished_at: generation?.completedAt?.toISOString() ?? (refused ? item.createdAt.toISOString() : null),
  };
}

export function countsOf(items: BatchItem[]): BatchCounts {
  const counts = Object.fromEntries(BATCH_ITEM_STATES.map((s) => [s, 0])) as BatchCounts;
  for (const item of items) counts[item.status]++;
  return counts;
}

export function toSummary(batch: BatchRow, items: BatchItem[]): BatchSummary {
  const counts = countsOf(items);
  const active = counts.queued + counts.running > 0;
  return {
    batch_id: batch.id,
    tool: batch.tool,
    title: `${TOOL_DEFINITIONS[batch.tool as ToolId]?.catalogue.title ?? batch.tool} batch`,
    status: active ? 'running' : batch.cancelledAt ? 'cancelled' : 'finished',
    counts,
    total_items: items.length,
    charged: normalize(items.reduce((sum, item) => add(sum, item.credits), '0')),
    quote: batch.quote,
    previews: items
      .flatMap((item) => (item.result?.uuid && item.result.thumbnail_url ? [{ uuid: item.result.uuid, thumbnail_url: item.result.thumbnail_url }] : []))
      .slice(0, BATCH_PREVIEWS),
    created_at: batch.createdAt.toISOString(),
    finished_at: batch.finishedAt?.toISOString() ?? null,
  };
}

export function toDetail(batch: BatchRow, rows: ItemWithGeneration[]): BatchDetail {
  const items = rows.map(toItem);
  const summary = toSummary(batch, items);
  return { ...summary, options: batch.options, items, download_url: summary.counts.done > 0 ? batchDownloadUrl(batch.id) : null };
}
