import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { cn } from './cn.ts';

const WIDTHS = { wide: 'max-w-6xl', reading: 'max-w-4xl', narrow: 'max-w-xl' } as const;

/** The standard page frame: a centred column with a title block; sets document.title. */
export function Page({ title, description, actions, children, className, documentTitle, icon, badge, width = 'wide' }: {
  title: ReactNode;
  /** Shown before the title, outside the heading. */
  icon?: ReactNode;
  /** Shown after the title, outside the heading (so the heading's name stays the title). */
  badge?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Defaults to the title when that is a string. */
  documentTitle?: string;
  /** Column width: wide (default, 6xl), reading (4xl) or narrow (xl). */
  width?: keyof typeof WIDTHS;
}) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-12', WIDTHS[width], className)}>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            {icon}
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
            {badge}
          </div>
          {description && <p className="mt-2 max-w-2xl text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
