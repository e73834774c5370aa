import { ImagePlus, X } from 'lucide-react';
import { PHOTOSHOOT_MAX_PHOTOS } from '../../../contract/photoshoot.ts';
import { cn } from '../../components/ui/cn.ts';
import { ErrorBox } from '../../components/ui/error-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { UploadArea, useDropTarget } from '../../components/ui/upload-area.tsx';
import { messageErrorView } from '../../lib/ai-error.ts';
import type { PhotoshootState } from './use-photoshoot.ts';

const HINT = `PNG, JPG or WEBP · 1 to ${PHOTOSHOOT_MAX_PHOTOS} photos, up to 10 MB each`;

/** The reference photos (spec 3 §2, §5): 1-4 thumbnails with remove, the first marked as the aspect blueprint. */
export function ReferencePhotos({ p }: { p: PhotoshootState }) {
  const browse = p.upload.browse;
  const locked = p.generating || p.reading;
  const addTile = useDropTarget((files) => void p.addPhotos(files), locked);
  const room = PHOTOSHOOT_MAX_PHOTOS - p.photos.length;

  return (
    <div className="space-y-3">
      <input {...p.upload.inputProps} aria-label="Upload reference photos" />
      {p.photos.length === 0 ? (
        <UploadArea onBrowse={browse} onFiles={(files) => void p.addPhotos(files)} busy={p.reading} disabled={p.generating} title="Click to upload or drag and drop your photos" hint={HINT} />
      ) : (
        <>
          <ul aria-label="Reference photos" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {p.photos.map((photo, i) => (
              <li key={photo.id} className="relative min-w-0">
                <img
                  src={photo.dataUrl}
                  alt={`Reference photo ${i + 1}: ${photo.name}`}
                  className={cn('aspect-square w-full rounded-xl border bg-slate-50 object-cover', i === 0 ? 'border-violet-400 ring-2 ring-violet-400' : 'border-slate-200')}
                />
                {i === 0 && (
                  <span className="absolute inset-x-1.5 bottom-1.5 truncate rounded-md bg-violet-700/90 px-1.5 py-0.5 text-center text-[11px] font-semibold text-white">
                    Aspect blueprint
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => p.removePhoto(photo.id)}
                  disabled={p.generating}
                  aria-label={`Remove reference photo ${i + 1}`}
                  className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:opacity-50"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            ))}
            {room > 0 && (
              <li className="min-w-0">
                <button
                  type="button"
                  onClick={browse}
                  disabled={locked}
                  {...addTile.handlers}
                  className={cn(
                    'flex aspect-square w-full flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-2 text-center text-xs font-medium transition-colors',
                    addTile.over ? 'border-violet-500 bg-violet-50 text-violet-700' : 'border-slate-300 text-slate-600 hover:border-violet-400 hover:bg-violet-50/50',
                    'disabled:cursor-not-allowed disabled:opacity-60',
                  )}
                >
                  {p.reading ? <Spinner className="size-5 text-violet-600" /> : <ImagePlus className="size-5 text-violet-600" aria-hidden />}
                  {p.reading ? 'Preparing…' : `Add photo (${room} left)`}
                </button>
              </li>
            )}
          </ul>
          <p className="text-xs text-slate-500">
            The first photo is the aspect blueprint of the set. {HINT}.
          </p>
        </>
      )}
      {p.uploadErrors.length > 0 && <ErrorBox error={{ ...messageErrorView(p.uploadErrors[0]!), guidelines: p.uploadErrors.slice(1) }} />}
    </div>
  );
}
