import { Wand2 } from 'lucide-react';
import type { RefObject } from 'react';
import { PaidButton } from '../ai-shared/paid-button.tsx';

/** Morph Image with the predicted cost, and its sticky copy (spec 2 §2). */
export function MorphButton(props: {
  onClick: () => void;
  generating: boolean;
  disabled: boolean;
  cost: string | null;
  validation: string | null;
  endOfTool?: RefObject<HTMLElement | null>;
}) {
  return <PaidButton label="Morph Image" icon={<Wand2 className="size-5" aria-hidden />} {...props} />;
}
