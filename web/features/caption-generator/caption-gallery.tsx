import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Images, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CAPTION_GALLERY_PAGE_SIZE } from '../../../contract/captions.ts';
import type { GalleryItem } from '../../../contract/files.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import { fileKeys } from '../../lib/query-keys.ts';
import { CAPTION_GALLERY_MESSAGES, clearGallery, deleteGalleryImage, fetchGalleryPage, galleryPageKey } from './api.ts';

const GRID = 'grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6';

/**
 * All the user's images, 12 a page (spec 3 §2, §9): select one to caption it, delete one, or clear them all (each
 * delete confirmed).
 */
export function CaptionGallery({ onSelect, disabled }: { onSelect: (item: GalleryItem) => void; disabled: boolean }) {
  const client = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [deleting, setDeleting] = useState<GalleryItem | null>(null);
  const [clearing, setClearing] = useState(false);
  const page = useQuery({ queryKey: galleryPageKey(offset), queryFn: () => fetchGalleryPage(offset), placeholderData: keepPreviousData });
  const refresh = () => client.invalidateQueries({ queryKey: fileKeys.gallery });
  const remove = useMutation({ mutationFn: (id: string) => deleteGalleryImage(id), onSuccess: refresh });
  const clear = useMutation({ mutationFn: clearGallery, onSuccess: refresh });
  const files = page.data?.files ?? [];
  // The last image of a page deleted: step back to the previous page.
  if (page.isSuccess && !page.isPlaceholderData && files.length === 0 && offset > 0) setOffset(Math.max(0, offset - CAPTION_GALLERY_PAGE_SIZE));

  return (
    <Card>
      <CardHeader
        icon={<Images className="size-5" aria-hidden />}
        title="Your images"
        description="Select an image to write a caption for it. Images are deleted automatically after 30 days."
        action={
          files.length > 0 && (
            <Button variant="outline" size="sm" icon={<Trash2 className="size-4" aria-hidden />} onClick={() => setClearing(true)} disabled={disabled}>
              Clear All
            </Button>
          )
        }
      />
      <CardBody className="space-y-4">
        {page.isError ? (
          <Alert tone="error">{CAPTION_GALLERY_MESSAGES.load}</Alert>
        ) : page.isPending ? (
          <div role="status" aria-label="Loading your images">
            <ul className={GRID} aria-hidden>
              {Array.from({ length: CAPTION_GALLERY_PAGE_SIZE }, (_, i) => (
                <li key={i} className="aspect-square animate-pulse rounded-lg bg-slate-200" />
              ))}
            </ul>
          </div>
        ) : files.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-slate-200 px-6 py-8 text-center text-sm text-slate-500">No images yet. Images you make with the tools appear here.</p>
        ) : (
          <ul className={GRID} aria-label="Your images">
            {files.map((item) => (
              <li key={item.id} className="group relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
                <button type="button" className="block aspect-square w-full" onClick={() => onSelect(item)} disabled={disabled} aria-label={`Select ${item.title}`}>
                  <img src={item.image} alt="" loading="lazy" className="size-full object-cover transition-transform group-hover:scale-[1.03]" />
                </button>
                <button
                  type="button"
                  onClick={() => setDeleting(item)}
                  disabled={disabled}
                  aria-label={`Delete ${item.title}`}
                  title="Delete"
                  className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-md bg-white/95 text-slate-700 shadow ring-1 ring-slate-200 transition-colors hover:bg-red-600 hover:text-white md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100"
                >
                  <Trash2 className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        {(offset > 0 || page.data?.pagination.hasMore) && (
          <nav className="flex items-center justify-center gap-3" aria-label="Gallery pages">
            <Button variant="outline" size="sm" icon={<ChevronLeft className="size-4" aria-hidden />} disabled={offset === 0 || page.isFetching} onClick={() => setOffset(Math.max(0, offset - CAPTION_GALLERY_PAGE_SIZE))}>
              Previous
            </Button>
            <span className="text-sm text-slate-500 tabular-nums">Page {offset / CAPTION_GALLERY_PAGE_SIZE + 1}</span>
            <Button variant="outline" size="sm" disabled={!page.data?.pagination.hasMore || page.isFetching} onClick={() => setOffset(offset + CAPTION_GALLERY_PAGE_SIZE)}>
              Next <ChevronRight className="size-4" aria-hidden />
            </Button>
          </nav>
        )}
      </CardBody>

      {deleting && (
        <ConfirmDialog
          title="Delete this image?"
          message="It is removed from your gallery. This cannot be undone."
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error, CAPTION_GALLERY_MESSAGES.deleteFailed) : null}
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        />
      )}
      {clearing && (
        <ConfirmDialog
          title="Clear your gallery?"
          message="Every image in your gallery is deleted, from every tool. This cannot be undone."
          confirmLabel="Clear All"
          busyLabel="Clearing..."
          busy={clear.isPending}
          error={clear.error ? errorMessage(clear.error, CAPTION_GALLERY_MESSAGES.clearFailed) : null}
          onCancel={() => {
            clear.reset();
            setClearing(false);
          }}
          onConfirm={() =>
            clear.mutate(undefined, {
              onSuccess: () => {
                setOffset(0);
                setClearing(false);
              },
            })
          }
        />
      )}
    </Card>
  );
}
