import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { clearGallery, deleteFile, fetchGalleryPage, updateGalleryItems } from './api.ts';
import { profileQueryKey } from '../../lib/session/profile.ts';
import { fileKeys } from '../../lib/query-keys.ts';

/** My gallery images for one tool filter (null: all tools), 24 a page, with delete and delete-all. */
export function useGallery(tool: string | null) {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: fileKeys.galleryFor(tool),
    queryFn: ({ pageParam }) => fetchGalleryPage(tool, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.pagination.hasMore ? (last.pagination.nextCursor ?? undefined) : undefined),
    staleTime: 30_000,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.files) ?? [], [query.data]);

  // Storage figures on the dashboard change with every deletion.
  const storageChanged = () => void client.invalidateQueries({ queryKey: profileQueryKey });

  const remove = useMutation({
    mutationFn: deleteFile,
    onSuccess: (_result, id) => {
      updateGalleryItems(client, (files) => files.filter((f) => f.id !== id));
      storageChanged();
    },
  });

  const clear = useMutation({
    mutationFn: () => clearGallery(tool),
    onSuccess: () => {
      void client.resetQueries({ queryKey: fileKeys.gallery });
      storageChanged();
    },
  });

  return { query, items, remove, clear };
}
