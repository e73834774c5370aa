import { ImageUp } from 'lucide-react';
import { useState, type DragEvent, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

/** The files of a drop, or none. */
export function droppedFiles(event: DragEvent): File[] {
  return Array.from(event.dataTransfer?.files ?? []);
}

/** Drag-and-drop handlers with a highlighted state while something is dragged over. */
export function useDropTarget(onFiles: (files: File[]) => void, disabled = false) {
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (disabled) return;
        event.preventDefault();
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setOver(false);
        if (disabled) return;
        const files = droppedFiles(event);
        if (files.length) onFiles(files);
      },
    },
  };
}

/** The empty upload area (spec 2 §2): click or drop a PNG, JPG or WEBP. */
export function UploadArea({ onBrowse, onFiles, disabled, busy, title = 'Click to upload or drag and drop', hint = 'PNG, JPG or WEBP', className, children }: {
  onBrowse: () => void;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  busy?: boolean;
  title?: string;
  hint?: string;
  className?: string;
  children?: ReactNode;
}) {
  const drop = useDropTarget(onFiles, disabled);
  return (
    <button
      type="button"
      onClick={onBrowse}
      disabled={disabled}
      {...drop.handlers}
      className={cn(
        'flex w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
        drop.over ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-slate-50/60 hover:border-violet-400 hover:bg-violet-50/50',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-white text-violet-600 shadow-sm ring-1 ring-slate-200">
        {busy ? <Spinner className="size-6" /> : <ImageUp className="size-6" aria-hidden />}
      </span>
      <span className="text-sm font-semibold text-slate-800">{busy ? 'Preparing image…' : title}</span>
      <span className="text-xs text-slate-500">{hint}</span>
      {children}
    </button>
  );
}
