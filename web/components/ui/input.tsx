import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn.ts';

export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-violet-500 focus:outline-none focus:ring-3 focus:ring-violet-500/20 disabled:bg-slate-50 disabled:text-slate-500';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string;
  icon?: ReactNode;
}

/** A labelled input; the label is always present for assistive technology and end-to-end tests. */
export function TextField({ label, hint, error, icon, className, ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        {icon && <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">{icon}</span>}
        <input
          id={id}
          className={cn(inputClasses, !!icon && 'pl-10', error && 'border-red-400 focus:border-red-500 focus:ring-red-500/20')}
          aria-describedby={cn(hintId, errorId) || undefined}
          aria-invalid={error ? true : undefined}
          {...rest}
        />
      </div>
      {hint && <p id={hintId} className="mt-1.5 text-xs text-slate-500">{hint}</p>}
      {error && <p id={errorId} className="mt-1.5 text-xs text-red-600">{error}</p>}
    </div>
  );
}
