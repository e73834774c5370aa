/** How a batch and its items read wherever they are shown: the batch page, the dashboard, the gallery, the notice. */
import type { BatchCounts, BatchItemState, BatchState } from '../../../../contract/batches.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const RED = 'bg-red-50 text-red-700 ring-red-600/20';

const BATCH_STATE: Record<BatchState, { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'violet' },
  finished: { label: 'Finished', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'slate' },
};

const ITEM_STATE: Record<BatchItemState, { label: string; tone: BadgeTone; className?: string }> = {
  queued: { label: 'Queued', tone: 'slate' },
  running: { label: 'Running', tone: 'violet' },
  done: { label: 'Done', tone: 'green' },
  failed: { label: 'Failed', tone: 'slate', className: RED },
  cancelled: { label: 'Cancelled', tone: 'slate' },
};

export function BatchStatusBadge({ status }: { status: BatchState }) {
  const { label, tone } = BATCH_STATE[status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function ItemStatusBadge({ status }: { status: BatchItemState }) {
  const { label, tone, className } = ITEM_STATE[status];
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}

/** '2 done, 1 failed, 1 cancelled (not charged)': what a batch came to, the unpaid part said so. */
export function outcomeText(counts: BatchCounts): string {
  const unpaid = [counts.failed > 0 && `${counts.failed} failed`, counts.cancelled > 0 && `${counts.cancelled} cancelled`].filter(Boolean);
  return [`${counts.done} done`, ...unpaid].join(', ') + (unpaid.length ? ' (not charged)' : '');
}

/** '3 of 5 images finished': done, failed and cancelled count as finished. */
export function settledCount(counts: BatchCounts): number {
  return counts.done + counts.failed + counts.cancelled;
}
