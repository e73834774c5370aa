import { Globe, Lock, Trash2 } from 'lucide-react';
import type { GalleryItem } from '../../../contract/files.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { DeletionBadge, deletesIn } from '../../components/ui/deletion-badge.tsx';
import { formatShortDate, imageSize, upscaleLabel } from './format.ts';

/**
 * The text block under a tile's image has a fixed height (three lines, each always drawn), so tiles with and without
 * a prompt line up and the loading skeleton has the same size as the tile that replaces it.
 */
const INFO = 'h-[4.75rem]';
const LINE = 'truncate text-xs text-slate-600';

/**
 * One gallery tile: the thumbnail (opens the lightbox) with its visibility, deletion-countdown and upscale badges;
 * under it the prompt (the whole of it in the tooltip and the open button's name), the image size and date, when it
 * is deleted and the tool, most telling first (a phone's narrow tile cuts each line's end); and delete.
 */
export function GalleryCard({ item, onOpen, onDelete }: { item: GalleryItem; onOpen: () => void; onDelete: () => void }) {
  const name = item.prompt || item.title;
  const scale = upscaleLabel(item);
  const size = imageSize(item);
  return (
    <li className="group relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <button type="button" onClick={onOpen} className="block aspect-square w-full overflow-hidden bg-slate-100" aria-label={`Open ${name}`} title={item.prompt ?? undefined}>
          <img src={item.image} alt="" loading="lazy" className="size-full object-cover transition-transform duration-300 group-hover:scale-105" />
        </button>
        <div className="pointer-events-none absolute inset-x-2 top-2 flex flex-wrap items-start justify-between gap-1">
          {item.is_public ? (
            <Badge tone="green" className="bg-emerald-50/95 shadow-sm">
              <Globe className="mr-1 size-3" aria-hidden />
              Public
            </Badge>
          ) : (
            <Badge tone="slate" className="bg-white/95 text-slate-700 shadow-sm">
              <Lock className="mr-1 size-3" aria-hidden />
              Private
            </Badge>
          )}
          <DeletionBadge days={item.days_until_deletion} />
        </div>
        {scale && (
          <span
            className="pointer-events-none absolute bottom-2 left-2 rounded-md bg-slate-900/85 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums shadow-sm"
            title={`Upscaled ${scale}`}
            data-testid="upscale-badge"
          >
            <span className="sr-only">Upscaled </span>
            {scale}
          </span>
        )}
      </div>
      {/* Only the first line makes room for delete: on a phone the size, date and expiry need the tile's full width. */}
      <div className={`relative space-y-0.5 px-3 py-2 ${INFO}`}>
        <p className="truncate pr-7 text-sm font-medium text-slate-900" title={name}>
          {name}
        </p>
        <p className={LINE}>
          {size && <>{size} · </>}
          <time dateTime={item.timestamp}>{formatShortDate(item.timestamp)}</time>
        </p>
        <p className={LINE}>{[item.days_until_deletion !== null && deletesIn(item.days_until_deletion), item.prompt && item.title].filter(Boolean).join(' · ') || '\u00a0'}</p>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete image ${name}`}
          className="absolute top-0.5 right-1 rounded-lg p-1.5 text-slate-500 transition-colors hover:bg-red-50 hover:text-red-600"
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}

/** A tile while the gallery loads: the same square and text block as GalleryCard, so nothing moves when it arrives. */
export function GalleryCardSkeleton() {
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" aria-hidden>
      <div className="aspect-square w-full animate-pulse bg-slate-200/70" />
      <div className={`space-y-2 py-2.5 pr-10 pl-3 ${INFO}`}>
        <div className="h-3.5 w-4/5 animate-pulse rounded bg-slate-200/70" />
        <div className="h-3 w-3/5 animate-pulse rounded bg-slate-200/70" />
        <div className="h-3 w-2/3 animate-pulse rounded bg-slate-200/70" />
      </div>
    </li>
  );
}
