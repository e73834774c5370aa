import { useId } from 'react';
import { MOCKUP_BACKGROUNDS } from '../../../contract/ai.ts';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { MOCKUP_BACKGROUND_LABELS, type MockupBackground } from './mockup-options.ts';
import { StepCard } from './step-card.tsx';

function ColorField({ label, value, onChange, disabled }: { label: string; value: string; onChange: (value: string) => void; disabled: boolean }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <input id={id} type="color" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} className="h-10 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white p-1" />
      <label htmlFor={id} className="text-sm text-slate-700">
        <span className="block font-medium">{label}</span>
        <span className="font-mono text-xs text-slate-500 uppercase">{value}</span>
      </label>
    </div>
  );
}

/** Step 3: photo studio, a plain colour, or a gradient of two colours (defaults #f0f0f0 and #d1d5db). */
export function BackgroundStep({ background, onBackground, color1, color2, onColor1, onColor2, disabled }: {
  background: MockupBackground;
  onBackground: (value: MockupBackground) => void;
  color1: string;
  color2: string;
  onColor1: (value: string) => void;
  onColor2: (value: string) => void;
  disabled: boolean;
}) {
  const name = useId();
  return (
    <StepCard step={3} title="Choose background">
      <ChoiceGroup
        legend="Background"
        hideLegend
        name={name}
        choices={MOCKUP_BACKGROUNDS.map((b) => ({ value: b, label: MOCKUP_BACKGROUND_LABELS[b] }))}
        value={background}
        onChange={onBackground}
        disabled={disabled}
        columns="grid-cols-3"
      />
      {background === 'plain-color' && (
        <div className="mt-4">
          <ColorField label="Background color" value={color1} onChange={onColor1} disabled={disabled} />
        </div>
      )}
      {background === 'gradient' && (
        <div className="mt-4 flex flex-wrap items-center gap-6">
          <ColorField label="Gradient start" value={color1} onChange={onColor1} disabled={disabled} />
          <ColorField label="Gradient end" value={color2} onChange={onColor2} disabled={disabled} />
          <span className="h-10 w-24 rounded-lg border border-slate-200" style={{ background: `linear-gradient(135deg, ${color1}, ${color2})` }} aria-hidden />
        </div>
      )}
    </StepCard>
  );
}
