import { Cpu, Download, ImagePlus, Maximize2, Repeat, Sparkles, ZoomIn } from 'lucide-react';
import type { RefObject } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { AiErrorView } from '../../lib/ai-error.ts';
import { ErrorBox } from '../../components/ui/error-box.tsx';
import type { MorphResult } from './use-morpher.ts';
import { formatPreciseCredits } from '../../lib/credits-format.ts';
import { fileDownloadUrl } from '../../lib/file-urls.ts';
import { GenerationProgress } from '../ai-shared/generation-progress.tsx';
import type { PaidGeneration } from '../ai-shared/use-generation-run.ts';

const linkButton =
  'inline-flex h-8 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50';

/** The right panel "Result" (spec 2 §2): loading with the generation's progress and Cancel, the error box, an empty placeholder, or the image with its text. */
export function ResultPanel({ panelRef, generating, generation, error, result, busy, onOpen, onUseAsSource, onUpscale, onImageError }: {
  panelRef: RefObject<HTMLElement | null>;
  generating: boolean;
  generation: PaidGeneration | null;
  error: AiErrorView | null;
  result: MorphResult | null;
  busy: boolean;
  onOpen: () => void;
  onUseAsSource: () => void;
  onUpscale: () => void;
  onImageError: () => void;
}) {
  return (
    <div ref={panelRef as RefObject<HTMLDivElement | null>} className="min-w-0 scroll-mt-24">
      <Card aria-busy={generating || undefined}>
        <CardHeader icon={<Sparkles className="size-5" aria-hidden />} title="Result" />
        <CardBody className="space-y-4">
          {generating ? (
            <div className="flex aspect-square max-h-[28rem] min-h-fit w-full flex-col items-center justify-center gap-3 rounded-xl bg-violet-50/60 px-4 py-5 text-center">
              <Spinner className="size-10 text-violet-600" />
              <p className="font-semibold text-slate-800">Morphing your image…</p>
              <GenerationProgress generation={generation} className="max-w-sm" />
            </div>
          ) : error ? (
            <ErrorBox error={error} />
          ) : result ? (
            <>
              <button
                type="button"
                onClick={onOpen}
                aria-label="Open result in full screen"
                className="group relative block w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
              >
                <img src={result.image} alt={result.prompt ? `Result: ${result.prompt}` : 'Morphed image'} onError={result.origin === 'history' ? onImageError : undefined} className="mx-auto max-h-[28rem] w-auto max-w-full object-contain" />
                <span className="absolute top-2 right-2 rounded-lg bg-slate-900/60 p-1.5 text-white opacity-80 group-hover:opacity-100" aria-hidden>
                  <Maximize2 className="size-4" />
                </span>
              </button>
              <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                {result.provider && (
                  <Badge tone="violet">
                    <Cpu className="mr-1 size-3" aria-hidden />
                    {result.provider}
                  </Badge>
                )}
                {result.creditsUsed && <Badge tone="slate">{Number(result.creditsUsed) === 0 ? 'Free preview' : `${formatPreciseCredits(result.creditsUsed)} credits used`}</Badge>}
                {result.origin === 'history' && <Badge tone="slate">From your history</Badge>}
                {result.origin === 'upscaled' && <Badge tone="green">Upscaled</Badge>}
              </div>
              {result.text && <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm whitespace-pre-line text-slate-700">{result.text}</p>}
              {result.debug && (
                <pre className="max-h-48 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" aria-label="Debug information">
                  {JSON.stringify(result.debug, null, 2)}
                </pre>
              )}
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" icon={<Repeat className="size-4" aria-hidden />} onClick={onUseAsSource} disabled={busy}>
                  Use as Source
                </Button>
                <Button size="sm" variant="outline" icon={<ZoomIn className="size-4" aria-hidden />} onClick={onUpscale}>
                  Upscale
                </Button>
                {result.uuid && (
                  <a href={fileDownloadUrl(result.uuid)} download className={linkButton}>
                    <Download className="size-4" aria-hidden /> Download
                  </a>
                )}
              </div>
            </>
          ) : (
            <div className="flex aspect-square max-h-[28rem] w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-slate-200 px-6 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                <ImagePlus className="size-6" aria-hidden />
              </span>
              <p className="font-semibold text-slate-700">Your morphed image will appear here</p>
              <p className="max-w-xs text-sm text-slate-500">Upload an image, describe the change and press Morph Image.</p>
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
