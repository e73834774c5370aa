import { X } from 'lucide-react';
import type { MockupStyle } from '../../../contract/ai.ts';
import { Alert } from '../../components/ui/alert.tsx';
import type { SourceImage } from '../../lib/image-resize.ts';
import type { ImageUpload } from '../ai-shared/use-image-upload.ts';
import { UploadArea } from '../../components/ui/upload-area.tsx';
import { MAX_MOCKUP_IMAGES, styleLabel } from './mockup-options.ts';
import { StepCard } from './step-card.tsx';

/** Step 1: the images to place (PNG, JPG or WEBP; click or drop). With several, each goes on the style picked in the same position. */
export function UploadStep({ upload, styles, busy }: { upload: ImageUpload<SourceImage>; styles: MockupStyle[]; busy: boolean }) {
  const { images } = upload;
  // The last thing a pick refused: too many images outweighs a wrong type.
  const error = upload.problems.at(-1) ?? null;
  const full = images.length >= MAX_MOCKUP_IMAGES;
  return (
    <StepCard step={1} title="Upload images" description="Your design, screenshot or artwork. Several images go on one style each, in order.">
      <input {...upload.inputProps} aria-label="Upload mockup images" />
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
                onClick={() => upload.remove(index)}
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
          onBrowse={upload.browse}
          onFiles={(files) => void upload.choose(files)}
          disabled={busy}
          busy={upload.reading}
          title={images.length ? 'Add more images' : 'Click to upload or drag and drop'}
          hint={`PNG, JPG or WEBP · up to ${MAX_MOCKUP_IMAGES} images`}
          className={images.length ? 'py-5' : undefined}
        />
      )}
      {error && <Alert tone="error" className="mt-3">{error}</Alert>}
    </StepCard>
  );
}
