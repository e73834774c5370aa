import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyVisibility, toggleVisibility } from './api.ts';
import { type ShareKind } from '../../lib/query-keys.ts';

/** Public/Private toggle of a file or content item; every screen showing it follows the new state. */
export function useToggleVisibility(kind: ShareKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => toggleVisibility(kind, id),
    onSuccess: (isPublic, id) => applyVisibility(client, kind, id, isPublic),
  });
}
