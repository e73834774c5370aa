import { ImageIcon, Images, Layers, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { BATCH_MAX_ITEMS, BATCH_MESSAGES, batchPagePath, nothingToRunDetails } from '../../../../contract/batches.ts';
import { cmp, mul } from '../../../../contract/decimal.ts';
import { TOOL_DEFINITIONS, type ToolId } from '../../../../contract/tools.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { UploadArea } from '../../../components/ui/upload-area.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { formatPreciseCredits } from '../../../lib/credits-format.ts';
import { insufficientCreditsFrom, useInsufficientCredits } from '../../../lib/insufficient-credits.ts';
import { CapNote, ShortfallNote, useCreditShortfall } from '../credit-shortfall.tsx';
import { useToolEngine } from '../engine.ts';
import { costLabel, EngineNote } from '../engine-note.tsx';
import { useImageUpload } from '../use-image-upload.ts';
import { BATCH_UI_MESSAGES } from './api.ts';
import { BATCH_PICK_MESSAGES, galleryPick, prepareBatchFile, type BatchPick } from './batch-items.ts';
import { GalleryPicker } from './gallery-picker.tsx';
import { useStartBatch } from './use-start-batch.ts';

const images = (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`;

/** How many images of `unit` each fit in `available` (null when every image is free or the figures are unknown). */
function imagesThatFit(available: string, unit: string | null): number | null {
  if (unit === null || cmp(unit, 0) <= 0) return null;
  let fit = 0;
  while (fit < BATCH_MAX_ITEMS && cmp(mul(unit, String(fit + 1)), available) <= 0) fit += 1;
  return fit;
}

/** What the server said when it refused the batch: the 402 figures, or its message and each item's reason. */
function StartError({ error, count, unitCost }: { error: unknown; count: number; unitCost: string | null }) {
  const insufficient = useInsufficientCredits();
  const figures = insufficientCreditsFrom(error);
  if (figures) {
    const fit = imagesThatFit(figures.available_credits, unitCost);
    const shorten = fit !== null && fit > 0 && fit < count ? `Shorten it to ${images(fit)}` : 'Remove some images';
    return (
      <Alert
        tone="warning"
        role="alert"
        title="Not enough credits for this batch"
        action={
          <Button size="sm" variant="outline" onClick={() => insufficient.open(figures)}>
            Buy credits
          </Button>
        }
      >
        It needs <strong className="tabular-nums">{formatPreciseCredits(figures.required_credits)}</strong> credits; you have{' '}
        <span className="tabular-nums">{formatPreciseCredits(figures.available_credits)}</span> available (
        <span className="tabular-nums">{formatPreciseCredits(figures.deficit)}</span> short). {shorten}, or buy credits. Nothing was charged.
      </Alert>
    );
  }
  const refused = error instanceof ApiError ? nothingToRunDetails.safeParse(error.details) : null;
  const lines = refused?.success ? refused.data.items.map((item) => item.message) : [];
  return (
    <Alert tone="error" title={errorMessage(error, BATCH_UI_MESSAGES.start)}>
      {lines.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

function PickRow({ pick, onRemove, disabled }: { pick: BatchPick; onRemove: () => void; disabled: boolean }) {
  return (
    <li className="flex items-center gap-3 py-2">
      {pick.preview ? (
        <img src={pick.preview} alt="" className="size-10 shrink-0 rounded-md border border-slate-200 object-cover" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-slate-50 text-slate-400">
          <ImageIcon className="size-5" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-800" title={pick.name}>
          {pick.name}
        </p>
        <p className="truncate text-xs text-slate-500">{pick.source === 'gallery' ? 'From your gallery' : pick.preview ? 'Uploaded' : BATCH_PICK_MESSAGES.noPreview}</p>
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${pick.name}`}
        className="shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-violet-600 disabled:opacity-60"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

/**
 * The Batch panel of a tool page (issue 28): up to 50 images (files picked or dropped, or gallery images), the list with
 * Remove, and the quote before paying (images × what one costs on this page, on the engine named), then Start, which
 * opens the batch's page. The tool's options are the page's, set once there and handed in as they are.
 */
export function BatchPanel({ tool, options, unitCost, onClose }: {
  tool: ToolId;
  /** The fields of the tool's single-call body other than the image, as the page has them now. */
  options: Record<string, unknown>;
  /** What one image costs on this page (its quote), null while unknown. */
  unitCost: string | null;
  onClose: () => void;
}) {
  const title = TOOL_DEFINITIONS[tool].catalogue.title;
  const engine = useToolEngine(tool);
  const navigate = useNavigate();
  const start = useStartBatch();
  const listId = useId();
  const [galleryOpen, setGalleryOpen] = useState(false);
  const upload = useImageUpload<BatchPick>({
    prepare: prepareBatchFile,
    max: BATCH_MAX_ITEMS,
    tooMany: BATCH_PICK_MESSAGES.tooMany,
    nameProblems: true,
    onPick: () => start.reset(),
  });
  const picks = upload.images;
  const count = picks.length;
  const total = unitCost === null ? null : mul(unitCost, String(count));
  const { shortfall, capped, topUp } = useCreditShortfall(count > 0 ? total : null);
  const overCap = start.isPending ? null : capped;
  const busy = start.isPending || upload.reading;
  const chosen = new Set(picks.flatMap((pick) => (pick.source === 'gallery' ? [pick.uuid] : [])));

  const toggleGallery = (item: Parameters<typeof galleryPick>[0]) => {
    start.reset();
    const index = picks.findIndex((pick) => pick.source === 'gallery' && pick.uuid === item.id);
    if (index >= 0) upload.remove(index);
    else if (count >= BATCH_MAX_ITEMS) upload.setProblems([BATCH_PICK_MESSAGES.tooMany]);
    else void upload.load(async () => galleryPick(item));
  };

  const run = () => {
    if (count === 0) return;
    start.mutate(
      { tool, options, picks },
      { onSuccess: (accepted) => void navigate(batchPagePath(accepted.batch_id)) },
    );
  };

  const price = total === null ? null : costLabel(total);
  const startLabel = `Start batch (${images(count)}${price ? ` · ${price}` : ''})`;

  return (
    <Dialog
      title={`${title} batch`}
      description={`Up to ${BATCH_MAX_ITEMS} images, with the options set on this page. Each image is charged only once its result is ready; one that fails costs nothing.`}
      icon={<Layers className="size-5" aria-hidden />}
      size="lg"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {shortfall && !start.isPending ? (
            <Button variant="outline" className="border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100" onClick={topUp} data-shortfall>
              Not enough credits
            </Button>
          ) : (
            <Button
              onClick={run}
              loading={start.isPending}
              disabled={count === 0 || upload.reading || !!overCap}
              icon={<Layers className="size-4" aria-hidden />}
              aria-describedby={overCap ? `${listId}-cap` : undefined}
            >
              {start.isPending ? 'Starting...' : startLabel}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <input {...upload.inputProps} aria-label="Add images to the batch" />
        <UploadArea
          onBrowse={upload.browse}
          onFiles={(files) => void upload.choose(files)}
          busy={upload.reading}
          disabled={busy || count >= BATCH_MAX_ITEMS}
          title="Add images: click or drag and drop"
          hint={`PNG, JPG or WEBP · several at once · up to ${BATCH_MAX_ITEMS}`}
          className="py-6"
        />
        <div>
          <Button size="sm" variant="ghost" icon={<Images className="size-4" aria-hidden />} aria-expanded={galleryOpen} onClick={() => setGalleryOpen(!galleryOpen)}>
            {galleryOpen ? 'Hide your gallery' : 'Add from your gallery'}
          </Button>
          {galleryOpen && (
            <div className="mt-2">
              <GalleryPicker chosen={chosen} onToggle={toggleGallery} full={count >= BATCH_MAX_ITEMS} />
            </div>
          )}
        </div>
        {upload.problems.length > 0 && (
          <Alert tone="error">
            <ul className="space-y-0.5">
              {upload.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        )}

        {count > 0 && (
          <section aria-labelledby={listId}>
            <div className="flex items-center justify-between gap-2">
              <h3 id={listId} className="text-sm font-semibold text-slate-900">
                Images in this batch <span className="font-normal text-slate-500 tabular-nums">({count} of {BATCH_MAX_ITEMS})</span>
              </h3>
              <Button size="sm" variant="ghost" icon={<Trash2 className="size-4" aria-hidden />} onClick={upload.clear} disabled={busy}>
                Remove all
              </Button>
            </div>
            <ul aria-labelledby={listId} className="mt-1 max-h-64 divide-y divide-slate-100 overflow-y-auto">
              {picks.map((pick, index) => (
                <PickRow key={pick.key} pick={pick} disabled={busy} onRemove={() => upload.remove(index)} />
              ))}
            </ul>
          </section>
        )}

        <div className="space-y-2" data-testid="batch-quote">
          <p className="text-sm text-slate-700">
            {count === 0 ? (
              'Add images to see what the batch costs.'
            ) : unitCost === null ? (
              'Working out the price…'
            ) : (
              <>
                <span className="tabular-nums">{images(count)}</span> × <span className="tabular-nums">{costLabel(unitCost)}</span> ={' '}
                <strong className="font-semibold text-slate-900 tabular-nums">{costLabel(total ?? '0')}</strong>
              </>
            )}
          </p>
          <EngineNote engine={engine} cost={unitCost} unit="per image" />
          {shortfall && !start.isPending && <ShortfallNote id={`${listId}-shortfall`} shortfall={shortfall} onTopUp={topUp} />}
          {overCap && <CapNote id={`${listId}-cap`} capped={overCap} />}
        </div>

        {start.isError && <StartError error={start.error} count={count} unitCost={unitCost} />}
        {start.isError && start.error instanceof ApiError && start.error.message === BATCH_MESSAGES.nothingToRun && (
          <p className="text-xs text-slate-500">Remove the images named above, or replace them, then start again.</p>
        )}
      </div>
    </Dialog>
  );
}
