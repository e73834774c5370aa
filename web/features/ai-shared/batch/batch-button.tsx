import { Layers } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import type { ToolId } from '../../../../contract/tools.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';

// The panel (and the gallery picker) loads when it is first opened: a tool page carries only this button.
const BatchPanel = lazy(() => import('./batch-panel.tsx').then((m) => ({ default: m.BatchPanel })));

/**
 * "Batch" beside a tool's upload (issue 28): opens the Batch panel, where the images are picked and the quote is read
 * before paying. Every batch-capable tool page places it with its current options and what one image costs there.
 */
export function BatchButton({ tool, options, cost, disabled, className, hint = 'Many images? Run them all with these settings.' }: {
  tool: ToolId;
  /** The fields of the tool's single-call body other than the image, as the page has them now. */
  options: Record<string, unknown>;
  /** What one image costs on this page, null while unknown. */
  cost: string | null;
  disabled?: boolean;
  className?: string;
  /** The line beside the button. */
  hint?: string;
}) {
  const [open, setOpen] = useState(false);
  const hintId = useId();
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200', className)}>
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
      <Button size="sm" variant="outline" icon={<Layers className="size-4" aria-hidden />} onClick={() => setOpen(true)} disabled={disabled} aria-describedby={hintId} aria-haspopup="dialog">
        Batch
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BatchPanel tool={tool} options={options} unitCost={cost} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
