import { Ban, CircleAlert, Clock, FileText, Loader } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BatchItem } from '../../../contract/batches.ts';
import { IndeterminateBar, ProgressBar } from '../../components/ui/progress-bar.tsx';
import { formatCredits } from '../../lib/credits-format.ts';
import { ItemStatusBadge } from '../ai-shared/batch/batch-status.tsx';
import { failureView } from './batch-format.ts';

const TILE = 'flex size-16 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-slate-400 sm:size-20';

function Tile({ item }: { item: BatchItem }) {
  const result = item.result;
  if (item.status === 'done' && result?.uuid) {
    return (
      <Link
        to={`/file/${encodeURIComponent(result.uuid)}`}
        className="block size-16 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 sm:size-20"
      >
        <img src={result.thumbnail_url ?? result.url ?? ''} alt={`Result for ${item.name}`} loading="lazy" className="size-full object-cover" />
      </Link>
    );
  }
  const icon: Record<BatchItem['status'], ReactNode> = {
    queued: <Clock className="size-6" aria-hidden />,
    running: <Loader className="size-6 animate-spin text-violet-500" aria-hidden />,
    done: <FileText className="size-6 text-emerald-600" aria-hidden />,
    failed: <CircleAlert className="size-6 text-red-500" aria-hidden />,
    cancelled: <Ban className="size-6" aria-hidden />,
  };
  return <span className={TILE}>{icon[item.status]}</span>;
}

const NOT_CHARGED = <span className="font-medium text-slate-700">Not charged</span>;

/** One image of a batch: its name and status, with its progress, its result, or why it failed. */
export function BatchItemRow({ item }: { item: BatchItem }) {
  const failure = item.status === 'failed' ? failureView(item.error) : null;
  return (
    <li className="flex items-start gap-3 px-5 py-3 sm:gap-4 sm:px-6" data-testid="batch-item" data-status={item.status}>
      <Tile item={item} />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 truncate text-sm font-medium text-slate-900" title={item.name}>
            {item.name}
          </p>
          <ItemStatusBadge status={item.status} />
        </div>
        {item.status === 'queued' && <p className="text-xs text-slate-500">Waiting its turn.</p>}
        {item.status === 'running' &&
          (item.progress === null ? (
            <IndeterminateBar label={`${item.name} progress`} className="max-w-xs" />
          ) : (
            <div className="flex max-w-xs items-center gap-2">
              <ProgressBar value={item.progress} label={`${item.name} progress`} />
              <span className="text-xs text-slate-500 tabular-nums">{item.progress}%</span>
            </div>
          ))}
        {item.status === 'done' && (
          <>
            <p className="text-xs text-slate-500 tabular-nums">{Number(item.credits) === 0 ? 'Free' : `${formatCredits(item.credits)} credits`}</p>
            {item.result?.text && !item.result.uuid && <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-700">{item.result.text}</p>}
          </>
        )}
        {failure && (
          <div className="space-y-0.5 text-xs text-slate-600">
            <p className="text-sm break-words text-red-700">{failure.message}</p>
            <p>
              <span className="font-medium text-slate-700">{failure.label}</span>
              {failure.tip && <> · {failure.tip}</>}
            </p>
            <p>{NOT_CHARGED}</p>
          </div>
        )}
        {item.status === 'cancelled' && <p className="text-xs text-slate-600">Cancelled · {NOT_CHARGED}</p>}
      </div>
    </li>
  );
}
