import { Sparkles } from 'lucide-react';
import type { RefObject } from 'react';
import { PaidButton } from '../ai-shared/paid-button.tsx';

/** Generate Caption with the predicted cost, and its sticky copy (spec 3 §2). */
export function GenerateButton(props: {
  onClick: () => void;
  generating: boolean;
  disabled: boolean;
  cost: string | null;
  validation: string | null;
  endOfTool?: RefObject<HTMLElement | null>;
}) {
  return <PaidButton label="Generate Caption" icon={<Sparkles className="size-5" aria-hidden />} {...props} />;
}
