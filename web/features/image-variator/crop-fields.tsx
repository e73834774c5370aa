import { useState } from 'react';
import { CROP_MIN } from '../../../contract/ai.ts';
import { inputClasses } from '../../components/ui/input.tsx';
import { clampCrop, type CropRect, type Size } from './crop.ts';

const FIELDS: ReadonlyArray<{ key: keyof CropRect; label: string }> = [
  { key: 'x', label: 'X' },
  { key: 'y', label: 'Y' },
  { key: 'width', label: 'Width' },
  { key: 'height', label: 'Height' },
];

/** Exact crop numbers in image pixels; a value is applied (and kept within the image, 50 px at least) on Enter or leaving the field. */
export function CropFields({ crop, bounds, onChange, disabled }: { crop: CropRect; bounds: Size; onChange: (crop: CropRect) => void; disabled?: boolean }) {
  const [draft, setDraft] = useState<Record<keyof CropRect, string>>(() => toDraft(crop));
  // A new crop from outside (dragging the box, a mode change) re-seeds the fields; adjusted while rendering, so the
  // fields never show the old numbers for a frame.
  const [draftOf, setDraftOf] = useState(crop);
  if (draftOf !== crop) {
    setDraftOf(crop);
    setDraft(toDraft(crop));
  }

  const commit = (key: keyof CropRect) => {
    const value = Number(draft[key]);
    if (!Number.isFinite(value)) return setDraft(toDraft(crop));
    const next = clampCrop({ ...crop, [key]: value }, bounds);
    setDraft(toDraft(next));
    onChange(next);
  };

  return (
    <div>
      <div className="grid grid-cols-4 gap-2">
        {FIELDS.map(({ key, label }) => (
          <label key={key} className="text-xs font-medium text-slate-600">
            {label}
            <input
              type="number"
              inputMode="numeric"
              aria-label={`Crop ${label.toLowerCase()}`}
              min={key === 'width' || key === 'height' ? CROP_MIN : 0}
              max={key === 'x' || key === 'width' ? bounds.width : bounds.height}
              value={draft[key]}
              disabled={disabled}
              onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
              onBlur={() => commit(key)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commit(key);
                }
              }}
              className={`${inputClasses} mt-1 px-2 py-1.5 tabular-nums`}
            />
          </label>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Drag the box or its handles on the image. At least {CROP_MIN} × {CROP_MIN} px; image is {bounds.width} × {bounds.height} px.
      </p>
    </div>
  );
}

function toDraft(crop: CropRect): Record<keyof CropRect, string> {
  return { x: String(crop.x), y: String(crop.y), width: String(crop.width), height: String(crop.height) };
}
