import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratedImage } from '../../../contract/ai.ts';
import { setJobRunning } from '../../lib/job-running.ts';
import { creditKeys } from '../credits/api.ts';
import { applyLocalCreditUsage } from '../credits/local-usage.ts';
import { morphImage, historyQueryKey, type MorphBody } from './api.ts';
import { addLocalHistory } from './local-history.ts';

/**
 * The morph call. While it runs the header's Create menu is locked; a success lowers the balance at once (re-read
 * ~2 s later), keeps the result in this browser's history and refreshes the Image History and the cost prediction.
 */
export function useMorph() {
  const client = useQueryClient();
  return useMutation<GeneratedImage, unknown, MorphBody>({
    mutationFn: (body) => morphImage(body),
    onMutate: () => setJobRunning(true),
    onSettled: () => setJobRunning(false),
    onSuccess: (data, body) => {
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
