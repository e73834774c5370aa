import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../components/ui/cn.ts';
import { dragCrop, nudgeCrop, type CropHandle, type CropRect, type Size } from './crop.ts';

const HANDLES: ReadonlyArray<{ handle: Exclude<CropHandle, 'move'>; className: string }> = [
  { handle: 'nw', className: '-top-1.5 -left-1.5 cursor-nwse-resize' },
  { handle: 'ne', className: '-top-1.5 -right-1.5 cursor-nesw-resize' },
  { handle: 'sw', className: '-bottom-1.5 -left-1.5 cursor-nesw-resize' },
  { handle: 'se', className: '-right-1.5 -bottom-1.5 cursor-nwse-resize' },
  { handle: 'n', className: '-top-1.5 left-1/2 -translate-x-1/2 cursor-ns-resize' },
  { handle: 's', className: '-bottom-1.5 left-1/2 -translate-x-1/2 cursor-ns-resize' },
  { handle: 'w', className: 'top-1/2 -left-1.5 -translate-y-1/2 cursor-ew-resize' },
  { handle: 'e', className: 'top-1/2 -right-1.5 -translate-y-1/2 cursor-ew-resize' },
];

const pct = (value: number, total: number) => `${(value / total) * 100}%`;

/**
 * The crop box over the image: drag it to move, drag a corner or edge to resize (never below 50 x 50 px or outside
 * the image). With focus, arrow keys move it and Alt + arrow keys resize it.
 */
export function CropOverlay({ crop, bounds, onChange, disabled }: { crop: CropRect; bounds: Size; onChange: (crop: CropRect) => void; disabled?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  const drag = useRef<{ handle: CropHandle; x: number; y: number; start: CropRect; sx: number; sy: number } | null>(null);

  // One handler for the box and its handles: which one was grabbed is read from the element's data-handle (the box
  // has none: it moves), so no handler is made per handle while rendering.
  const start = (event: PointerEvent<HTMLElement>) => {
    if (disabled || !root.current) return;
    const handle = (event.currentTarget.dataset.handle as CropHandle | undefined) ?? 'move';
    event.preventDefault();
    event.stopPropagation();
    const rect = root.current.getBoundingClientRect();
    drag.current = { handle, x: event.clientX, y: event.clientY, start: crop, sx: bounds.width / rect.width, sy: bounds.height / rect.height };
    root.current.setPointerCapture?.(event.pointerId);
  };

  const move = (event: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    onChange(dragCrop(d.start, d.handle, (event.clientX - d.x) * d.sx, (event.clientY - d.y) * d.sy, bounds));
  };

  const end = () => {
    drag.current = null;
  };

  const key = (event: KeyboardEvent) => {
    if (disabled) return;
    const next = nudgeCrop(crop, event.key, event.shiftKey, event.altKey, bounds);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    <div ref={root} className="absolute inset-0 touch-none overflow-hidden" onPointerMove={move} onPointerUp={end} onPointerCancel={end}>
      <div
        role="group"
        tabIndex={disabled ? -1 : 0}
        aria-label={`Crop area: ${crop.width} by ${crop.height} pixels at ${crop.x}, ${crop.y}. Arrow keys move it, Alt and arrow keys resize it.`}
        data-testid="crop-box"
        onPointerDown={start}
        onKeyDown={key}
        className={cn(
          'absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.55)] outline-none focus-visible:border-violet-300',
          disabled && 'cursor-default',
        )}
        style={{ left: pct(crop.x, bounds.width), top: pct(crop.y, bounds.height), width: pct(crop.width, bounds.width), height: pct(crop.height, bounds.height) }}
      >
        <div className="pointer-events-none absolute inset-0 grid grid-cols-3 grid-rows-3" aria-hidden>
          {Array.from({ length: 9 }, (_, i) => (
            <span key={i} className="border-[0.5px] border-white/35" />
          ))}
        </div>
        <span className="pointer-events-none absolute top-1 left-1 rounded bg-slate-900/70 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums" aria-hidden>
          {crop.width} × {crop.height}
        </span>
        {!disabled &&
          HANDLES.map(({ handle, className }) => (
            <span
              key={handle}
              data-handle={handle}
              onPointerDown={start}
              className={cn('absolute size-3.5 rounded-sm border-2 border-violet-600 bg-white shadow', className)}
              aria-hidden
            />
          ))}
      </div>
    </div>
  );
}
