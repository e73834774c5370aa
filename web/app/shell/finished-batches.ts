/**
 * The in-app notice of a batch that ended (issue 28), part of the shell's lazily loaded corner for signed-in users. It
 * reads the user's running batches (GET /api/batches?active=true) when the app loads and whenever a batch starts, every
 * ~5 s while there are any; a batch that leaves the list is read once and told: 'Batch finished: 2 done, 1 failed (not
 * charged).' with a link to its page (unless that page is open), and the gallery and balance are read again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { batchPagePath, type BatchSummary } from '../../../contract/batches.ts';
import { BATCH_POLL, batchKeys, fetchBatch, fetchBatches } from '../../features/ai-shared/batch/api.ts';
import { outcomeText } from '../../features/ai-shared/batch/batch-status.tsx';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { profileQueryKey } from '../../lib/session/profile.ts';
import type { GenerationNotice } from './generation-panel.tsx';

export function batchNotice(batch: BatchSummary): GenerationNotice {
  const { counts } = batch;
  const tone = batch.status === 'cancelled' ? 'cancelled' : counts.done === 0 && counts.failed > 0 ? 'failed' : 'ready';
  return {
    id: batch.batch_id,
    tone,
    text: `${batch.status === 'cancelled' ? 'Batch cancelled' : 'Batch finished'}: ${outcomeText(counts)}.`,
    link: batchPagePath(batch.batch_id),
    linkLabel: 'Open batch',
    title: batch.title,
  };
}

export function useFinishedBatches() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  const active = useQuery({
    queryKey: batchKeys.list(true),
    queryFn: () => fetchBatches(true),
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data ?? []).length > 0 ? BATCH_POLL.activeMs : false),
  });
  const [notices, setNotices] = useState<GenerationNotice[]>([]);
  const known = useRef<Map<string, BatchSummary> | null>(null);

  const settle = useCallback(
    async (id: string) => {
      for (const queryKey of [fileKeys.all, creditKeys.all, profileQueryKey, batchKeys.list(false), batchKeys.detail(id)]) void client.invalidateQueries({ queryKey });
      let batch: BatchSummary;
      try {
        batch = await fetchBatch(id);
      } catch {
        // Its end could not be read: its page, the gallery and the balance still show it.
        return;
      }
      if (batch.status === 'running' || here.current === batchPagePath(id)) return;
      const notice = batchNotice(batch);
      setNotices((current) => [notice, ...current.filter((n) => n.id !== id)]);
    },
    [client],
  );

  useEffect(() => {
    const list = active.data;
    if (!list) return;
    const next = new Map(list.map((batch) => [batch.batch_id, batch]));
    for (const id of known.current?.keys() ?? []) if (!next.has(id)) void settle(id);
    known.current = next;
  }, [active.data, settle]);

  return { notices, dismiss: (id: string) => setNotices((current) => current.filter((n) => n.id !== id)) };
}
