import { useId, useState } from 'react';
import { ASPECT_RATIOS, EXPERIMENTAL_WARNING_DAYS, type AspectRatio } from '../../../contract/ai.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { dismissExperimentalWarning, isExperimentalWarningDismissed } from './experimental-warning.ts';

export const ASPECT_LABELS: Record<AspectRatio, string> = { original: 'Original', '1:1': '1:1', '4:5': '4:5', '9:16': '9:16', '16:9': '16:9', '4:3': '4:3', '3:4': '3:4' };

export const EXPERIMENTAL_WARNING = {
  title: 'Experimental: aspect ratio conversion',
  body: 'Changing the aspect ratio is experimental and results can vary. Credits are charged regardless of the result.',
  dismiss: `Don't show for ${EXPERIMENTAL_WARNING_DAYS} days`,
} as const;

/** The contract's ratios (Original, 1:1, 4:5, 9:16, 16:9, 4:3, 3:4); any other than Original shows the experimental warning until dismissed (3 days). */
export function AspectSelector({ value, onChange, disabled }: { value: AspectRatio; onChange: (value: AspectRatio) => void; disabled?: boolean }) {
  const name = useId();
  const [dismissed, setDismissed] = useState(() => isExperimentalWarningDismissed());
  return (
    <div className="space-y-3">
      <ChoiceGroup
        legend="Aspect ratio"
        name={name}
        choices={ASPECT_RATIOS.map((ratio) => ({ value: ratio, label: ASPECT_LABELS[ratio] }))}
        value={value}
        onChange={onChange}
        disabled={disabled}
        columns="grid-cols-4 sm:grid-cols-7"
      />
      {value !== 'original' && !dismissed && (
        <Alert
          tone="warning"
          title={EXPERIMENTAL_WARNING.title}
          action={
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                dismissExperimentalWarning();
                setDismissed(true);
              }}
            >
              {EXPERIMENTAL_WARNING.dismiss}
            </Button>
          }
        >
          {EXPERIMENTAL_WARNING.body}
        </Alert>
      )}
    </div>
  );
}
