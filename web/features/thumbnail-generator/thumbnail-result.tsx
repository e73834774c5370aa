import { MonitorPlay } from 'lucide-react';
import type { AiErrorView } from '../../lib/ai-error.ts';
import { ImageResultPanel } from '../ai-shared/image-result-panel.tsx';
import type { PaidGeneration } from '../ai-shared/use-generation-run.ts';
import type { ShownResult } from './use-thumbnail.ts';

/** Step 2, the result panel (spec 3 §2): loading with the generation's progress, the error box, or the thumbnail and its download. */
export function ThumbnailResult(props: {
  generating: boolean;
  generation: PaidGeneration | null;
  error: AiErrorView | null;
  result: ShownResult | null;
  onImageError: () => void;
}) {
  return (
    <ImageResultPanel
      {...props}
      title="Your Thumbnail"
      icon={<MonitorPlay className="size-5" aria-hidden />}
      noun="thumbnail"
      aspect="aspect-video"
      placeholder={
        <>
          <MonitorPlay className="size-10 text-slate-300" aria-hidden />
          Upload a frame, pick a style and add your text, then generate. Your 1280x720 thumbnail appears here.
        </>
      }
    />
  );
}
