import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from './cn.ts';

export interface CompareImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** How far one arrow key moves the divider, in percent. */
export const COMPARE_STEP = 5;
const PAGE_STEP = 25;

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/** The divider's new position for a key, or null for a key it does not handle. */
export function compareKeyPosition(key: string, position: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(position - COMPARE_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(position + COMPARE_STEP);
    case 'PageDown':
      return clamp(position - PAGE_STEP);
    case 'PageUp':
      return clamp(position + PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return 100;
    default:
      return null;
  }
}

/**
 * Two pictures of one size stacked, the before one shown left of a divider the user drags (mouse, pen or touch) or
 * moves with the keys on its handle (a slider: arrows 5%, Page Up/Down 25%, Home, End). The box takes the images'
 * aspect ratio before they load, so nothing below moves; they load lazily, as this sits below the fold.
 */
export function CompareSlider({
  before,
  after,
  label,
  initial = 50,
  className,
}: {
  before: CompareImage;
  after: CompareImage;
  /** Names the slider for assistive technology, e.g. "Before and after: Watercolour". */
  label: string;
  initial?: number;
  className?: string;
}) {
  const [position, setPosition] = useState(clamp(initial));
  const box = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);

  const moveTo = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return;
    setPosition(clamp(((clientX - rect.left) / rect.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = event.pointerId;
    // Captured, so a drag that leaves the box (or the window) keeps moving the divider until it is let go.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    handle.current?.focus({ preventScroll: true });
    moveTo(event.clientX);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === event.pointerId) moveTo(event.clientX);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === event.pointerId) dragging.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = compareKeyPosition(event.key, position);
    if (next === null) return;
    event.preventDefault();
    setPosition(next);
  };

  const shown = Math.round(position);
  const image = 'absolute inset-0 size-full object-cover';
  return (
    <div
      ref={box}
      className={cn('relative cursor-ew-resize touch-pan-y overflow-hidden rounded-2xl bg-slate-200 select-none', className)}
      style={{ aspectRatio: `${after.width} / ${after.height}` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <img src={after.src} alt={after.alt} width={after.width} height={after.height} loading="lazy" decoding="async" draggable={false} className={image} />
      <img
        src={before.src}
        alt={before.alt}
        width={before.width}
        height={before.height}
        loading="lazy"
        decoding="async"
        draggable={false}
        className={image}
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span aria-hidden className="absolute top-3 left-3 rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">
        Before
      </span>
      <span aria-hidden className="absolute top-3 right-3 rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">
        After
      </span>
      <div aria-hidden className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(15,23,42,0.35)]" style={{ left: `${position}%` }} />
      <div
        ref={handle}
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={`${shown}% before, ${100 - shown}% after`}
        onKeyDown={onKeyDown}
        className="absolute top-1/2 flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-violet-700 text-white shadow-lg outline-none focus-visible:ring-4 focus-visible:ring-violet-300"
        style={{ left: `${position}%` }}
      >
        <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="m9 6-6 6 6 6M15 6l6 6-6 6" />
        </svg>
      </div>
    </div>
  );
}
