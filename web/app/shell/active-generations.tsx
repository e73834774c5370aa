/**
 * The signed-in user's running generations, wherever they are in the app (issue 24). Loaded lazily by the layout for
 * signed-in users only. It reads GET /api/generations?active=true when the app loads and whenever a paid call answers
 * 202 (or loses its answer), re-reads it every ~3 s while it shows any, and when one leaves the list reads its status
 * once: a notice says it is ready (with where to open it) or failed, and the gallery and credits are refreshed.
 * Generations a tool page shows itself (claimed in web/lib/generation-registry.ts) are left to that page. A batch's
 * end is told here too (finished-batches.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { resultPath, type GenerationStatus } from '../../../contract/generations.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { generationsVersion, isShownHere, subscribeGenerations, wasEndedHere } from '../../lib/generation-registry.ts';
import { cancelGeneration, fetchActiveGenerations, fetchGeneration, generationTiming } from '../../lib/generations.ts';
import { creditKeys, fileKeys, generationKeys } from '../../lib/query-keys.ts';
import { profileQueryKey } from '../../lib/session/profile.ts';
import { useFinishedBatches } from './finished-batches.ts';
import { useLowBalanceNotice } from './low-balance.ts';
import { GenerationPanel, type GenerationNotice } from './generation-panel.tsx';

export const GENERATION_NOTICES = {
  ready: (title: string) => `${title} is ready`,
  failed: (title: string, message: string) => `${title} failed: ${message.trim().replace(/\.+$/, '')}. Nothing was charged.`,
  cancelled: (title: string) => `${title} was cancelled. Nothing was charged.`,
  cancelFailed: 'Could not cancel the generation. Please try again.',
} as const;

/** Where a finished generation's result opens: its file, a caption's content page, else the gallery. */
export const resultLink = (generation: GenerationStatus): string => resultPath(generation.result);

function noticeOf(generation: GenerationStatus): GenerationNotice | null {
  const base = { id: generation.generation_id, title: generation.title };
  if (generation.status === 'completed') return { ...base, tone: 'ready', text: GENERATION_NOTICES.ready(generation.title), link: resultLink(generation) };
  if (generation.status === 'failed') {
    const message = generation.error?.message ?? 'Something went wrong';
    return { ...base, tone: 'failed', text: GENERATION_NOTICES.failed(generation.title, message), link: null };
  }
  if (generation.status === 'cancelled') return { ...base, tone: 'cancelled', text: GENERATION_NOTICES.cancelled(generation.title), link: null };
  return null;
}

export function ActiveGenerations() {
  const client = useQueryClient();
  // Claims, releases and 202s change this: the list is read again, and what is shown here is recomputed.
  const version = useSyncExternalStore(subscribeGenerations, generationsVersion, generationsVersion);
  const active = useQuery({
    queryKey: generationKeys.active,
    queryFn: fetchActiveGenerations,
    staleTime: 0,
    // Polled only while it shows something; a page following its own generation polls that one itself.
    refetchInterval: (query) => ((query.state.data ?? []).some((g) => !isShownHere(g.generation_id)) ? generationTiming.listMs : false),
  });
  const [notices, setNotices] = useState<GenerationNotice[]>([]);
  // Batches (issue 28) end with a notice of their own, in the same corner.
  const batches = useFinishedBatches();
  const lowBalance = useLowBalanceNotice();
  const [cancelling, setCancelling] = useState<ReadonlySet<string>>(new Set());
  const [cancelError, setCancelError] = useState<string | null>(null);
  const known = useRef<Map<string, GenerationStatus> | null>(null);
  const firstVersion = useRef(version);

  useEffect(() => {
    if (version !== firstVersion.current) void client.invalidateQueries({ queryKey: generationKeys.active });
  }, [version, client]);

  const settle = useCallback(
    async (previous: GenerationStatus) => {
      const id = previous.generation_id;
      let final: GenerationStatus | null = null;
      try {
        final = await fetchGeneration(id);
      } catch {
        // Its end could not be read: the refreshed gallery and balance still show it.
      }
      if (final && (final.status === 'queued' || final.status === 'processing')) return;
      for (const queryKey of [fileKeys.all, creditKeys.all, profileQueryKey]) void client.invalidateQueries({ queryKey });
      setCancelling((current) => (current.has(id) ? new Set([...current].filter((c) => c !== id)) : current));
      // The page that showed it has shown its end too.
      const notice = final && !wasEndedHere(id) ? noticeOf(final) : null;
      if (notice) setNotices((current) => [notice, ...current.filter((n) => n.id !== id)]);
    },
    [client],
  );

  // A generation that left the active list has ended: its status is read once.
  useEffect(() => {
    const list = active.data;
    if (!list) return;
    const next = new Map(list.map((g) => [g.generation_id, g]));
    for (const [id, previous] of known.current ?? []) if (!next.has(id)) void settle(previous);
    known.current = next;
  }, [active.data, settle]);

  const cancel = useCallback(
    (generation: GenerationStatus) => {
      const id = generation.generation_id;
      setCancelError(null);
      setCancelling((current) => new Set(current).add(id));
      cancelGeneration(id).then(
        () => client.invalidateQueries({ queryKey: generationKeys.active }),
        (error: unknown) => {
          setCancelling((current) => new Set([...current].filter((c) => c !== id)));
          // 409: it finished first; the list read now shows its end.
          if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: generationKeys.active });
          else setCancelError(errorMessage(error, GENERATION_NOTICES.cancelFailed));
        },
      );
    },
    [client],
  );

  const running = (active.data ?? []).filter((g) => !isShownHere(g.generation_id));
  return (
    <GenerationPanel
      running={running}
      cancelling={cancelling}
      cancelError={cancelError}
      onCancel={cancel}
      notices={[...lowBalance.notices, ...batches.notices, ...notices]}
      onDismiss={(id) => {
        lowBalance.dismiss(id);
        batches.dismiss(id);
        setNotices((current) => current.filter((n) => n.id !== id));
      }}
    />
  );
}
