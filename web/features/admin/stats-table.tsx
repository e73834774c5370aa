import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn.ts';
import { ScrollRegion } from './admin-ui.tsx';

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
    <ScrollRegion label={label} className="-mx-5 px-5 sm:-mx-6 sm:px-6">
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
    </ScrollRegion>
  );
}
