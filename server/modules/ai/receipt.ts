import { ACTIVE_GENERATION_STATES, resultPath, type GenerationReceipt, type GenerationStatus } from '../../../contract/generations.ts';
import { LOCAL_VARIANT } from '../../providers/ai/engine.ts';
import type { GenerationRow } from './repository.ts';

/** A generation as its receipt shows it (GET /api/generations/:id/receipt), beside `status`, as its status route answers it. */
export function receiptOf(row: GenerationRow, status: GenerationStatus): GenerationReceipt {
  return {
    generation_id: row.id,
    tool: row.tool,
    title: status.title,
    status: status.status,
    engine: row.provider,
    model: row.model ?? null,
    credits: status.credits,
    preview: row.serviceVariant === LOCAL_VARIANT,
    processing_time_ms: ACTIVE_GENERATION_STATES.includes(status.status) ? null : (row.processingTimeMs ?? null),
    created_at: status.created_at,
    completed_at: status.completed_at,
    result_path: row.status === 'completed' ? resultPath(row.result ?? null) : null,
  };
}
