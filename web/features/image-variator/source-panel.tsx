import { ImageUp, Trash2, Upload } from 'lucide-react';
import { useId, type RefObject } from 'react';
import { VARIABILITY } from '../../../contract/ai.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { inputClasses } from '../../components/ui/input.tsx';
import { AspectSelector } from './aspect-selector.tsx';
import { EditModePanel } from './edit-mode-panel.tsx';
import { ImageStage } from './image-stage.tsx';
import { BatchButton } from '../ai-shared/batch/batch-button.tsx';
import { EngineNote } from '../ai-shared/engine-note.tsx';
import { MORPHER_TOOL_ID } from './api.ts';
import { MorphButton } from './morph-button.tsx';
import { RangeField } from '../../components/ui/range-field.tsx';
import { UploadArea, useDropTarget } from '../../components/ui/upload-area.tsx';
import type { Morpher } from './use-morpher.ts';
import { OptionalMark } from '../../components/ui/optional-mark.tsx';

/** The left panel "Upload & Describe" (spec 2 §2). */
export function SourcePanel({ m, endOfTool }: { m: Morpher; endOfTool?: RefObject<HTMLElement | null> }) {
  const id = useId();
  const browse = m.upload.browse;
  const onFiles = (files: File[]) => void m.upload.choose(files);
  const drop = useDropTarget(onFiles, m.busy);
  const cost = m.cost.data?.required_credits ?? null;
  const batch = (
    <BatchButton tool={MORPHER_TOOL_ID} options={m.batchOptions} cost={cost} disabled={m.busy} hint="Many images? Morph them all with this prompt and these settings." />
  );

  return (
    <Card className="min-w-0">
      <CardHeader icon={<ImageUp className="size-5" aria-hidden />} title="Upload & Describe" description="Upload an image, choose how to edit it and describe the change." />
      <CardBody className="space-y-6">
        <input {...m.upload.inputProps} aria-label="Upload image" />
        <div className="space-y-3">
          {m.source ? (
            <div {...drop.handlers} className={drop.over ? 'rounded-xl ring-2 ring-violet-500' : undefined}>
              <ImageStage source={m.source} edit={m.edit} onEdit={m.setEdit} brushSize={m.brushSize} onMaskChange={m.setMaskCanvas} disabled={m.busy} />
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
                <span className="min-w-0 truncate">
                  {m.source.name} · {m.source.width} × {m.source.height} px
                </span>
                <span className="flex gap-2">
                  <Button size="sm" variant="outline" icon={<Upload className="size-4" aria-hidden />} onClick={browse} disabled={m.busy}>
                    Replace image
                  </Button>
                  <Button size="sm" variant="ghost" icon={<Trash2 className="size-4" aria-hidden />} onClick={m.clearSource} disabled={m.busy}>
                    Remove
                  </Button>
                </span>
              </div>
            </div>
          ) : (
            <UploadArea onBrowse={browse} onFiles={onFiles} disabled={m.busy} busy={m.preparing} />
          )}
          {m.uploadError && <Alert tone="error">{m.uploadError}</Alert>}
          {!m.source && batch}
        </div>

        <EditModePanel
          source={m.source}
          edit={m.edit}
          onMode={m.changeMode}
          onEdit={m.setEdit}
          brushSize={m.brushSize}
          onBrushSize={m.setBrushSize}
          onGenerateNow={() => void m.run()}
          disabled={m.busy}
        />

        <div>
          <label htmlFor={`${id}-prompt`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Prompt <OptionalMark />
          </label>
          <textarea
            id={`${id}-prompt`}
            rows={3}
            maxLength={2000}
            value={m.prompt}
            disabled={m.busy}
            onChange={(e) => m.setPrompt(e.target.value)}
            placeholder="e.g. Make it a watercolour painting at sunset"
            className={`${inputClasses} resize-y`}
          />
        </div>

        <RangeField
          label="Variability"
          min={VARIABILITY.min}
          max={VARIABILITY.max}
          value={m.variability}
          onChange={m.setVariability}
          disabled={m.busy}
          format={(v) => `${v} / ${VARIABILITY.max}`}
          hint="Low keeps close to your image; high allows bolder changes."
        />

        {m.edit.mode !== 'extend' && <AspectSelector value={m.aspectRatio} onChange={m.setAspectRatio} disabled={m.busy} />}

        {m.devHost && (
          <label className="flex items-center gap-2 rounded-lg border border-dashed border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <input type="checkbox" checked={m.debugMode} onChange={(e) => m.setDebugMode(e.target.checked)} className="size-4 accent-violet-600" />
            Debug mode <span className="text-xs text-amber-700">(development host only)</span>
          </label>
        )}

        <EngineNote engine={m.engine} cost={cost} />
        <MorphButton onClick={() => void m.run()} generating={m.generating} disabled={m.preparing} cost={cost} validation={m.validation} endOfTool={endOfTool} />
        {/* With an image loaded, Batch comes after the settings: it never parts the image from its edit tools. */}
        {m.source && batch}
      </CardBody>
    </Card>
  );
}
