import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { Modal } from './dialog.tsx';
import { classifyGesture, lightboxKeyAction } from './gestures.ts';
import { Spinner } from './spinner.tsx';

export interface LightboxItem {
  id: string;
  /** The full-size image. */
  src: string;
  alt: string;
  title?: string;
}

/**
 * A button for the lightbox's dark toolbar (a download link when `href` is given): the icon, and the label from the
 * sm breakpoint; always named for screen readers.
 */
export function LightboxAction({ icon, label, iconOnly = false, href, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & {
  icon: ReactNode;
  label: string;
  iconOnly?: boolean;
  href?: string;
}) {
  const classes = cn(
    'inline-flex h-9 items-center gap-2 rounded-lg bg-white/10 px-2.5 text-sm font-medium text-white transition-colors hover:bg-white/20 disabled:opacity-50 sm:px-3',
    className,
  );
  const content = (
    <>
      {icon}
      {!iconOnly && (
        <span className="hidden sm:inline" aria-hidden>
          {label}
        </span>
      )}
    </>
  );
  if (href) {
    return (
      <a href={href} download className={classes} aria-label={label}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" className={classes} aria-label={label} {...rest}>
      {content}
    </button>
  );
}

const navButton =
  'absolute top-1/2 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 text-white ring-1 ring-white/20 transition-colors hover:bg-black/60 disabled:pointer-events-none disabled:opacity-0';

/**
 * A full-screen image viewer (spec 2 §2, §9): previous/next with the arrow keys, on-screen buttons or a swipe
 * (50 px); Escape, the close button or a tap on the backdrop closes. `actions` renders the current item's buttons;
 * `caption` its text below the image.
 */
export function Lightbox<T extends LightboxItem>({ items, index, onIndexChange, onClose, actions, caption, label = 'Image viewer' }: {
  items: readonly T[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  actions?: (item: T) => ReactNode;
  caption?: (item: T) => ReactNode;
  label?: string;
}) {
  const press = useRef<{ x: number; y: number; t: number; onBackdrop: boolean } | null>(null);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const item = items[index];
  const hasPrevious = index > 0;
  const hasNext = index < items.length - 1;

  const go = (step: 1 | -1) => {
    const next = index + step;
    if (next >= 0 && next < items.length) onIndexChange(next);
  };

  const keyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // Keys pressed inside a dialog opened on top (e.g. Share) belong to that dialog.
    if (event.target instanceof Element && event.target.closest('dialog') !== event.currentTarget) return;
    const action = lightboxKeyAction(event.key);
    if (!action) return;
    event.preventDefault();
    if (action === 'close') onClose();
    else go(action === 'next' ? 1 : -1);
  };

  const pointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('button, a')) return;
    press.current = { x: event.clientX, y: event.clientY, t: Date.now(), onBackdrop: event.target === event.currentTarget };
  };

  const pointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = press.current;
    press.current = null;
    if (!start) return;
    const gesture = classifyGesture(event.clientX - start.x, event.clientY - start.y, Date.now() - start.t);
    if (gesture === 'next') go(1);
    else if (gesture === 'previous') go(-1);
    else if (gesture === 'tap' && start.onBackdrop) onClose();
  };

  if (!item) return null;
  const text = caption?.(item);

  return (
    <Modal onClose={onClose} onKeyDown={keyDown} label={label} closeOnBackdrop={false} className="h-dvh max-h-none w-screen max-w-none">
      <div data-dialog-panel tabIndex={-1} className="flex h-full flex-col bg-slate-950 text-white outline-none">
        <div className="flex items-center gap-3 px-3 py-3 sm:px-5">
          <p className="min-w-0 flex-1 truncate text-sm text-white/80">
            <span className="font-medium text-white tabular-nums">
              {index + 1} / {items.length}
            </span>
            {item.title && <span className="ml-3">{item.title}</span>}
          </p>
          <div className="flex items-center gap-2">{actions?.(item)}</div>
          <LightboxAction icon={<X className="size-5" aria-hidden />} label="Close" iconOnly onClick={onClose} className="sm:px-2.5" />
        </div>
        <div
          data-testid="lightbox-stage"
          className="relative flex min-h-0 flex-1 touch-none items-center justify-center px-3 select-none sm:px-16"
          onPointerDown={pointerDown}
          onPointerUp={pointerUp}
          onPointerCancel={() => (press.current = null)}
        >
          {loadedId !== item.id && <Spinner className="absolute size-8 text-white/70" />}
          <img
            key={item.id}
            src={item.src}
            alt={item.alt}
            draggable={false}
            onLoad={() => setLoadedId(item.id)}
            className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
          />
          <button type="button" aria-label="Previous image" className={cn(navButton, 'left-3')} disabled={!hasPrevious} onClick={() => go(-1)}>
            <ChevronLeft className="size-6" aria-hidden />
          </button>
          <button type="button" aria-label="Next image" className={cn(navButton, 'right-3')} disabled={!hasNext} onClick={() => go(1)}>
            <ChevronRight className="size-6" aria-hidden />
          </button>
        </div>
        <div className="min-h-4 px-4 py-3 text-center text-sm text-white/80 sm:px-6">{text}</div>
      </div>
    </Modal>
  );
}
