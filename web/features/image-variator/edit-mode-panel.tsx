import { Brush, Crop, Eraser, Expand, Image as ImageIcon, Sparkles, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { BRUSH_SIZE, EXTEND_AMOUNTS } from '../../../contract/ai.ts';
import { Button } from '../../components/ui/button.tsx';
import { TabPanel, Tabs, useTabsId } from '../../components/ui/tabs.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { CropFields } from './crop-fields.tsx';
import { EDIT_MODE_LABELS, EDIT_MODES, type EditMode, type EditState } from './edit-mode.ts';
import type { SourceImage } from '../../lib/image-resize.ts';
import { RangeField } from '../../components/ui/range-field.tsx';

const ICONS: Record<EditMode, ReactNode> = {
  none: <ImageIcon className="size-4" aria-hidden />,
  crop: <Crop className="size-4" aria-hidden />,
  inpaint: <Brush className="size-4" aria-hidden />,
  extend: <Expand className="size-4" aria-hidden />,
};

/** The edit-mode tabs (None, Crop, Inpaint, Extend) and the current mode's controls. */
export function EditModePanel({ source, edit, onMode, onEdit, brushSize, onBrushSize, onGenerateNow, disabled }: {
  source: SourceImage | null;
  edit: EditState;
  onMode: (mode: EditMode) => void;
  onEdit: (update: (state: EditState) => EditState) => void;
  brushSize: number;
  onBrushSize: (size: number) => void;
  onGenerateNow: () => void;
  disabled: boolean;
}) {
  const baseId = useTabsId();
  return (
    <div>
      <fieldset disabled={disabled} className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Edit mode</legend>
        <Tabs
          tabs={EDIT_MODES.map((id) => ({ id, label: EDIT_MODE_LABELS[id], icon: ICONS[id] }))}
          value={edit.mode}
          onChange={onMode}
          label="Edit mode"
          baseId={baseId}
          // Four equal columns; on a phone each pill stacks its icon over its label, since side by side 'Extend' alone
          // needs about 84 px of a 74 px column at 390 px, and the row overflowed its box by 9 px.
          className="grid w-full grid-cols-4 [&>button]:min-w-0 [&>button]:flex-col [&>button]:justify-center [&>button]:gap-1 [&>button]:px-1 sm:[&>button]:flex-row sm:[&>button]:gap-2 sm:[&>button]:px-2"
        />
      </fieldset>
      <TabPanel baseId={baseId} tab={edit.mode} className="mt-3 text-sm text-slate-600">
        {edit.mode === 'none' && <p>The whole image is varied. Pick a mode to crop, repaint part of it or extend it.</p>}
        {edit.mode === 'crop' &&
          (source && edit.crop ? (
            <CropFields crop={edit.crop} bounds={source} disabled={disabled} onChange={(crop) => onEdit((state) => ({ ...state, crop }))} />
          ) : (
            <p>Upload an image, then drag the box to choose the part to keep.</p>
          ))}
        {edit.mode === 'inpaint' && (
          <div className="space-y-3">
            <p>Paint over the areas to change; the rest of the image stays as it is.</p>
            <RangeField label="Brush size" min={BRUSH_SIZE.min} max={BRUSH_SIZE.max} value={brushSize} onChange={onBrushSize} format={(v) => `${v} px`} disabled={disabled} />
            <Button
              variant="outline"
              size="sm"
              icon={<Eraser className="size-4" aria-hidden />}
              disabled={disabled || !edit.hasMask}
              onClick={() => onEdit((state) => ({ ...state, hasMask: false, maskVersion: state.maskVersion + 1 }))}
            >
              Clear mask
            </Button>
          </div>
        )}
        {edit.mode === 'extend' &&
          (edit.extension ? (
            <div className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-3">
              <div className="flex items-center justify-between gap-2">
                <p className="font-medium text-slate-800">
                  Extend the <span className="text-emerald-700">{edit.extension}</span> edge
                </p>
                <button
                  type="button"
                  aria-label="Cancel extension"
                  title="Cancel"
                  disabled={disabled}
                  onClick={() => onEdit((state) => ({ ...state, extension: null }))}
                  className="rounded-lg p-1.5 text-slate-500 hover:bg-white hover:text-slate-800"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </div>
              <ChoiceGroup
                legend="Extend by"
                name={`${baseId}-amount`}
                choices={EXTEND_AMOUNTS.map((amount) => ({ value: amount, label: `+${amount}%` }))}
                value={edit.extensionAmount}
                onChange={(extensionAmount) => onEdit((state) => ({ ...state, extensionAmount }))}
                disabled={disabled}
                columns="grid-cols-3"
              />
              <Button className="w-full" onClick={onGenerateNow} loading={disabled} icon={<Sparkles className="size-4" aria-hidden />}>
                Generate Now
              </Button>
            </div>
          ) : (
            <p>{source ? 'Click an edge of the image to choose the direction to extend.' : 'Upload an image, then click the edge to extend.'}</p>
          ))}
      </TabPanel>
    </div>
  );
}
