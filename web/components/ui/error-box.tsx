import { CircleAlert, Lightbulb } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import type { AiErrorView } from '../../lib/ai-error.ts';

/** The AI error box (spec 2 §8): the headline, the guideline bullets, then the tip of the error's class. */
export function ErrorBox({ error, action, className }: { error: AiErrorView; action?: ReactNode; className?: string }) {
  return (
    <div role="alert" data-error-class={error.errorClass} className={cn('rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900', className)}>
      <div className="flex gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{error.headline}</p>
          {error.guidelines.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-red-800">
              {error.guidelines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
          {error.tip && (
            <p className="mt-3 flex gap-2 rounded-lg bg-white/70 px-3 py-2 text-slate-700">
              <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden />
              <span>
                <span className="font-semibold">Tip: </span>
                {error.tip}
              </span>
            </p>
          )}
          {action && <div className="mt-3">{action}</div>}
        </div>
      </div>
    </div>
  );
}
