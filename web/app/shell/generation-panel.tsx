import { ChevronDown, CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GenerationStatus } from '../../../contract/generations.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { IndeterminateBar, ProgressBar } from '../../components/ui/progress-bar.tsx';
import { useSecondsSince } from '../../lib/use-elapsed-seconds.ts';

/** The in-app notice of a generation that ended while its page was not showing it. */
export interface GenerationNotice {
  id: string;
  tone: 'ready' | 'failed' | 'cancelled' | 'warning';
  text: string;
  /** Where its result opens: the file page, the content page, or the gallery (a batch: its page). */
  link: string | null;
  /** The link's words; 'Open result' when not given. */
  linkLabel?: string;
  title: string;
}

const NOTICE_ICON = {
  ready: <CircleCheck className="size-5 text-emerald-500" aria-hidden />,
  failed: <CircleAlert className="size-5 text-red-500" aria-hidden />,
  cancelled: <Info className="size-5 text-violet-500" aria-hidden />,
  warning: <CircleAlert className="size-5 text-amber-600" aria-hidden />,
};

const parseTime = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time : null;
};

function RunningItem({ generation, onCancel, cancelling }: { generation: GenerationStatus; onCancel: () => void; cancelling: boolean }) {
  const elapsed = useSecondsSince(parseTime(generation.created_at));
  const { title, progress, status } = generation;
  return (
    <li className="space-y-1.5" data-testid="running-generation">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate font-medium text-slate-800">{title}</p>
        <Button size="sm" variant="ghost" className="h-7 shrink-0 px-2" onClick={onCancel} disabled={cancelling} aria-label={`Cancel ${title}`}>
          {cancelling ? 'Cancelling...' : 'Cancel'}
        </Button>
      </div>
      {progress === null ? <IndeterminateBar label={`${title} progress`} /> : <ProgressBar value={progress} label={`${title} progress`} />}
      <p className="text-xs text-slate-500 tabular-nums">
        {status === 'queued' ? 'Waiting in the queue' : 'Working on it'}
        {progress !== null && ` · ${progress}%`} · {elapsed} s
      </p>
    </li>
  );
}

/**
 * The signed-in shell's corner (issue 24): the generations running elsewhere (title, progress, elapsed, Cancel), and
 * the notices of those that ended. The notices sit in a polite live region that is always there, so each is announced.
 */
export function GenerationPanel({ running, cancelling, cancelError, onCancel, notices, onDismiss }: {
  running: GenerationStatus[];
  cancelling: ReadonlySet<string>;
  cancelError: string | null;
  onCancel: (generation: GenerationStatus) => void;
  notices: GenerationNotice[];
  onDismiss: (id: string) => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-40 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-80 [[data-sticky-action]_&]:bottom-24">
      <div aria-live="polite" className="flex flex-col gap-2">
        {notices.map((notice) => (
          <div key={notice.id} data-testid="generation-notice" className="pointer-events-auto flex gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-lg">
            <span className="mt-0.5 shrink-0">{NOTICE_ICON[notice.tone]}</span>
            <div className="min-w-0 flex-1 space-y-1">
              <p className="break-words text-slate-800">{notice.text}</p>
              {notice.link && (
                <Link
                  to={notice.link}
                  onClick={() => onDismiss(notice.id)}
                  aria-label={`${notice.linkLabel ?? 'Open result'}: ${notice.title}`}
                  className="font-medium text-violet-700 hover:underline"
                >
                  {notice.linkLabel ?? 'Open result'}
                </Link>
              )}
            </div>
            <button
              type="button"
              onClick={() => onDismiss(notice.id)}
              aria-label="Dismiss notice"
              className="-m-1 size-7 shrink-0 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-violet-600"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
        ))}
      </div>
      {running.length > 0 && (
        <section aria-label="Running generations" className="pointer-events-auto rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-lg">
          <button
            type="button"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            className="flex w-full items-center justify-between gap-2 rounded-lg text-left font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-violet-600"
          >
            {running.length === 1 ? '1 generation running' : `${running.length} generations running`}
            <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
          </button>
          {open && (
            <ul className="mt-3 max-h-64 space-y-3 overflow-y-auto">
              {running.map((generation) => (
                <RunningItem
                  key={generation.generation_id}
                  generation={generation}
                  cancelling={cancelling.has(generation.generation_id)}
                  onCancel={() => onCancel(generation)}
                />
              ))}
            </ul>
          )}
          {cancelError && (
            <p role="alert" className="mt-2 text-xs text-red-700">
              {cancelError}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
