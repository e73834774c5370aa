import { Palette, RefreshCw, Upload, Wand2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { HEADSHOT_BACKGROUNDS, HEADSHOT_CUSTOM_MAX, HEADSHOT_STYLES } from '../../../contract/headshot.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { UploadArea } from '../../components/ui/upload-area.tsx';
import { BatchButton } from '../ai-shared/batch/batch-button.tsx';
import { EngineNote } from '../ai-shared/engine-note.tsx';
import { PaidButton } from '../ai-shared/paid-button.tsx';
import { useToolCost } from '../ai-shared/engine.ts';
import { HEADSHOT_TOOL_ID } from './api.ts';
import { HeadshotResult } from './headshot-result.tsx';
import { useHeadshot, type HeadshotState } from './use-headshot.ts';

const STYLE_CHOICES = HEADSHOT_STYLES.map((style) => ({ value: style, label: style }));
const BACKGROUND_CHOICES = HEADSHOT_BACKGROUNDS.map((b) => ({ value: b.id, label: b.name }));

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`headshot-step-${n}`} className="space-y-3">
      <h3 id={`headshot-step-${n}`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-violet-600 text-xs font-bold text-white">{n}</span>
        {title}
      </h3>
      {children}
    </section>
  );
}

function PhotoStep({ h }: { h: HeadshotState }) {
  const browse = h.upload.browse;
  return (
    <Step n={1} title="Upload your photo">
      <input {...h.upload.inputProps} aria-label="Upload photo" />
      {h.photo ? (
        <div className="flex items-center gap-4">
          <img src={h.photo.dataUrl} alt="Your photo, cropped square" className="size-28 shrink-0 rounded-xl border border-slate-200 object-cover sm:size-32" />
          <div className="min-w-0 space-y-2 text-sm text-slate-600">
            <p className="truncate font-medium text-slate-800">{h.photo.name}</p>
            <p>Cropped to a centred square. One person, face to the camera, works best.</p>
            <Button size="sm" variant="outline" icon={<RefreshCw className="size-4" aria-hidden />} onClick={browse} disabled={h.generating || h.reading}>
              Change photo
            </Button>
          </div>
        </div>
      ) : (
        <UploadArea
          onBrowse={browse}
          onFiles={(files) => void h.upload.choose(files)}
          busy={h.reading}
          disabled={h.generating}
          hint="PNG, JPG or WEBP · a clear photo of one person facing the camera"
        />
      )}
    </Step>
  );
}

/** Headshot generator (/tools/ai-headshot, spec 3 §2): upload, style, background; the result with its download. */
// The tool page passes every tool its config ({ tool }); this one knows its own and ignores it.
export function HeadshotPage() {
  const h = useHeadshot();
  const { engine, prediction } = useToolCost(HEADSHOT_TOOL_ID);
  const cost = prediction.data?.required_credits ?? null;
  const busy = h.generating || h.reading;
  const resultRef = useRef<HTMLDivElement>(null);
  // On a phone the result panel is below the steps: bring it into view when the work starts.
  useEffect(() => {
    if (h.generating) resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [h.generating]);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader icon={<Palette className="size-5" aria-hidden />} title="Create your headshot" description="Three steps: your photo, a style and a background." />
        <CardBody className="space-y-6">
          <PhotoStep h={h} />
          <BatchButton tool={HEADSHOT_TOOL_ID} options={h.options} cost={cost} disabled={busy} />

          <Step n={2} title="Choose a style">
            <ChoiceGroup legend="Style" hideLegend name="headshot-style" choices={STYLE_CHOICES} value={h.style} onChange={h.setStyle} disabled={busy} columns="grid-cols-2 sm:grid-cols-3" />
          </Step>

          <Step n={3} title="Choose a background">
            <ChoiceGroup
              legend="Background"
              hideLegend
              name="headshot-background"
              choices={BACKGROUND_CHOICES}
              value={h.background}
              onChange={h.setBackground}
              disabled={busy}
              columns="grid-cols-2 sm:grid-cols-4"
            />
            {h.background === 'custom' && (
              <TextField
                label="Describe your background"
                placeholder="e.g. navy, sunset, soft teal"
                maxLength={HEADSHOT_CUSTOM_MAX}
                value={h.customBackground}
                onChange={(event) => h.setCustomBackground(event.target.value)}
                disabled={busy}
                hint={`Colours you name set the backdrop; leave it empty for a smooth gradient. ${h.customBackground.length}/${HEADSHOT_CUSTOM_MAX}`}
              />
            )}
          </Step>

          <div className="space-y-3">
            <PaidButton
              label="Generate Headshot"
              icon={<Wand2 className="size-5" aria-hidden />}
              onClick={() => void h.generate()}
              generating={h.generating}
              disabled={h.reading}
              cost={cost}
              validation={h.validation}
              sticky={false}
            />
            <EngineNote engine={engine} cost={cost} />
            {!h.photo && !h.validation && (
              <p className="flex items-center gap-2 text-xs text-slate-500">
                <Upload className="size-3.5" aria-hidden />
                Your photo is checked for one clear face before anything is charged.
              </p>
            )}
          </div>
        </CardBody>
      </Card>

      <div ref={resultRef} className="min-w-0 scroll-mt-24">
        <HeadshotResult generating={h.generating} generation={h.generation} error={h.error} result={h.result} onImageError={h.displayFailed} />
      </div>
    </div>
  );
}
