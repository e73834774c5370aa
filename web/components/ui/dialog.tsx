import { X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cn } from './cn.ts';

let openModals = 0;

/** The page behind open modals does not scroll; nested modals share one lock. */
function lockScroll(): () => void {
  openModals += 1;
  document.documentElement.style.overflow = 'hidden';
  return () => {
    openModals -= 1;
    if (openModals === 0) document.documentElement.style.overflow = '';
  };
}

export interface ModalProps {
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Accessible name when there is no visible title. */
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  /** A click on the backdrop closes (default true). */
  closeOnBackdrop?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
}

/**
 * A native modal <dialog> (top layer, inert page, focus kept inside) mounted while rendered.
 * Escape and a backdrop click call onClose; a nested modal closes before the one below it.
 * Focus starts on the element marked `data-autofocus`, else on the element marked `data-dialog-panel`, and goes back
 * to where it was when the modal closes.
 */
export function Modal({ onClose, children, className, label, labelledBy, describedBy, closeOnBackdrop = true, onKeyDown }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest onClose, without re-running the effect (which would close and reopen the dialog) when it changes.
  const closeFromCancel = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    // First focus: an element marked data-autofocus, else the panel itself (not the close button).
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('[data-dialog-panel]'))?.focus();
    const cancel = (event: Event) => {
      event.preventDefault();
      closeFromCancel();
    };
    dialog.addEventListener('cancel', cancel);
    const unlock = lockScroll();
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      unlock();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const keyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      // This modal closes, not the ones it sits on (React events bubble through nested modals).
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  const click = (event: MouseEvent<HTMLDialogElement>) => {
    if (closeOnBackdrop && event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      onKeyDown={keyDown}
      onClick={click}
      className={cn('m-auto bg-transparent p-0 backdrop:bg-slate-950/60 backdrop:backdrop-blur-[2px]', className)}
    >
      {children}
    </dialog>
  );
}

/** A titled modal card: heading, optional description, body, and a footer of buttons. */
export function Dialog({ title, description, icon, children, footer, onClose, size = 'md', className, tone = 'default' }: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  tone?: 'default' | 'danger';
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <Modal
      onClose={onClose}
      labelledBy={titleId}
      describedBy={descriptionId}
      className={cn('w-[calc(100%-2rem)]', size === 'sm' ? 'max-w-sm' : size === 'md' ? 'max-w-md' : 'max-w-2xl')}
    >
      <div data-dialog-panel tabIndex={-1} className={cn('relative max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-white shadow-xl outline-none', className)}>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-3 right-3 rounded-lg p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700"
        >
          <X className="size-5" aria-hidden />
        </button>
        <div className="px-5 pt-5 pb-4 sm:px-6">
          <div className="flex items-start gap-3 pr-8">
            {icon && (
              <span
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-full',
                  tone === 'danger' ? 'bg-red-50 text-red-600' : 'bg-violet-50 text-violet-600',
                )}
              >
                {icon}
              </span>
            )}
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              )}
            </div>
          </div>
          {children && <div className="mt-4">{children}</div>}
        </div>
        {footer && <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 bg-slate-50/60 px-5 py-3 sm:px-6">{footer}</div>}
      </div>
    </Modal>
  );
}
