import { useId } from 'react';
import { MOCKUP_DIMENSIONS, type MockupDimension } from '../../../contract/ai.ts';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { StepCard } from './step-card.tsx';

const DIMENSIONS = Object.keys(MOCKUP_DIMENSIONS) as MockupDimension[];

/** Step 4: one of the four sizes, and the shadow (on by default). */
export function OutputStep({ dimensions, onDimensions, shadow, onShadow, disabled }: {
  dimensions: MockupDimension;
  onDimensions: (value: MockupDimension) => void;
  shadow: boolean;
  onShadow: (value: boolean) => void;
  disabled: boolean;
}) {
  const name = useId();
  return (
    <StepCard step={4} title="Output settings">
      <ChoiceGroup
        legend="Dimensions"
        name={name}
        choices={DIMENSIONS.map((d) => ({ value: d, label: MOCKUP_DIMENSIONS[d].label, hint: `${MOCKUP_DIMENSIONS[d].width} × ${MOCKUP_DIMENSIONS[d].height}` }))}
        value={dimensions}
        onChange={onDimensions}
        disabled={disabled}
        columns="grid-cols-2 sm:grid-cols-4"
      />
      <label className="mt-4 flex items-center gap-3 text-sm text-slate-700">
        <input type="checkbox" checked={shadow} disabled={disabled} onChange={(e) => onShadow(e.target.checked)} className="size-4 accent-violet-600" />
        <span>
          <span className="font-medium">Shadow</span>
          <span className="ml-1 text-slate-500">A soft shadow under the product</span>
        </span>
      </label>
    </StepCard>
  );
}
