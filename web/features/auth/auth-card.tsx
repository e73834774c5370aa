import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn.ts';

export type AuthCardTone = 'brand' | 'success' | 'warning' | 'error';

const toneClasses: Record<AuthCardTone, string> = {
  brand: 'bg-violet-100 text-violet-700',
  success: 'bg-emerald-100 text-emerald-700',
  warning: 'bg-amber-100 text-amber-700',
  error: 'bg-red-100 text-red-700',
};

/** The centred card every sign-in screen uses. */
export function AuthCard({ icon, title, description, tone = 'brand', children }: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  tone?: AuthCardTone;
  children?: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-12 sm:items-center sm:py-20">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-violet-100/70 to-transparent" />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-violet-900/5 sm:p-8">
        <div className={cn('mb-5 flex size-12 items-center justify-center rounded-xl', toneClasses[tone])}>{icon}</div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-2 text-slate-600">{description}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
