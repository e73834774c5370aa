import { Coins, Download, ExternalLink, ZoomIn } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { UpscaleResult } from './api.ts';
import { UpscaleOptions } from './upscale-options.tsx';
import { displayedUpscaleCost, estimateUpperSeconds, timeEstimate, UPSCALE_MESSAGES } from './upscale-settings.ts';
import { useUpscale } from './use-upscale.ts';
import { CapNote, ShortfallNote, useCreditShortfall } from '../credit-shortfall.tsx';
import { GenerationProgress } from '../generation-progress.tsx';
import { fileDownloadUrl } from '../../../lib/file-urls.ts';
import { formatPreciseCredits } from '../../../lib/credits-format.ts';

export interface UpscaleTarget {
  uuid: string;
  /** A preview (thumbnail or full image). */
  image: string;
  title: string;
}

/**
 * The Upscale dialog (spec 2 §2): scale, quality (with time estimates) and advanced settings saved in this browser,
 * the cost (the provider's estimate × 2.5 credits), progress with the elapsed time while it runs (the dialog can be
 * closed meanwhile: the result still lands in the history), then the upscaled image.
 */
export function UpscaleDialog({ target, onClose, onUpscaled }: { target: UpscaleTarget; onClose: () => void; onUpscaled?: (result: UpscaleResult) => void }) {
  const u = useUpscale(target.uuid, onUpscaled);
  const { providers, provider, caps, choice, mutation } = u;
  const cost = providers && provider ? displayedUpscaleCost(providers, provider, choice.scaleFactor, choice.qualityTier) : null;
  const running = mutation.isPending;
  const done = mutation.data;
  const progress = Math.min(95, (u.elapsed / estimateUpperSeconds(choice.qualityTier)) * 100);
  // Upscaling is priced even on the local engine: a balance that cannot cover it is said before the click.
  const { shortfall, capped, topUp } = useCreditShortfall(cost);
  const short = !!shortfall && !running && !done;
  const overCap = running || done ? null : capped;
  const noteId = useId();

  return (
    <Dialog
      title="Upscale Image"
      description="Make a larger, sharper copy. The copy is saved to your image history."
      icon={<ZoomIn className="size-5" aria-hidden />}
      size="lg"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {done ? 'Done' : 'Close'}
          </Button>
          {short ? (
            <Button
              variant="outline"
              className="border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100"
              onClick={topUp}
              icon={<Coins className="size-4" aria-hidden />}
              aria-describedby={noteId}
              data-shortfall
            >
              {/* One text run: the button's flex gap would otherwise open a wide space before the price. */}
              <span>
                Not enough credits<span className="sr-only"> to upscale</span> ({cost} credits)
              </span>
            </Button>
          ) : (
            !done && (
              <Button onClick={u.start} loading={running} disabled={!caps || !!overCap} aria-describedby={overCap ? noteId : undefined}>
                {running ? 'Upscaling...' : cost ? `Upscale (${cost} credits)` : 'Upscale'}
              </Button>
            )
          )}
        </>
      }
    >
      <div className="space-y-5">
        <div className="flex items-center gap-3">
          <img src={target.image} alt="" className="size-16 shrink-0 rounded-lg border border-slate-200 object-cover" />
          <p className="min-w-0 text-sm text-slate-600">
            <span className="block truncate font-medium text-slate-900">{target.title}</span>
            {cost && (
              <span>
                Cost: <span className="font-semibold text-slate-900 tabular-nums">{cost} credits</span> · {timeEstimate(choice.qualityTier)}
              </span>
            )}
          </p>
        </div>
        {short && <ShortfallNote id={noteId} shortfall={shortfall} onTopUp={topUp} />}
        {overCap && <CapNote id={noteId} capped={overCap} />}

        {u.providersQuery.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="size-4" /> Loading upscale options…
          </p>
        )}
        {u.providersQuery.isError && (
          <Alert
            tone="error"
            title={UPSCALE_MESSAGES.providers}
            action={
              <Button size="sm" variant="outline" onClick={() => void u.providersQuery.refetch()}>
                Try again
              </Button>
            }
          />
        )}
        {providers && provider && caps && !done && (
          <UpscaleOptions
            providers={providers}
            provider={provider}
            onProvider={u.setProvider}
            caps={caps}
            settings={u.settings}
            choice={choice}
            update={u.update}
            disabled={running}
          />
        )}

        {running && (
          <div className="space-y-2 rounded-xl bg-violet-50 px-4 py-3 text-sm text-violet-900">
            <p className="font-medium">Upscaling {choice.scaleFactor}x…</p>
            {/* The engine's progress when it reports one, else the estimate from the time elapsed. */}
            <GenerationProgress generation={mutation.generation} label="Upscale progress" estimate={progress} leaveNote={null} />
            <p className="text-xs text-violet-800">
              {timeEstimate(choice.qualityTier)}. You can close this window: the upscaled image will appear in your history.
            </p>
          </div>
        )}

        {u.cancelled && <Alert tone="info">{u.cancelled}</Alert>}
        {u.failure && (
          <Alert tone="error" title={UPSCALE_MESSAGES.failed}>
            {u.failure.message}
            {u.failure.tip && <span className="mt-1 block text-red-700">Tip: {u.failure.tip}</span>}
          </Alert>
        )}

        {done && (
          <div className="space-y-3">
            <Alert tone="success" title="Image upscaled">
              {choice.scaleFactor}x in {done.processing_time} s with {done.provider} · {formatPreciseCredits(done.credits_used)} credits used
            </Alert>
            <img src={done.image} alt="Upscaled image" className="max-h-72 w-full rounded-xl border border-slate-200 bg-slate-50 object-contain" />
            <div className="flex flex-wrap gap-2">
              <a href={done.image} target="_blank" rel="noreferrer" className="inline-flex h-8 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50">
                <ExternalLink className="size-4" aria-hidden /> Open full size
              </a>
              <a href={fileDownloadUrl(done.uuid)} download className="inline-flex h-8 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50">
                <Download className="size-4" aria-hidden /> Download upscaled image
              </a>
            </div>
          </div>
        )}
      </div>
    </Dialog>
  );
}
