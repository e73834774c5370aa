import { Check } from 'lucide-react';
import { useId } from 'react';
import { CHANGE_OPTIONS, OUTPUT_RATIOS, PHOTOSHOOT_VARIATIONS, VARIETIES, type Variety } from '../../../contract/photoshoot.ts';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { cn } from '../../components/ui/cn.ts';
import { inputClasses } from '../../components/ui/input.tsx';
import type { PhotoshootState } from './use-photoshoot.ts';
import { OptionalMark } from '../../components/ui/optional-mark.tsx';

const PROMPT_MAX = 4000;

const VARIATION_CHOICES = Array.from({ length: PHOTOSHOOT_VARIATIONS.max - PHOTOSHOOT_VARIATIONS.min + 1 }, (_, i) => {
  const n = PHOTOSHOOT_VARIATIONS.min + i;
  return { value: n, label: String(n) };
});

const VARIETY_HINTS: Record<Variety, string> = { Subtle: 'Close to the photo', Creative: 'Balanced', Diverse: 'Bolder', Experimental: 'Boldest' };
const VARIETY_CHOICES = VARIETIES.map((v) => ({ value: v, label: v, hint: VARIETY_HINTS[v] }));
const RATIO_CHOICES = OUTPUT_RATIOS.map((r) => ({ value: r, label: r }));

/** Change options: a multi-select drawn like the radio pills (native checkboxes, so keys and labels work). */
function ChangeOptions({ p, disabled }: { p: PhotoshootState; disabled: boolean }) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        What may change <span className="font-normal text-slate-500">(choose any)</span>
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {CHANGE_OPTIONS.map((option) => {
          const checked = p.changeOptions.includes(option);
          return (
            <label
              key={option}
              className={cn(
                'relative flex cursor-pointer items-center justify-center gap-1.5 rounded-lg border px-3 py-2 text-sm font-medium transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-600',
                checked ? 'border-violet-500 bg-violet-50 text-violet-800 ring-1 ring-violet-500' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input type="checkbox" name="photoshoot-change" value={option} checked={checked} onChange={() => p.toggleChangeOption(option)} className="sr-only" />
              {checked && <Check className="size-4 shrink-0" aria-hidden />}
              {option}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Generation settings (spec 3 §5): variations, change options, variety, output ratio and an optional prompt. */
export function SettingsPanel({ p }: { p: PhotoshootState }) {
  const promptId = useId();
  const disabled = p.generating;
  return (
    <div className="space-y-5">
      <ChoiceGroup legend="Variations" name="photoshoot-variations" choices={VARIATION_CHOICES} value={p.variations} onChange={p.setVariations} disabled={disabled} columns="grid-cols-4" />
      <ChangeOptions p={p} disabled={disabled} />
      <ChoiceGroup legend="Variety" name="photoshoot-variety" choices={VARIETY_CHOICES} value={p.variety} onChange={p.setVariety} disabled={disabled} columns="grid-cols-2 sm:grid-cols-4" />
      <ChoiceGroup legend="Output ratio" name="photoshoot-ratio" choices={RATIO_CHOICES} value={p.outputRatio} onChange={p.setOutputRatio} disabled={disabled} columns="grid-cols-4" />
      <div>
        <label htmlFor={promptId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Prompt <OptionalMark />
        </label>
        <textarea
          id={promptId}
          rows={3}
          maxLength={PROMPT_MAX}
          className={inputClasses}
          placeholder="e.g. golden hour on a rooftop, warm and cinematic"
          value={p.prompt}
          disabled={disabled}
          onChange={(e) => p.setPrompt(e.target.value)}
        />
      </div>
    </div>
  );
}
