import { Cpu, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { ErrorBox } from '../../components/ui/error-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { AiErrorView } from '../../lib/ai-error.ts';
import { formatPreciseCredits } from '../../lib/credits-format.ts';
import { GenerationProgress } from './generation-progress.tsx';
import type { PaidGeneration } from './use-generation-run.ts';
import { fileDownloadUrl } from '../../lib/file-urls.ts';
import { PreviewNote } from './engine-note.tsx';

const linkButton =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50';

/** What the panel shows of a result; the figures are null for a result restored from the browser's history. */
export interface ShownImage {
  image: string;
  uuid: string;
  text: string | null;
  provider: string | null;
  preview: boolean;
  credits_used: string | null;
  processing_time_ms: number | null;
}

/**
 * The result panel of a one-image tool (spec 3 §2, §4): loading with the generation's progress (time elapsed, progress,
 * Cancel), the error box, or the image
 * with the preview note, who made it, what it cost, its text and its download; else the empty placeholder.
 */
export function ImageResultPanel({ title, icon, noun, aspect, generating, generation, error, result, onImageError, placeholder }: {
  title: string;
  icon: ReactNode;
  /** 'headshot', 'thumbnail': the loading line and the image's alt text. */
  noun: string;
  /** The image's shape class: 'aspect-square', 'aspect-video'. */
  aspect: string;
  generating: boolean;
  /** The running call (usePaidAction's `generation`). */
  generation: PaidGeneration | null;
  error: AiErrorView | null;
  result: ShownImage | null;
  onImageError: () => void;
  placeholder: ReactNode;
}) {
  // The preview note stands above the text; the text's own copy of it would say it twice.
  const shownText = result?.preview && result.text ? result.text.replace(new RegExp(`^${LOCAL_PREVIEW_NOTE}\\.?\\s*`), '') : result?.text;
  return (
    <Card aria-busy={generating || undefined} className="min-w-0">
      <CardHeader icon={icon} title={title} />
      <CardBody className="space-y-4">
        {generating ? (
          // The aspect is a minimum: the box grows rather than let the progress overflow on a phone.
          <div className={cn('flex w-full flex-col items-center justify-center gap-3 rounded-xl bg-violet-50/60 px-4 py-5 text-center', aspect)}>
            <Spinner className="size-10 text-violet-600" />
            <p className="font-semibold text-slate-800">Creating your {noun}…</p>
            <GenerationProgress generation={generation} className="max-w-sm" />
          </div>
        ) : error ? (
          <ErrorBox error={error} />
        ) : result ? (
          <>
            <img src={result.image} alt={`Generated ${noun}`} onError={onImageError} className={cn('w-full rounded-xl border border-slate-200 bg-slate-50 object-cover', aspect)} />
            {result.preview && <PreviewNote />}
            {result.provider && (
              <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <Badge tone="violet">
                  <Cpu className="mr-1 size-3" aria-hidden />
                  {result.provider}
                </Badge>
                {result.credits_used !== null && (
                  <Badge tone="slate">{Number(result.credits_used) === 0 ? 'Free preview' : `${formatPreciseCredits(result.credits_used)} credits used`}</Badge>
                )}
                {result.processing_time_ms !== null && <Badge tone="slate">{(result.processing_time_ms / 1000).toFixed(1)} s</Badge>}
              </div>
            )}
            {shownText && <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">{shownText}</p>}
            <a href={fileDownloadUrl(result.uuid)} download className={linkButton}>
              <Download className="size-4" aria-hidden />
              Download
            </a>
          </>
        ) : (
          <div className={cn('flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-200 px-6 text-center text-sm text-slate-500', aspect)}>
            {placeholder}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
