import { Check } from 'lucide-react';
import { useId } from 'react';
import { MOCKUP_STYLES, type MockupStyle } from '../../../contract/ai.ts';
import { cn } from '../../components/ui/cn.ts';
import { inputClasses } from '../../components/ui/input.tsx';
import { MOCKUP_STYLE_LABELS } from './mockup-options.ts';
import { StepCard } from './step-card.tsx';

/** Step 2: one or more of the twelve styles; Custom asks for a description. */
export function StyleStep({ styles, onToggle, customStyle, onCustomStyle, disabled }: {
  styles: MockupStyle[];
  onToggle: (style: MockupStyle) => void;
  customStyle: string;
  onCustomStyle: (value: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <StepCard step={2} title="Select styles" description="Each style makes one mockup.">
      <fieldset disabled={disabled}>
        <legend className="sr-only">Mockup styles</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {MOCKUP_STYLES.map((style) => {
            const order = styles.indexOf(style);
            const checked = order >= 0;
            return (
              <label
                key={style}
                className={cn(
                  'relative flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-600',
                  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
                  checked ? 'border-violet-500 bg-violet-50 text-violet-800 ring-1 ring-violet-500' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                <input type="checkbox" className="sr-only" checked={checked} onChange={() => onToggle(style)} />
                <span
                  className={cn('flex size-5 shrink-0 items-center justify-center rounded border text-[11px] font-bold', checked ? 'border-violet-600 bg-violet-600 text-white' : 'border-slate-300 bg-white')}
                  aria-hidden
                >
                  {checked && (styles.length > 1 ? order + 1 : <Check className="size-3.5" />)}
                </span>
                <span className="min-w-0 truncate">{MOCKUP_STYLE_LABELS[style]}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {styles.includes('custom') && (
        <div className="mt-4">
          <label htmlFor={`${id}-custom`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Custom style description
          </label>
          <textarea
            id={`${id}-custom`}
            rows={2}
            maxLength={500}
            value={customStyle}
            disabled={disabled}
            onChange={(e) => onCustomStyle(e.target.value)}
            placeholder="e.g. A canvas tote bag hanging on a wooden hook"
            className={inputClasses}
          />
        </div>
      )}
    </StepCard>
  );
}
