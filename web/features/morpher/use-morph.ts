import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GeneratedImage } from '../../../contract/ai.ts';
import { createActionKeys } from '../../lib/idempotency.ts';
import { setJobRunning } from '../../lib/job-running.ts';
import { applyLocalCreditUsage } from '../../lib/local-credit-usage.ts';
import { morphImage, historyQueryKey, type MorphBody } from './api.ts';
import { addLocalHistory } from './local-history.ts';
import { creditKeys } from '../../lib/query-keys.ts';

/**
 * The morph call. While it runs the header's Create menu is locked; a success lowers the balance at once (re-read
 * ~2 s later), keeps the result in this browser's history and refreshes the Image History and the cost prediction.
 * Each Generate is one action with one Idempotency-Key: a double-click is charged once, and its result used once.
 */
export function useMorph() {
  const client = useQueryClient();
  const [keys] = useState(createActionKeys);
  const [seen] = useState(() => new Set<string>());
  return useMutation<GeneratedImage, unknown, MorphBody>({
    mutationFn: (body) => keys.run(body, (key) => morphImage(body, undefined, key)),
    onMutate: () => setJobRunning(true),
    onSettled: () => setJobRunning(false),
    onSuccess: (data, body) => {
      if (seen.has(data.generation_id)) return;
      seen.add(data.generation_id);
      applyLocalCreditUsage(data.credits_used);
      addLocalHistory({
        uuid: data.uuid,
        image: data.image,
        prompt: body.userPrompt ?? '',
        aspectRatio: body.aspectRatio ?? 'original',
        variability: body.variability ?? 5,
        timestamp: new Date().toISOString(),
      });
      void client.invalidateQueries({ queryKey: historyQueryKey });
      void client.invalidateQueries({ queryKey: creditKeys.all });
    },
  });
}
