import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  /** A second line under the label, e.g. a time estimate. */
  hint?: ReactNode;
}

/**
 * A labelled group of radio buttons drawn as segmented pills (native radios, so arrow keys, getByRole('radio')
 * and getByLabel work). Used by the image tools for aspect ratio, extend amount, scale, quality, background and size.
 */
export function ChoiceGroup<T extends string | number>({ legend, name, choices, value, onChange, disabled, className, columns, hideLegend }: {
  legend: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
  /** Tailwind grid columns, e.g. 'grid-cols-3 sm:grid-cols-5'; default wraps. */
  columns?: string;
  hideLegend?: boolean;
}) {
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className={cn('mb-1.5 text-sm font-medium text-slate-700', hideLegend && 'sr-only')}>{legend}</legend>
      <div className={cn(columns ? `grid gap-2 ${columns}` : 'flex flex-wrap gap-2')}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={String(choice.value)}
              className={cn(
                'relative flex cursor-pointer flex-col items-center justify-center rounded-lg border px-3 py-2 text-center text-sm font-medium transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-600',
                checked ? 'border-violet-500 bg-violet-50 text-violet-800 ring-1 ring-violet-500' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={String(choice.value)}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className="sr-only"
              />
              <span>{choice.label}</span>
              {choice.hint && <span className={cn('mt-0.5 text-xs font-normal', checked ? 'text-violet-700' : 'text-slate-500')}>{choice.hint}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
