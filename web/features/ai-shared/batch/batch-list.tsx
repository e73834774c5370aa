import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Layers } from 'lucide-react';
import { Link } from 'react-router';
import { batchPagePath, type BatchSummary } from '../../../../contract/batches.ts';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { BATCH_POLL, batchesQueryOptions } from './api.ts';
import { BatchStatusBadge, outcomeText, settledCount } from './batch-status.tsx';

/** The user's batches, newest first, read again every few seconds while one runs. */
function useBatchList() {
  return useQuery({
    ...batchesQueryOptions(),
    refetchInterval: (query) => (query.state.data?.some((batch) => batch.status === 'running') ? BATCH_POLL.activeMs : false),
  });
}

function progressText(batch: BatchSummary): string {
  return batch.status === 'running' ? `${settledCount(batch.counts)} of ${batch.total_items} finished` : outcomeText(batch.counts);
}

/**
 * The dashboard's Recent batches (issue 28): each batch with its status and what it came to, linking to its page. Shows
 * nothing until the user has run a batch.
 */
export function RecentBatches({ limit = 5 }: { limit?: number }) {
  const list = useBatchList();
  const batches = (list.data ?? []).slice(0, limit);
  if (batches.length === 0) return null;
  return (
    <Card className="mb-6">
      <CardHeader icon={<Layers className="size-5" aria-hidden />} title="Recent batches" description="One tool over many images. Results land in your gallery." />
      <ul className="divide-y divide-slate-100" aria-label="Recent batches">
        {batches.map((batch) => (
          <li key={batch.batch_id}>
            <Link
              to={batchPagePath(batch.batch_id)}
              className="flex items-center gap-3 px-5 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-600 sm:px-6"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{batch.title}</p>
                <p className="truncate text-xs text-slate-500">
                  {formatDate(batch.created_at)} · {batch.total_items} {batch.total_items === 1 ? 'image' : 'images'} · {progressText(batch)}
                </p>
              </div>
              <BatchStatusBadge status={batch.status} />
              <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * The gallery's Batches strip (issue 28): each batch as a group of its first results, linking to its page (all of them,
 * and the ZIP); its results are gallery images too. Shows nothing until the user has run a batch.
 */
export function BatchStrip({ className }: { className?: string }) {
  const list = useBatchList();
  const batches = list.data ?? [];
  if (batches.length === 0) return null;
  return (
    <section aria-labelledby="gallery-batches" className={cn('mb-6', className)}>
      <h2 id="gallery-batches" className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Layers className="size-4 text-violet-600" aria-hidden />
        Batches
      </h2>
      <ul className="flex gap-3 overflow-x-auto pb-2" aria-label="Your batches">
        {batches.map((batch) => (
          <li key={batch.batch_id} className="shrink-0">
            <Link
              to={batchPagePath(batch.batch_id)}
              className="block w-64 space-y-1 rounded-xl border border-slate-200 bg-white px-3 py-2.5 shadow-sm hover:border-violet-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            >
              <span className="block truncate text-sm font-medium text-slate-900">{batch.title}</span>
              <span className="flex items-center gap-2 text-xs text-slate-500">
                <BatchStatusBadge status={batch.status} />
                {formatDate(batch.created_at)}
              </span>
              <span className="block truncate text-xs text-slate-600">{progressText(batch)}</span>
              {batch.previews.length > 0 && (
                <span className="flex gap-1.5 pt-1">
                  {batch.previews.map((preview) => (
                    <img key={preview.uuid} src={preview.thumbnail_url} alt="" loading="lazy" className="size-12 rounded-md border border-slate-200 object-cover" />
                  ))}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
