import type { GeneratedImage } from '../../../contract/ai.ts';
import { creditKeys } from '../../lib/query-keys.ts';
import { usePaidAction } from '../ai-shared/use-paid-action.ts';
import { morphImage, historyQueryKey, type MorphBody } from './api.ts';
import { addLocalHistory } from './local-history.ts';

/**
 * The morph call, a paid action (lock, one Idempotency-Key per Generate, local deduction, Insufficient Credits
 * dialog); a new result is also kept in this browser's history, and the Image History and the cost prediction
 * are refreshed.
 */
export function useMorph() {
  return usePaidAction<MorphBody, GeneratedImage>({
    send: (body, key, run) => morphImage(body, key, run),
    answerId: (data) => data.generation_id,
    charged: (data) => data.credits_used,
    refresh: [historyQueryKey, creditKeys.all],
    onAnswer: (data, body) =>
      addLocalHistory({
        uuid: data.uuid,
        image: data.image,
        prompt: body.userPrompt ?? '',
        aspectRatio: body.aspectRatio ?? 'original',
        variability: body.variability ?? 5,
        timestamp: new Date().toISOString(),
      }),
  });
}
