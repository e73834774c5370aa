import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { IndeterminateBar, ProgressBar } from '../../components/ui/progress-bar.tsx';
import type { RunPhase } from '../../lib/generations.ts';
import { useSecondsSince } from '../../lib/use-elapsed-seconds.ts';
import type { PaidGeneration } from './use-generation-run.ts';

export const PHASE_TEXT: Record<RunPhase, string> = {
  starting: 'Starting…',
  queued: 'Waiting in the queue…',
  processing: 'Working on it…',
};
export const GENERATION_NOTES = {
  /** Before a 202 gave the generation's id, there is nothing to cancel yet. */
  noIdYet: 'Cancel becomes available if this takes longer than usual.',
  leaveOk: 'You can leave this page: the result is saved to your gallery.',
} as const;

/**
 * A paid call's progress (issue 24), beside the tool's busy state: the seconds elapsed, the progress when the engine
 * reports it (else an indeterminate bar, or the caller's estimate), the phase (announced politely), and Cancel.
 */
export function GenerationProgress({ generation, label = 'Generation progress', estimate, leaveNote = GENERATION_NOTES.leaveOk, className }: {
  generation: PaidGeneration | null;
  /** The progress bar's name. */
  label?: string;
  /** A progress the caller estimates (e.g. from the time elapsed), shown while the engine reports none. */
  estimate?: number;
  /** What is said once the work goes on without the page (null: the caller says it itself). */
  leaveNote?: string | null;
  className?: string;
}) {
  const elapsed = useSecondsSince(generation?.startedAt ?? null);
  const noteId = useId();
  if (!generation) return null;
  const { id, phase, progress, cancel, cancelling, cancelError } = generation;
  const shown = progress ?? estimate ?? null;
  return (
    <div className={cn('w-full min-w-0 space-y-2 text-left text-sm', className)} data-testid="generation-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p aria-live="polite" className="min-w-0 font-medium text-slate-700">
          {cancelling ? 'Cancelling…' : PHASE_TEXT[phase]}
        </p>
        <p className="text-slate-500 tabular-nums">
          {progress !== null && `${progress}% · `}
          {elapsed} s elapsed
        </p>
      </div>
      {shown === null ? <IndeterminateBar label={label} /> : <ProgressBar value={shown} label={label} />}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button
          size="sm"
          variant="outline"
          icon={<X className="size-4" aria-hidden />}
          onClick={cancel}
          disabled={!id || cancelling}
          aria-describedby={id && !leaveNote ? undefined : noteId}
        >
          {cancelling ? 'Cancelling...' : 'Cancel generation'}
        </Button>
        {(!id || leaveNote) && (
          <p id={noteId} className="min-w-0 flex-1 basis-48 text-xs text-slate-500">
            {id ? leaveNote : GENERATION_NOTES.noIdYet}
          </p>
        )}
      </div>
      {cancelError && (
        <p role="alert" className="text-xs text-red-700">
          {cancelError}
        </p>
      )}
    </div>
  );
}
