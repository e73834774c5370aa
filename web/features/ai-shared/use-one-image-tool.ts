import { useState } from 'react';
import type { GeneratedImage } from '../../../contract/ai.ts';
import { ApiError } from '../../lib/api.ts';
import { describeAiError, messageErrorView, type AiErrorView } from '../../lib/ai-error.ts';
import type { GenerationRun } from '../../lib/generations.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { useImageUpload, type ImageUploadOptions } from './use-image-upload.ts';
import { usePaidAction } from './use-paid-action.ts';

/**
 * The state of a tool that turns one photo into one image (spec 3 §4: idle, generating, then the result or an error):
 * the photo (the shared upload hook), the paid call (lock, one Idempotency-Key per run, local deduction, 402 dialog,
 * progress and Cancel), and the messages: the tool's `missing` under the button, a refusal of the photo (400) as the
 * server words it (the same photo would fail again, so no 'try again' tip), any other failure as the AI error box says.
 */
export function useOneImageTool<Photo, Body>(options: {
  upload: Omit<ImageUploadOptions<Photo>, 'onPick' | 'onAdded'>;
  send: (body: Body, idempotencyKey: string, run: GenerationRun) => Promise<GeneratedImage>;
  /** The request for this photo, with the tool's current choices. */
  request: (photo: Photo) => Body;
  messages: {
    /** Under the button when there is no photo yet. */
    missing: string;
    /** When the result's image does not load. */
    displayFailed: string;
    /** When an answer came with no image. */
    noImage?: string;
  };
}) {
  const [result, setResult] = useState<GeneratedImage | null>(null);
  const [error, setError] = useState<AiErrorView | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const upload = useImageUpload<Photo>({ ...options.upload, onPick: () => setMissing(null), onAdded: () => setError(null) });
  const photo = upload.image;

  const action = usePaidAction<Body, GeneratedImage>({
    send: options.send,
    answerId: (data) => data.generation_id,
    charged: (data) => data.credits_used,
    refresh: [creditKeys.all, fileKeys.all],
  });

  async function generate() {
    upload.setProblems([]);
    setMissing(null);
    if (!photo) {
      setMissing(options.messages.missing);
      return;
    }
    setError(null);
    setResult(null);
    try {
      const data = await action.mutateAsync(options.request(photo));
      if (!data.image) {
        setError(messageErrorView(options.messages.noImage ?? options.messages.displayFailed));
        return;
      }
      setResult(data);
    } catch (err) {
      // A 401 and everything else read as the AI error box says.
      setError(err instanceof ApiError && err.status === 400 ? messageErrorView(err.message) : describeAiError(err));
    }
  }

  return {
    photo,
    /** The photo's file input, Browse and drop. */
    upload,
    reading: upload.reading,
    /** A problem with the inputs, shown under the button (not in the result panel). */
    validation: missing ?? upload.problems[0] ?? null,
    generate,
    generating: action.isPending,
    /** The running call's progress and Cancel (GenerationProgress). */
    generation: action.generation,
    result,
    error,
    /** The image of a result failed to load. */
    displayFailed: () => {
      setResult(null);
      setError(messageErrorView(options.messages.displayFailed));
    },
  };
}
