import { History, RotateCcw, Trash2 } from 'lucide-react';
import { MORPHER_HISTORY_PAGE_SIZE } from '../../../contract/files.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { HistoryTile } from './history-tile.tsx';
import type { HistoryItem, useImageHistory } from './use-image-history.ts';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6';

/** The Image History grid (spec 2 §2): 6 skeletons while loading, then the images with Load More and Clear History. */
export function HistoryGrid({ history, selectedId, onSelect, onView, onUpscale, onDelete, onClear, disabled }: {
  history: ReturnType<typeof useImageHistory>;
  selectedId: string | null;
  onSelect: (item: HistoryItem) => void;
  onView: (item: HistoryItem) => void;
  onUpscale: (item: HistoryItem) => void;
  onDelete: (item: HistoryItem) => void;
  onClear: () => void;
  disabled: boolean;
}) {
  const { items } = history;
  return (
    <Card>
      <CardHeader
        icon={<History className="size-5" aria-hidden />}
        title="Image History"
        description="Your morphed images. Select one to see it again with its settings. Images are deleted automatically after 30 days."
        action={
          items.length > 0 && (
            <Button variant="outline" size="sm" icon={<Trash2 className="size-4" aria-hidden />} onClick={onClear} disabled={disabled}>
              Clear History
            </Button>
          )
        }
      />
      <CardBody className="space-y-4">
        {history.usingLocal && (
          <Alert
            tone="warning"
            title="Could not load your image history from the server"
            action={
              <Button size="sm" variant="outline" icon={<RotateCcw className="size-4" aria-hidden />} onClick={history.retry}>
                Try again
              </Button>
            }
          >
            Showing the images saved in this browser instead.
          </Alert>
        )}
        {history.isLoading ? (
          <div role="status" aria-label="Loading image history">
            <ul className={GRID} aria-hidden>
              {Array.from({ length: MORPHER_HISTORY_PAGE_SIZE }, (_, i) => (
                <li key={i} data-testid="history-skeleton" className="aspect-square animate-pulse rounded-xl bg-slate-200" />
              ))}
            </ul>
          </div>
        ) : items.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-slate-200 px-6 py-10 text-center text-sm text-slate-500">
            No images yet. Your morphed images will appear here.
          </p>
        ) : (
          <ul className={GRID} aria-label="Image history">
            {items.map((item, index) => (
              <HistoryTile
                key={item.id}
                item={item}
                index={index}
                selected={item.id === selectedId}
                disabled={disabled}
                onSelect={() => onSelect(item)}
                onView={() => onView(item)}
                onUpscale={() => onUpscale(item)}
                onDelete={() => onDelete(item)}
              />
            ))}
          </ul>
        )}
        {history.loadMoreFailed && <Alert tone="error">Failed to load more images. Please try again.</Alert>}
        {history.hasMore && (
          <div className="flex justify-center">
            <Button variant="outline" onClick={history.loadMore} loading={history.isLoadingMore}>
              {history.isLoadingMore ? 'Loading...' : 'Load More'}
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
