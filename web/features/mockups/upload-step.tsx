import { X } from 'lucide-react';
import { useRef } from 'react';
import type { MockupStyle } from '../../../contract/ai.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { ACCEPT_IMAGES, type SourceImage } from '../../lib/image-resize.ts';
import { UploadArea } from '../../components/ui/upload-area.tsx';
import { MAX_MOCKUP_IMAGES, styleLabel } from './mockup-options.ts';
import { StepCard } from './step-card.tsx';

/** Step 1: the images to place (PNG, JPG or WEBP; click or drop). With several, each goes on the style picked in the same position. */
export function UploadStep({ images, styles, onAdd, onRemove, busy, preparing, error }: {
  images: SourceImage[];
  styles: MockupStyle[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  busy: boolean;
  preparing: boolean;
  error: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const full = images.length >= MAX_MOCKUP_IMAGES;
  return (
    <StepCard step={1} title="Upload images" description="Your design, screenshot or artwork. Several images go on one style each, in order.">
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_IMAGES}
        aria-label="Upload mockup images"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onAdd(files);
        }}
      />
      {images.length > 0 && (
        <ul className="mb-4 grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label="Uploaded images">
          {images.map((image, index) => (
            <li key={`${image.name}-${index}`} className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
              <img src={image.dataUrl} alt={`Image ${index + 1}: ${image.name}`} className="aspect-square w-full object-cover" />
              {images.length > 1 && (
                <span className="absolute inset-x-0 bottom-0 truncate bg-slate-900/65 px-2 py-1 text-[11px] font-medium text-white">
                  {index + 1}. {styles[index] ? styleLabel(styles[index]) : 'No style yet'}
                </span>
              )}
              <button
                type="button"
                onClick={() => onRemove(index)}
                disabled={busy}
                aria-label={`Remove image ${index + 1}`}
                className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-white/95 text-slate-600 shadow ring-1 ring-slate-200 hover:text-red-600 disabled:opacity-50"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <UploadArea
          onBrowse={() => input.current?.click()}
          onFiles={onAdd}
          disabled={busy}
          busy={preparing}
          title={images.length ? 'Add more images' : 'Click to upload or drag and drop'}
          hint={`PNG, JPG or WEBP · up to ${MAX_MOCKUP_IMAGES} images`}
          className={images.length ? 'py-5' : undefined}
        />
      )}
      {error && <Alert tone="error" className="mt-3">{error}</Alert>}
    </StepCard>
  );
}
