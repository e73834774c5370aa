/**
 * The morpher's Image History (spec 2 §2, §4): 6 images a page with Load More, delete and clear; when the first
 * page cannot be loaded it falls back to the results kept in this browser.
 */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ASPECT_RATIOS, VARIABILITY, type AspectRatio } from '../../../contract/ai.ts';
import { MORPHER_HISTORY_PAGE_SIZE, type GalleryItem } from '../../../contract/files.ts';
import { ApiError } from '../../lib/api.ts';
import { fileServeUrl } from '../../lib/file-urls.ts';
import { clearHistory, deleteHistoryImage, fetchHistoryPage, historyQueryKey, MORPHER_MESSAGES, type HistoryPage, type HistoryPageParam } from './api.ts';
import { clearLocalHistory, readLocalHistory, removeLocalHistory, type LocalHistoryEntry } from './local-history.ts';

export interface HistoryItem {
  id: string;
  thumbnail: string;
  /** The full image, served inline. */
  image: string;
  title: string;
  prompt: string;
  aspectRatio: AspectRatio;
  variability: number;
  timestamp: string;
  daysUntilDeletion: number | null;
  isPublic: boolean;
  provider: string | null;
  /** Kept in this browser only (the server's history could not be loaded). */
  local: boolean;
}

const asAspect = (value: unknown): AspectRatio => ((ASPECT_RATIOS as readonly unknown[]).includes(value) ? (value as AspectRatio) : 'original');

export function asVariability(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= VARIABILITY.min && n <= VARIABILITY.max ? n : VARIABILITY.default;
}

export function fromGalleryItem(item: GalleryItem): HistoryItem {
  const meta = item.metadata;
  return {
    id: item.id,
    thumbnail: item.image,
    image: fileServeUrl(item.id),
    title: item.title,
    prompt: item.prompt ?? (typeof meta.prompt === 'string' ? meta.prompt : ''),
    aspectRatio: asAspect(meta.aspectRatio),
    variability: asVariability(meta.variability),
    timestamp: item.timestamp,
    daysUntilDeletion: item.days_until_deletion,
    isPublic: item.is_public,
    provider: typeof meta.provider === 'string' ? meta.provider : null,
    local: false,
  };
}

export function fromLocalEntry(entry: LocalHistoryEntry): HistoryItem {
  return {
    id: entry.uuid,
    thumbnail: entry.image,
    image: entry.image,
    title: 'AI Image Morpher',
    prompt: entry.prompt,
    aspectRatio: asAspect(entry.aspectRatio),
    variability: asVariability(entry.variability),
    timestamp: entry.timestamp,
    daysUntilDeletion: null,
    isPublic: false,
    provider: null,
    local: true,
  };
}

type HistoryData = InfiniteData<HistoryPage, HistoryPageParam>;

export function useImageHistory() {
  const client = useQueryClient();
  const [, setLocalVersion] = useState(0);
  const query = useInfiniteQuery({
    queryKey: historyQueryKey,
    queryFn: ({ pageParam }) => fetchHistoryPage(pageParam, MORPHER_HISTORY_PAGE_SIZE),
    initialPageParam: { offset: 0 } as HistoryPageParam,
    getNextPageParam: (last, pages): HistoryPageParam | undefined =>
      last.pagination.hasMore ? { offset: pages.reduce((n, p) => n + p.files.length, 0), cursor: last.pagination.nextCursor ?? undefined } : undefined,
  });

  /** The first page failed: show what this browser kept. */
  const usingLocal = query.isError && !query.data;
  const serverItems = useMemo(() => query.data?.pages.flatMap((p) => p.files.map(fromGalleryItem)) ?? [], [query.data]);
  // The browser's copy is read while rendering (a small localStorage read, only in this fallback), so it is never
  // stale; bumping `localVersion` after a delete or clear is what makes that render happen.
  const items = usingLocal ? readLocalHistory().map(fromLocalEntry) : serverItems;

  const removeFromCache = (id: string) =>
    client.setQueryData<HistoryData>(historyQueryKey, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, files: p.files.filter((f) => f.id !== id) })) } : data,
    );

  const remove = useMutation({
    mutationFn: async (id: string) => {
      try {
        await deleteHistoryImage(id);
      } catch (error) {
        // Already gone on the server (e.g. expired): still remove it here.
        if (!(error instanceof ApiError && error.status === 404)) throw new Error(MORPHER_MESSAGES.deleteFailed, { cause: error });
      }
      return id;
    },
    onSuccess: (id) => {
      removeLocalHistory(id);
      removeFromCache(id);
      setLocalVersion((v) => v + 1);
      void client.invalidateQueries({ queryKey: ['files', 'gallery'], refetchType: 'none' });
    },
  });

  const clear = useMutation({
    mutationFn: async () => {
      try {
        return await clearHistory();
      } catch (error) {
        throw new Error(MORPHER_MESSAGES.clearFailed, { cause: error });
      }
    },
    onSuccess: () => {
      clearLocalHistory();
      setLocalVersion((v) => v + 1);
      client.setQueryData<HistoryData>(historyQueryKey, (data) => (data ? { pages: [{ ...data.pages[0]!, files: [], pagination: { ...data.pages[0]!.pagination, hasMore: false, nextCursor: null } }], pageParams: [data.pageParams[0]!] } : data));
      void client.invalidateQueries({ queryKey: ['files', 'gallery'] });
    },
  });

  return {
    items,
    usingLocal,
    isLoading: query.isPending,
    hasMore: !usingLocal && !!query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    isLoadingMore: query.isFetchingNextPage,
    loadMoreFailed: !usingLocal && query.isFetchNextPageError,
    retry: () => void query.refetch(),
    remove,
    clear,
  };
}
