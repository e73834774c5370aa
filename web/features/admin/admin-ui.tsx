import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn.ts';

/** One number with its label (and an optional note), as every admin tab's totals show them; use inside a `<dl>`. */
export function StatTile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

/**
 * A wide table's box: it scrolls sideways on its own (focusable, so the keyboard can scroll it) and the page never
 * overflows at 390 px. `relative` keeps an sr-only header, which is absolutely placed, inside the scroller.
 * `className` sets how far it reaches into its card's padding.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn('relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-violet-600', className)}>
      {children}
    </div>
  );
}
