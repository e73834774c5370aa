/**
 * Starting a batch: one Idempotency-Key per Start (a double-click or a retry after a lost answer is one batch, held
 * once), the header's Create menu locked while the call runs, then the balance (now lower by the holds) and the
 * user's batch lists read again, so the shell starts watching the new one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BatchAccepted } from '../../../../contract/batches.ts';
import type { ToolId } from '../../../../contract/tools.ts';
import { createActionKeys } from '../../../lib/idempotency.ts';
import { setJobRunning } from '../../../lib/job-running.ts';
import { creditKeys } from '../../../lib/query-keys.ts';
import { profileQueryKey } from '../../../lib/session/profile.ts';
import { batchKeys, createBatch } from './api.ts';
import { itemInput, type BatchPick } from './batch-items.ts';

export interface StartBatch {
  tool: ToolId;
  options: Record<string, unknown>;
  picks: readonly BatchPick[];
}

export function useStartBatch() {
  const client = useQueryClient();
  const [keys] = useState(createActionKeys);
  return useMutation<BatchAccepted, unknown, StartBatch>({
    mutationFn: ({ tool, options, picks }) => {
      const body = { tool, options, items: picks.map(itemInput) };
      // The action is told apart by what was picked, not by the images' bytes (no need to serialise them twice).
      const fingerprint = { tool, options, picks: picks.map((pick) => pick.key) };
      return keys.run(fingerprint, (key) => createBatch(body, key));
    },
    onMutate: () => setJobRunning(true),
    onSettled: () => setJobRunning(false),
    onSuccess: () => {
      // Every accepted item is held now: the header's available credits are read again (holds, not charges yet).
      for (const queryKey of [profileQueryKey, creditKeys.all, batchKeys.all]) void client.invalidateQueries({ queryKey });
    },
  });
}
