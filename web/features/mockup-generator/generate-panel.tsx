import { Clock, Layers, Sparkles } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatCredits } from '../../lib/credits-format.ts';
import { ErrorBox } from '../../components/ui/error-box.tsx';
import { MockupResultView } from './mockup-result.tsx';
import type { ToolEngine } from '../../../contract/ai.ts';
import { EngineNote, PreviewNote } from '../ai-shared/engine-note.tsx';
import { PaidButton } from '../ai-shared/paid-button.tsx';
import { mockupDurationHint } from './mockup-options.ts';
import type { MockupJobState } from './use-mockup-job.ts';

/** The summary with Generate Mockups and its cost, then the job's progress, its error or the result. */
export function GeneratePanel({ state, engine, imageCount, styleCount, cost, perStyle, validation, elapsed, onGenerate, onAgain }: {
  state: MockupJobState;
  /** The engine that will run (GET /api/ai/engines): its time estimate and whether it draws previews (the result says whether it is one). */
  engine: ToolEngine | undefined;
  imageCount: number;
  styleCount: number;
  /** Total predicted cost (per-style cost × styles), when known. */
  cost: string | null;
  perStyle: string | null;
  validation: string | null;
  elapsed: number;
  onGenerate: () => void;
  onAgain: () => void;
}) {
  const busy = state.phase === 'submitting' || state.phase === 'running';
  const hint = mockupDurationHint(engine);
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-violet-50 text-violet-600">
          <Layers className="size-5" aria-hidden />
        </span>
        <div className="text-sm text-slate-600">
          <p className="font-semibold text-slate-900">
            {imageCount} {imageCount === 1 ? 'image' : 'images'} · {styleCount} {styleCount === 1 ? 'style' : 'styles'}
          </p>
          <p className="mt-0.5 flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden /> {hint}
            {perStyle && <span> {Number(perStyle) === 0 ? 'Free.' : `${formatCredits(perStyle)} credits per style.`}</span>}
          </p>
        </div>
      </div>
      {state.phase !== 'completed' && <EngineNote engine={engine} cost={perStyle} unit="per style" />}
      {state.phase !== 'completed' && (
        // The quote of one style until styles are chosen, so a balance that cannot cover even one shows at once.
        // Not sticky: the panel sits beside (or right under) the steps, in view as they are filled in.
        <PaidButton
          label="Generate Mockups"
          icon={<Sparkles className="size-5" aria-hidden />}
          onClick={onGenerate}
          generating={busy}
          disabled={false}
          cost={cost}
          validation={validation}
          sticky={false}
        />
      )}
      {busy && (
        <div role="status" className="flex items-center gap-3 rounded-xl bg-violet-50 px-4 py-3 text-sm text-violet-900">
          <Spinner className="size-5 text-violet-600" />
          <div>
            <p className="font-medium">
              {state.phase === 'submitting' ? 'Sending your images…' : state.status === 'processing' ? 'Rendering your mockups…' : 'Queued: starting shortly…'}
            </p>
            <p className="text-xs text-violet-700 tabular-nums">{elapsed} s elapsed{hint ? ` · ${hint}` : ''}</p>
          </div>
        </div>
      )}
      {state.phase === 'failed' && <ErrorBox error={state.error} />}
      {state.phase === 'completed' && state.result.preview && <PreviewNote />}
      {state.phase === 'completed' && <MockupResultView result={state.result} onAgain={onAgain} />}
    </Card>
  );
}
