import { cn } from './cn.ts';

export function ProgressBar({ value, label, className, barClassName }: {
  /** 0 to 100. */
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
}) {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div className={cn('h-full rounded-full bg-violet-600 transition-[width]', barClassName)} style={{ width: `${clamped}%` }} />
    </div>
  );
}

/** A progress bar whose value is not known: a moving stripe, and no aria-valuenow. */
export function IndeterminateBar({ label, className }: { label: string; className?: string }) {
  return (
    <div role="progressbar" aria-label={label} className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}>
      <div className="h-full w-1/3 animate-progress rounded-full bg-violet-600" />
    </div>
  );
}
