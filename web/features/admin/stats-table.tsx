import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn.ts';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** Numbers sit right-aligned. */
  numeric?: boolean;
  className?: string;
}

/**
 * A data table that scrolls sideways inside its own focusable region on narrow screens, so the page never
 * overflows at 390 px. Cells hold text only (prompts and domains come from users and visitors).
 */
export function StatsTable<T>({ label, columns, rows, rowKey, minWidth = 'min-w-[44rem]' }: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  minWidth?: string;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="-mx-5 overflow-x-auto px-5 focus-visible:outline-2 focus-visible:outline-violet-600 sm:-mx-6 sm:px-6">
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
            {columns.map((col) => (
              <th key={col.key} scope="col" className={cn('px-2 py-2 font-medium whitespace-nowrap first:pl-0 last:pr-0', col.numeric && 'text-right', col.className)}>
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className="align-top">
              {columns.map((col) => (
                <td key={col.key} className={cn('px-2 py-2.5 text-slate-700 first:pl-0 last:pr-0', col.numeric && 'text-right whitespace-nowrap tabular-nums', col.className)}>
                  {col.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One number with its label, as the overview and users views show them. */
export function StatTile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}
