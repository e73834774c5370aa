import { UserRound } from 'lucide-react';
import type { GeneratedImage } from '../../../contract/ai.ts';
import type { AiErrorView } from '../../lib/ai-error.ts';
import { ImageResultPanel } from '../ai-shared/image-result-panel.tsx';
import type { PaidGeneration } from '../ai-shared/use-generation-run.ts';

/** The result panel (spec 3 §2): loading with the generation's progress, the error box, or the headshot with its download. */
export function HeadshotResult(props: {
  generating: boolean;
  generation: PaidGeneration | null;
  error: AiErrorView | null;
  result: GeneratedImage | null;
  onImageError: () => void;
}) {
  return (
    <ImageResultPanel
      {...props}
      title="Your Headshot"
      icon={<UserRound className="size-5" aria-hidden />}
      noun="headshot"
      aspect="aspect-square"
      placeholder={
        <>
          <UserRound className="size-10 text-slate-300" aria-hidden />
          Upload a photo, pick a style and a background, then generate. Your headshot appears here.
        </>
      }
    />
  );
}
