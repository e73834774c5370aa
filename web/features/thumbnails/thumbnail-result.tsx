import { Cpu, Download, MonitorPlay } from 'lucide-react';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ErrorBox } from '../../components/ui/error-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { AiErrorView } from '../../lib/ai-error.ts';
import { formatPreciseCredits } from '../../lib/credits-format.ts';
import { fileDownloadUrl } from '../../lib/file-urls.ts';
import { PreviewNote } from '../ai-shared/engine-note.tsx';
import type { ShownResult } from './use-thumbnail.ts';

const linkButton =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50';

/** Step 2, the result panel (spec 3 §2): loading with the time elapsed, the error box, or the thumbnail and its download. */
export function ThumbnailResult({ generating, elapsed, error, result, onImageError }: {
  generating: boolean;
  elapsed: number;
  error: AiErrorView | null;
  result: ShownResult | null;
  onImageError: () => void;
}) {
  // The preview note stands above the text; the text's own copy of it would say it twice.
  const shownText = result?.preview && result.text ? result.text.replace(new RegExp(`^${LOCAL_PREVIEW_NOTE}\\.?\\s*`), '') : result?.text;
  return (
    <Card aria-busy={generating || undefined} className="min-w-0">
      <CardHeader icon={<MonitorPlay className="size-5" aria-hidden />} title="Your Thumbnail" />
      <CardBody className="space-y-4">
        {generating ? (
          <div role="status" className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-violet-50/60 px-4 text-center">
            <Spinner className="size-10 text-violet-600" />
            <p className="font-semibold text-slate-800">Creating your thumbnail…</p>
            <p className="text-sm text-slate-500 tabular-nums">{elapsed} s elapsed · please keep this page open</p>
          </div>
        ) : error ? (
          <ErrorBox error={error} />
        ) : result ? (
          <>
            <img
              src={result.image}
              alt="Generated thumbnail"
              onError={onImageError}
              className="aspect-video w-full rounded-xl border border-slate-200 bg-slate-50 object-cover"
            />
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
          <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-200 px-6 text-center text-sm text-slate-500">
            <MonitorPlay className="size-10 text-slate-300" aria-hidden />
            Upload a frame, pick a style and add your text, then generate. Your 1280x720 thumbnail appears here.
          </div>
        )}
      </CardBody>
    </Card>
  );
}
