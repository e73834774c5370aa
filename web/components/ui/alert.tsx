import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

const tones: Record<AlertTone, { box: string; icon: ReactNode }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: <CircleAlert className="size-5 text-red-500" aria-hidden /> },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-800', icon: <CircleCheck className="size-5 text-emerald-500" aria-hidden /> },
  info: { box: 'border-violet-200 bg-violet-50 text-violet-900', icon: <Info className="size-5 text-violet-500" aria-hidden /> },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: <TriangleAlert className="size-5 text-amber-500" aria-hidden /> },
};

/** A message box. Errors are announced (role="alert"), the rest politely (role="status"). */
export function Alert({ tone = 'info', title, children, action, className, role }: {
  tone?: AlertTone;
  /** Overrides the role chosen by tone. */
  role?: 'alert' | 'status';
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const { box, icon } = tones[tone];
  return (
    <div role={role ?? (tone === 'error' ? 'alert' : 'status')} className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm', box, className)}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children && <div className={cn(!!title && 'mt-0.5', 'break-words')}>{children}</div>}
        {action && <div className="mt-3">{action}</div>}
      </div>
    </div>
  );
}
