import { Cpu, Sparkles } from 'lucide-react';
import { LOCAL_PREVIEW_NOTE, type ToolEngine } from '../../../contract/ai.ts';
import { cn } from '../../components/ui/cn.ts';
import { formatCredits } from '../../lib/credits-format.ts';

/** What a button shows for its predicted cost: 'Free' for a free preview, else the credits. */
export const costLabel = (cost: string) => (Number(cost) === 0 ? 'Free' : `${formatCredits(cost)} credits`);

/**
 * The predicted cost inside a tool's main button. Solid colours: a translucent pill over the violet button measured
 * 4.3:1 with white text, under WCAG AA's 4.5:1; violet-800 gives about 8.7:1 (and amber-200 under amber-950 about 12:1
 * on the button of a cost the balance cannot cover).
 */
export function CostPill({ cost, tone = 'primary' }: { cost: string; tone?: 'primary' | 'shortfall' }) {
  return (
    <span
      className={cn(
        'ml-1 rounded-full px-2.5 py-0.5 text-sm font-semibold tabular-nums',
        tone === 'primary' ? 'bg-violet-800 text-white' : 'bg-amber-200 text-amber-950',
      )}
    >
      {costLabel(cost)}
    </span>
  );
}

/**
 * Beside a tool's button: the engine that will run, what one result costs there and how long it takes. The local
 * engine is named as a preview, so no one pays for, or waits for, what it does not do.
 */
export function EngineNote({ engine, cost, unit, className }: { engine: ToolEngine | undefined; cost?: string | null; unit?: string; className?: string }) {
  if (!engine) return null;
  const price = cost == null ? null : Number(cost) === 0 ? 'free' : `${formatCredits(cost)} credits${unit ? ` ${unit}` : ''}`;
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg px-3 py-2 text-sm',
        engine.preview ? 'bg-amber-50 text-amber-900 ring-1 ring-amber-200' : 'bg-slate-50 text-slate-700 ring-1 ring-slate-200',
        className,
      )}
      data-testid="engine-note"
    >
      {engine.preview ? <Cpu className="mt-0.5 size-4 shrink-0" aria-hidden /> : <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden />}
      <span>
        {engine.preview ? (
          <>
            <strong className="font-semibold">{LOCAL_PREVIEW_NOTE}.</strong> Results are quick previews made on our server
            {price ? `, ${price}` : ''}; about {engine.estimate}.
          </>
        ) : (
          <>
            Made by <strong className="font-semibold">{engine.label}</strong>
            {price ? `, ${price}` : ''}; usually {engine.estimate}.
          </>
        )}
      </span>
    </p>
  );
}

/** On a result the local engine made: says it is a preview. */
export function PreviewNote({ className }: { className?: string }) {
  return (
    <p className={cn('flex items-center gap-2 text-sm font-medium text-amber-800', className)} data-testid="preview-note">
      <Cpu className="size-4 shrink-0" aria-hidden />
      {LOCAL_PREVIEW_NOTE}
    </p>
  );
}
