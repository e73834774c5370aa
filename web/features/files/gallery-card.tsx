import { Globe, Trash2 } from 'lucide-react';
import type { GalleryItem } from '../../../contract/files.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { DeletionBadge } from '../../components/ui/deletion-badge.tsx';
import { formatShortDate } from './format.ts';

/** One gallery tile: thumbnail (opens the lightbox), Public and deletion-countdown badges, title, date and delete. */
export function GalleryCard({ item, onOpen, onDelete }: { item: GalleryItem; onOpen: () => void; onDelete: () => void }) {
  const name = item.prompt || item.title;
  return (
    <li className="group relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <button type="button" onClick={onOpen} className="block aspect-square w-full overflow-hidden bg-slate-100" aria-label={`Open ${name}`}>
        <img src={item.image} alt="" loading="lazy" className="size-full object-cover transition-transform duration-300 group-hover:scale-105" />
      </button>
      <div className="pointer-events-none absolute inset-x-2 top-2 flex flex-wrap items-start justify-between gap-1">
        {item.is_public ? (
          <Badge tone="green" className="bg-emerald-50/95 shadow-sm">
            <Globe className="mr-1 size-3" aria-hidden />
            Public
          </Badge>
        ) : (
          <span />
        )}
        <DeletionBadge days={item.days_until_deletion} />
      </div>
      <div className="flex items-center gap-2 py-2 pr-1.5 pl-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900" title={item.prompt ?? undefined}>
            {item.title}
          </p>
          <p className="text-xs text-slate-500">
            <time dateTime={item.timestamp}>{formatShortDate(item.timestamp)}</time>
          </p>
        </div>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete image ${name}`}
          className="rounded-lg p-2 text-slate-400 transition-colors hover:bg-red-50 hover:text-red-600"
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}
