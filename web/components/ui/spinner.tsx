import { LoaderCircle } from 'lucide-react';
import { cn } from './cn.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={cn('size-5 animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    />
  );
}

/** A centred spinner for pages and sections that are loading. */
export function PageSpinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-500', className)}>
      <Spinner className="size-8 text-violet-600" />
      <span className="text-sm">{label}…</span>
    </div>
  );
}
