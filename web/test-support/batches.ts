/** Batches as the server answers them (contract/batches.ts), for the web tests: one builder each, `change` on top. */
import { batchDownloadUrl, type BatchCounts, type BatchDetail, type BatchItem } from '../../contract/batches.ts';

export const BATCH_ID = '00000000-0000-4000-8000-00000000ba01';

let n = 0;
const uuid = (prefix: string) => `00000000-0000-4000-8000-${prefix}${String(++n).padStart(12 - prefix.length, '0')}`;

export function batchItemOf(name: string, change: Partial<BatchItem> = {}): BatchItem {
  return {
    id: uuid('1'),
    position: 0,
    name,
    status: 'queued',
    generation_id: uuid('2'),
    progress: null,
    credits: '0',
    result: null,
    error: null,
    started_at: null,
    finished_at: null,
    ...change,
  };
}

/** A done item with its gallery file. */
export function doneItem(name: string, fileId = uuid('3')): BatchItem {
  return batchItemOf(name, {
    status: 'done',
    credits: '0.3000',
    result: { uuid: fileId, url: `/api/files/serve/${fileId}`, thumbnail_url: `/api/files/thumbnail/${fileId}`, text: null },
    started_at: new Date(Date.now() - 20_000).toISOString(),
    finished_at: new Date(Date.now() - 5_000).toISOString(),
  });
}

/** An item refused before anything was held: no generation, its message starting with its name. */
export function refusedItem(name: string): BatchItem {
  return batchItemOf(name, {
    status: 'failed',
    generation_id: null,
    error: { code: 'VALIDATION_ERROR', message: `${name}: this file is not an image.`, error_class: 'invalid_input', tip: null },
    finished_at: new Date().toISOString(),
  });
}

function countsOf(items: BatchItem[]): BatchCounts {
  const counts: BatchCounts = { queued: 0, running: 0, done: 0, failed: 0, cancelled: 0 };
  for (const item of items) counts[item.status] += 1;
  return counts;
}

/** A thumbnail batch over `items` (positions renumbered), its status and totals worked out from them. */
export function batchOf(items: BatchItem[], change: Partial<BatchDetail> = {}): BatchDetail {
  const numbered = items.map((item, position) => ({ ...item, position }));
  const counts = countsOf(numbered);
  const running = counts.queued + counts.running > 0;
  const charged = numbered.reduce((sum, item) => sum + Number(item.credits), 0).toFixed(4);
  const held = numbered.filter((item) => item.generation_id !== null).length;
  return {
    batch_id: BATCH_ID,
    tool: 'thumbnail-generator',
    title: 'Thumbnail Generator batch',
    status: running ? 'running' : 'finished',
    counts,
    total_items: numbered.length,
    charged,
    quote: { items: held, unit_price: '0.3000', total: (held * 0.3).toFixed(4), engine: 'Gemini', preview: false },
    previews: numbered.flatMap((item) => (item.result?.uuid && item.result.thumbnail_url ? [{ uuid: item.result.uuid, thumbnail_url: item.result.thumbnail_url }] : [])).slice(0, 4),
    created_at: new Date(Date.now() - 65_000).toISOString(),
    finished_at: running ? null : new Date().toISOString(),
    options: { style: 'viral-bold' },
    items: numbered,
    download_url: counts.done > 0 ? batchDownloadUrl(BATCH_ID) : null,
    ...change,
  };
}
