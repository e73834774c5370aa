import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { UPSCALE_RANGES, UPSCALE_TIME_ESTIMATES, type UpscaleProviders, type UpscaleTier } from '../../../../contract/ai.ts';
import { cn } from '../../../components/ui/cn.ts';
import { inputClasses } from '../../../components/ui/input.tsx';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { RangeField } from '../../../components/ui/range-field.tsx';
import { providerLabel, TIER_LABELS, type UpscaleSettings } from './upscale-settings.ts';

type Caps = UpscaleProviders['providers'][string];

/** The Upscale dialog's choices: provider, scale, quality tier with its time estimate, and the advanced settings. */
export function UpscaleOptions({ providers, provider, onProvider, caps, settings, choice, update, disabled }: {
  providers: UpscaleProviders;
  provider: string;
  onProvider: (name: string) => void;
  caps: Caps;
  settings: UpscaleSettings;
  choice: { scaleFactor: number; qualityTier: UpscaleTier };
  update: (change: Partial<UpscaleSettings>) => void;
  disabled: boolean;
}) {
  const id = useId();
  const names = Object.keys(providers.providers);
  const tiers = caps.quality_tiers.filter((t): t is UpscaleTier => t in UPSCALE_TIME_ESTIMATES);
  const hasAdvanced = caps.supports_creativity || caps.supports_sharpen;

  return (
    <div className="space-y-4">
      {names.length > 1 ? (
        <div>
          <label htmlFor={`${id}-provider`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Provider
          </label>
          <select id={`${id}-provider`} className={inputClasses} value={provider} disabled={disabled} onChange={(e) => onProvider(e.target.value)}>
            {names.map((name) => (
              <option key={name} value={name}>
                {providerLabel(name, providers.providers[name]?.label)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          Engine: <span className="font-medium text-slate-900">{providerLabel(provider, caps.label)}</span>
        </p>
      )}
      <ChoiceGroup
        legend="Scale"
        name={`${id}-scale`}
        choices={caps.scale_factors.map((f) => ({ value: f, label: `${f}x` }))}
        value={choice.scaleFactor}
        onChange={(scaleFactor) => update({ scaleFactor })}
        disabled={disabled}
        columns="grid-cols-2"
      />
      <ChoiceGroup
        legend="Quality"
        name={`${id}-tier`}
        choices={tiers.map((t) => ({ value: t, label: TIER_LABELS[t], hint: UPSCALE_TIME_ESTIMATES[t] }))}
        value={choice.qualityTier}
        onChange={(qualityTier) => update({ qualityTier })}
        disabled={disabled}
        columns={tiers.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}
      />
      {hasAdvanced && (
        <div className="rounded-xl border border-slate-200">
          <button
            type="button"
            aria-expanded={settings.showAdvanced}
            aria-controls={`${id}-advanced`}
            onClick={() => update({ showAdvanced: !settings.showAdvanced })}
            className="flex w-full items-center justify-between rounded-xl px-4 py-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Advanced settings
            <ChevronDown className={cn('size-4 transition-transform', settings.showAdvanced && 'rotate-180')} aria-hidden />
          </button>
          {settings.showAdvanced && (
            <div id={`${id}-advanced`} className="space-y-4 border-t border-slate-100 px-4 py-4">
              {caps.supports_creativity && (
                <>
                  <div>
                    <label htmlFor={`${id}-prompt`} className="mb-1.5 block text-sm font-medium text-slate-700">
                      Upscale prompt
                    </label>
                    <textarea
                      id={`${id}-prompt`}
                      rows={2}
                      maxLength={1000}
                      className={inputClasses}
                      value={settings.prompt}
                      disabled={disabled}
                      onChange={(e) => update({ prompt: e.target.value })}
                    />
                  </div>
                  <RangeField label="Creativity" {...UPSCALE_RANGES.creativity} value={settings.creativity} format={(v) => v.toFixed(2)} disabled={disabled} onChange={(creativity) => update({ creativity })} />
                  <RangeField label="Resemblance" {...UPSCALE_RANGES.resemblance} value={settings.resemblance} format={(v) => v.toFixed(1)} disabled={disabled} onChange={(resemblance) => update({ resemblance })} />
                </>
              )}
              {caps.supports_sharpen && (
                <RangeField label="Sharpening" {...UPSCALE_RANGES.sharpen} value={settings.sharpen} format={(v) => v.toFixed(1)} disabled={disabled} onChange={(sharpen) => update({ sharpen })} />
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
