import { Eraser, Images, RefreshCw, Scissors, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { UploadArea } from '../../components/ui/upload-area.tsx';
import { cn } from '../../components/ui/cn.ts';
import { BatchButton } from '../ai-shared/batch/batch-button.tsx';
import { EngineNote } from '../ai-shared/engine-note.tsx';
import { useToolCost } from '../ai-shared/engine.ts';
import { ImageResultPanel } from '../ai-shared/image-result-panel.tsx';
import { PaidButton } from '../ai-shared/paid-button.tsx';
import { BACKGROUND_REMOVER_TOOL_ID } from './api.ts';
import { useBackgroundRemover, type BackgroundRemoverState } from './use-background-remover.ts';

/**
 * The result panel's image, styled from around it: whole (not cropped), on a checkerboard, so the cut-out's transparent
 * parts show as transparent. (The panel's only <img> is the result.)
 */
/** The remover has no options: its batch sends only the images. */
const NO_OPTIONS = {};

export const CHECKERBOARD =
  '[&_img]:object-contain [&_img]:bg-white [&_img]:bg-[conic-gradient(#e2e8f0_25%,#ffffff_0_50%,#e2e8f0_0_75%,#ffffff_0)] [&_img]:bg-[length:20px_20px]';

function PhotoInput({ b }: { b: BackgroundRemoverState }) {
  return (
    <section aria-labelledby="background-remover-photo" className="space-y-3">
      <h3 id="background-remover-photo" className="text-sm font-semibold text-slate-900">
        Your photo
      </h3>
      <input {...b.upload.inputProps} aria-label="Upload photo" />
      {b.photo ? (
        <div className="space-y-2">
          <img src={b.photo.dataUrl} alt="Your photo" className="max-h-80 w-full rounded-xl border border-slate-200 bg-slate-50 object-contain" />
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
            <span className="min-w-0 truncate">
              {b.photo.name} · {b.photo.width} × {b.photo.height} px
            </span>
            <Button size="sm" variant="outline" icon={<RefreshCw className="size-4" aria-hidden />} onClick={b.upload.browse} disabled={b.generating || b.reading}>
              Change photo
            </Button>
          </div>
        </div>
      ) : (
        <UploadArea onBrowse={b.upload.browse} onFiles={(files) => void b.upload.choose(files)} busy={b.reading} disabled={b.generating} hint="PNG, JPG or WEBP · a photo with a clear subject" />
      )}
    </section>
  );
}

/**
 * Background Remover (/tools/background-remover): a photo in; the price and the engine before running; progress while
 * it runs; the cut-out on a checkerboard with its PNG download, kept in the gallery. On the local engine it cuts out
 * people only, says so before the run and on the result, and a photo with no person is refused before any charge.
 */
// The tool page passes every tool its config ({ tool }); this one knows its own and ignores it.
export function BackgroundRemoverPage() {
  const b = useBackgroundRemover();
  const { engine, prediction } = useToolCost(BACKGROUND_REMOVER_TOOL_ID);
  const cost = prediction.data?.required_credits ?? null;
  const resultRef = useRef<HTMLDivElement>(null);
  // On a phone the result is below the photo: bring it into view when the work starts.
  useEffect(() => {
    if (b.generating) resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [b.generating]);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader icon={<Scissors className="size-5" aria-hidden />} title="Remove the background" description="A photo in, a PNG with a transparent background out." />
        <CardBody className="space-y-6">
          <PhotoInput b={b} />
          <BatchButton tool={BACKGROUND_REMOVER_TOOL_ID} options={NO_OPTIONS} cost={cost} disabled={b.generating || b.reading} />
          <div className="space-y-3">
            <PaidButton
              label="Remove Background"
              icon={<Eraser className="size-5" aria-hidden />}
              onClick={() => void b.generate()}
              generating={b.generating}
              disabled={b.reading}
              cost={cost}
              validation={b.validation}
              sticky={false}
            />
            <EngineNote engine={engine} cost={cost} />
            {engine?.preview && (
              <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="people-only">
                <UserRound className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>
                  <strong className="font-semibold">People only.</strong> The local engine cuts out people, not other subjects. A photo with no person
                  in it is refused before anything is charged.
                </span>
              </p>
            )}
          </div>
        </CardBody>
      </Card>

      <div ref={resultRef} className={cn('min-w-0 scroll-mt-24 space-y-3', CHECKERBOARD)} data-testid="cutout">
        <ImageResultPanel
          title="Your cut-out"
          icon={<Scissors className="size-5" aria-hidden />}
          noun="cut-out"
          aspect="aspect-square"
          generating={b.generating}
          generation={b.generation}
          error={b.error}
          result={b.result}
          onImageError={b.displayFailed}
          placeholder={
            <>
              <Scissors className="size-10 text-slate-300" aria-hidden />
              Upload a photo and remove its background. The cut-out appears here on a checkerboard, where the background was.
            </>
          }
        />
        {b.result && (
          <p className="flex flex-wrap items-center gap-2 px-1 text-sm text-slate-600">
            The PNG is saved to your gallery.
            <ButtonLink to="/gallery" size="sm" variant="ghost" icon={<Images className="size-4" aria-hidden />}>
              Open gallery
            </ButtonLink>
          </p>
        )}
      </div>
    </div>
  );
}
