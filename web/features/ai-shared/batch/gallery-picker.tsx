import { useInfiniteQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { fileListResponse, type GalleryItem } from '../../../../contract/files.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { api, parseAnswer } from '../../../lib/api.ts';
import { fileKeys } from '../../../lib/query-keys.ts';

const PAGE = 24;
const LOAD_FAILED = 'Failed to load your gallery images';

/** My gallery images, 24 a page (GET /api/files/list), in the gallery's cache shape so its changes reach them. */
function useGalleryImages() {
  return useInfiniteQuery({
    queryKey: [...fileKeys.gallery, 'batch-picker'] as const,
    queryFn: async ({ pageParam }) =>
      parseAnswer(fileListResponse, await api.get<unknown>('/files/list', { query: { category: 'image', limit: PAGE, cursor: pageParam } }), LOAD_FAILED),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.pagination.hasMore ? (last.pagination.nextCursor ?? undefined) : undefined),
    staleTime: 30_000,
  });
}

/** The user's gallery images to add to a batch: each a toggle (pressed while it is in the batch). */
export function GalleryPicker({ chosen, onToggle, full }: {
  /** Ids of the gallery images in the batch. */
  chosen: ReadonlySet<string>;
  onToggle: (item: GalleryItem) => void;
  /** The batch is full: only images already in it can be pressed (to take them out). */
  full: boolean;
}) {
  const query = useGalleryImages();
  const items = query.data?.pages.flatMap((page) => page.files) ?? [];
  if (query.isPending) return <p className="text-sm text-slate-500" role="status">Loading your images…</p>;
  if (query.isError && items.length === 0) return <Alert tone="error">{LOAD_FAILED}</Alert>;
  if (items.length === 0) return <p className="text-sm text-slate-500">No images in your gallery yet.</p>;
  return (
    <div className="space-y-3">
      <ul className="grid max-h-64 grid-cols-4 gap-2 overflow-y-auto p-0.5 sm:grid-cols-6" aria-label="Your gallery images">
        {items.map((item) => {
          const pressed = chosen.has(item.id);
          const name = item.prompt ? `${item.prompt} (${item.title})` : item.title;
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={pressed}
                aria-label={name}
                title={name}
                disabled={full && !pressed}
                onClick={() => onToggle(item)}
                className={cn(
                  'relative block aspect-square w-full overflow-hidden rounded-lg border bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:cursor-not-allowed disabled:opacity-60',
                  pressed ? 'border-violet-600 ring-2 ring-violet-600' : 'border-slate-200',
                )}
              >
                <img src={item.image} alt="" loading="lazy" className="size-full object-cover" />
                {pressed && (
                  <span className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-violet-600 text-white">
                    <Check className="size-3.5" aria-hidden />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {query.hasNextPage && (
        <Button size="sm" variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          More images
        </Button>
      )}
    </div>
  );
}
