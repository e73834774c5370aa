import { Globe, Maximize2, Trash2, ZoomIn } from 'lucide-react';
import { cn } from '../../components/ui/cn.ts';
import { DeletionBadge } from '../../components/ui/deletion-badge.tsx';
import type { HistoryItem } from './use-image-history.ts';

const iconButton =
  'flex size-8 items-center justify-center rounded-lg bg-white/95 text-slate-700 shadow ring-1 ring-slate-200 transition-colors hover:bg-violet-600 hover:text-white hover:ring-violet-600';

/** One history image: select it (restores its settings and shows it as the result), view, upscale or delete it. */
export function HistoryTile({ item, index, selected, onSelect, onView, onUpscale, onDelete, disabled }: {
  item: HistoryItem;
  index: number;
  selected: boolean;
  onSelect: () => void;
  onView: () => void;
  onUpscale: () => void;
  onDelete: () => void;
  disabled?: boolean;
}) {
  const name = item.prompt ? `“${item.prompt}”` : `image ${index + 1}`;
  return (
    <li className={cn('group relative overflow-hidden rounded-xl border bg-slate-100 shadow-sm', selected ? 'border-violet-500 ring-2 ring-violet-500' : 'border-slate-200')}>
      <button type="button" onClick={onSelect} disabled={disabled} aria-pressed={selected} aria-label={`Select ${name}`} className="block aspect-square w-full">
        <img src={item.thumbnail} alt="" loading="lazy" className="size-full object-cover transition-transform group-hover:scale-[1.03]" />
      </button>
      <div className="pointer-events-none absolute inset-x-0 top-0 flex flex-wrap items-start gap-1 p-2">
        <DeletionBadge days={item.daysUntilDeletion} className="text-[11px]" />
        {item.isPublic && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-700 px-2 py-0.5 text-[11px] font-semibold text-white shadow-sm">
            <Globe className="size-3" aria-hidden /> Public
          </span>
        )}
      </div>
      {item.prompt && (
        <p className="pointer-events-none absolute inset-x-0 bottom-0 hidden truncate bg-gradient-to-t from-slate-900/70 to-transparent px-2 pt-6 pb-1.5 text-xs text-white transition-opacity md:block md:group-focus-within:opacity-0 md:group-hover:opacity-0">
          {item.prompt}
        </p>
      )}
      <div className="absolute right-2 bottom-2 flex gap-1.5 opacity-100 transition-opacity md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
        <button type="button" className={iconButton} onClick={onView} aria-label={`View ${name} in full screen`} title="View">
          <Maximize2 className="size-4" aria-hidden />
        </button>
        <button type="button" className={iconButton} onClick={onUpscale} aria-label={`Upscale ${name}`} title="Upscale">
          <ZoomIn className="size-4" aria-hidden />
        </button>
        <button type="button" className={cn(iconButton, 'hover:bg-red-600 hover:ring-red-600')} onClick={onDelete} aria-label={`Delete ${name}`} title="Delete">
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}
