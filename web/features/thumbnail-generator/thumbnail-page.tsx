import { ImagePlus, RefreshCw, Type, Wand2 } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { REALISM, REALISM_LABELS, THUMBNAIL_MESSAGES, THUMBNAIL_STYLES, THUMBNAIL_TEXT_MAX, type ThumbnailStyleId } from '../../../contract/thumbnail.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { RangeField } from '../../components/ui/range-field.tsx';
import { UploadArea } from '../../components/ui/upload-area.tsx';
import { BatchButton } from '../ai-shared/batch/batch-button.tsx';
import { EngineNote } from '../ai-shared/engine-note.tsx';
import { useToolCost } from '../ai-shared/engine.ts';
import { PaidButton } from '../ai-shared/paid-button.tsx';
import { THUMBNAIL_TOOL_ID } from './api.ts';
import { ThumbnailHistory } from './thumbnail-history.tsx';
import { ThumbnailResult } from './thumbnail-result.tsx';
import { useThumbnail, type ThumbnailState } from './use-thumbnail.ts';
import { OptionalMark } from '../../components/ui/optional-mark.tsx';

/** A few words of each style's look under its name; the full look of the chosen one stands above the picker. */
const SHORT_LOOK: Record<ThumbnailStyleId, string> = {
  'viral-bold': 'Saturated, high contrast',
  reaction: 'Shocked close-up',
  'gaming-neon': 'Neon glow on dark',
  'tech-review': 'Clean, cool studio',
  'vlog-bright': 'Sunny and warm',
  'tutorial-clean': 'Bright high-key',
  'cinematic-story': 'Teal and orange',
  'finance-pro': 'Green and gold',
  'fitness-energy': 'Hard light, red',
  'food-closeup': 'Warm, rich close-up',
  'travel-adventure': 'Golden hour',
  'podcast-minimal': 'Muted duotone',
};
const STYLE_CHOICES = THUMBNAIL_STYLES.map((s) => ({ value: s.id, label: s.name, hint: SHORT_LOOK[s.id] }));
const PROMPT_MAX = 500;
const field =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-violet-500 focus:outline-none focus:ring-2 focus:ring-violet-500/30 disabled:cursor-not-allowed disabled:bg-slate-50';

function Section({ title, children, hint }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2.5">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      {children}
    </section>
  );
}

function FrameInput({ t }: { t: ThumbnailState }) {
  const browse = t.upload.browse;
  return (
    <Section title="Your video frame">
      <input {...t.upload.inputProps} aria-label="Upload image" />
      {t.frame ? (
        <div className="space-y-2">
          <img src={t.frame.dataUrl} alt="Your photo" className="aspect-video w-full rounded-xl border border-slate-200 bg-slate-50 object-contain" />
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
            <span className="min-w-0 truncate">{t.frame.name} · framed at 16:9 when you generate</span>
            <Button size="sm" variant="outline" icon={<RefreshCw className="size-4" aria-hidden />} onClick={browse} disabled={t.generating || t.reading}>
              Change image
            </Button>
          </div>
        </div>
      ) : (
        <UploadArea onBrowse={browse} onFiles={(files) => void t.upload.choose(files)} busy={t.reading} disabled={t.generating} hint={THUMBNAIL_MESSAGES.hint} />
      )}
    </Section>
  );
}

function TextOverlay({ t, disabled }: { t: ThumbnailState; disabled: boolean }) {
  const id = useId();
  return (
    <Section title="Text overlay">
      <label className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
        <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <Type className="size-4 text-violet-600" aria-hidden />
          Add text to the thumbnail
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={t.addText}
          onChange={(event) => t.setAddText(event.target.checked)}
          disabled={disabled}
          className="peer sr-only"
        />
        <span
          aria-hidden
          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors peer-checked:bg-violet-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-600 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
      </label>
      {t.addText && (
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
            Thumbnail text
          </label>
          <textarea
            id={id}
            rows={2}
            maxLength={THUMBNAIL_TEXT_MAX}
            value={t.thumbnailText}
            onChange={(event) => t.setThumbnailText(event.target.value)}
            disabled={disabled}
            placeholder="e.g. I quit my job"
            className={field}
          />
          <p className="mt-1 text-xs text-slate-500">
            Short and punchy works best: set in capitals, up to two lines. {t.thumbnailText.length}/{THUMBNAIL_TEXT_MAX}
          </p>
        </div>
      )}
    </Section>
  );
}

/** Thumbnail generator (/tools/thumbnail-generator, spec 3 §2): step 1 the inputs, step 2 the result, then the history. */
// The tool page passes every tool its config ({ tool }); this one knows its own and ignores it.
export function ThumbnailPage() {
  const t = useThumbnail();
  const { engine, prediction } = useToolCost(THUMBNAIL_TOOL_ID);
  const cost = prediction.data?.required_credits ?? null;
  const busy = t.generating || t.reading;
  const resultRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const promptId = useId();
  const style = THUMBNAIL_STYLES.find((s) => s.id === t.style)!;
  // On a phone the result panel is below the inputs: bring it into view when the work starts or an entry is picked.
  useEffect(() => {
    if (t.generating || t.result) resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [t.generating, t.result]);

  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader icon={<ImagePlus className="size-5" aria-hidden />} title="Create your thumbnail" description="A frame, a style and your text: a 1280x720 thumbnail." />
          <CardBody className="space-y-6">
            <FrameInput t={t} />
            <BatchButton tool={THUMBNAIL_TOOL_ID} options={t.options} cost={cost} disabled={busy} />

            <Section title="Style" hint={style.look}>
              <ChoiceGroup legend="Style" hideLegend name="thumbnail-style" choices={STYLE_CHOICES} value={t.style} onChange={t.setStyle} disabled={busy} columns="grid-cols-2 sm:grid-cols-3" />
            </Section>

            <div>
              <label htmlFor={promptId} className="mb-1.5 block text-sm font-semibold text-slate-900">
                Edit prompt <OptionalMark />
              </label>
              <textarea
                id={promptId}
                rows={2}
                maxLength={PROMPT_MAX}
                value={t.prompt}
                onChange={(event) => t.setPrompt(event.target.value)}
                disabled={busy}
                placeholder="e.g. moody and cinematic, warmer light"
                className={field}
              />
            </div>

            <RangeField
              label="Realism"
              value={t.realism}
              min={REALISM.min}
              max={REALISM.max}
              onChange={t.setRealism}
              format={(v) => REALISM_LABELS[v - 1] ?? String(v)}
              disabled={busy}
              hint={`${REALISM_LABELS[0]} … ${REALISM_LABELS[REALISM_LABELS.length - 1]}`}
            />

            <TextOverlay t={t} disabled={busy} />

            <div className="space-y-3">
              <PaidButton
                label="Generate Thumbnail"
                icon={<Wand2 className="size-5" aria-hidden />}
                onClick={() => void t.generate()}
                generating={t.generating}
                disabled={t.reading}
                cost={cost}
                validation={t.validation}
                endOfTool={endRef}
              />
              <EngineNote engine={engine} cost={cost} />
            </div>
          </CardBody>
        </Card>

        <div ref={resultRef} className="min-w-0 scroll-mt-24">
          <ThumbnailResult generating={t.generating} generation={t.generation} error={t.error} result={t.result} onImageError={t.displayFailed} />
        </div>
      </div>

      <ThumbnailHistory entries={t.history} onSelect={t.select} onClear={t.clear} disabled={t.generating} />
      <div ref={endRef} aria-hidden className="h-px" />
    </div>
  );
}
