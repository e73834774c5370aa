import { useState } from 'react';
import type { GeneratedImage } from '../../../contract/ai.ts';
import { HEADSHOT_MESSAGES, type HeadshotBackgroundId, type HeadshotStyle } from '../../../contract/headshot.ts';
import { ApiError } from '../../lib/api.ts';
import { describeAiError, messageErrorView, type AiErrorView } from '../../lib/ai-error.ts';
import { stripDataUrl } from '../../lib/image-resize.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { useImageUpload } from '../ai-shared/use-image-upload.ts';
import { usePaidAction } from '../ai-shared/use-paid-action.ts';
import { generateHeadshot, HEADSHOT_TOOL_ID, type HeadshotBody } from './api.ts';
import { cropToSquare, type SquarePhoto } from './square-crop.ts';

/**
 * The headshot page's state (spec 3 §4: idle, generating, then result or error): the square photo, the style and
 * background chosen, and the paid call (lock, one Idempotency-Key per Generate, local deduction, 402 dialog).
 */
export function useHeadshot() {
  const [style, setStyle] = useState<HeadshotStyle>('Professional');
  const [background, setBackground] = useState<HeadshotBackgroundId>('photo-studio');
  const [customBackground, setCustomBackground] = useState('');
  const [result, setResult] = useState<GeneratedImage | null>(null);
  const [error, setError] = useState<AiErrorView | null>(null);
  /** A problem with the inputs, shown under the button (not in the result panel). */
  const [missing, setMissing] = useState<string | null>(null);
  const upload = useImageUpload<SquarePhoto>({
    prepare: (file) => cropToSquare(file, file.name),
    onPick: () => setMissing(null),
    onAdded: () => setError(null),
  });
  const photo = upload.image;
  const validation = missing ?? upload.problems[0] ?? null;

  const action = usePaidAction<HeadshotBody, GeneratedImage>({
    send: (body, key, run) => generateHeadshot(body, key, run),
    answerId: (data) => data.generation_id,
    charged: (data) => data.credits_used,
    refresh: [creditKeys.all, fileKeys.all],
  });

  async function generate() {
    upload.setProblems([]);
    setMissing(null);
    if (!photo) {
      setMissing(HEADSHOT_MESSAGES.missing);
      return;
    }
    setError(null);
    setResult(null);
    try {
      const data = await action.mutateAsync({
        toolName: HEADSHOT_TOOL_ID,
        imageData: stripDataUrl(photo.dataUrl),
        mimeType: 'image/jpeg',
        style,
        background,
        ...(background === 'custom' ? { customBackground: customBackground.trim() } : {}),
      });
      if (!data.image) {
        setError(messageErrorView(HEADSHOT_MESSAGES.noImage));
        return;
      }
      setResult(data);
    } catch (err) {
      // The photo check's refusals (400: 'We could not find a face…') read as they are, without the generic
      // 'try again' tip: the same photo would fail again. Everything else (a 401 included) reads as the AI error box says.
      setError(err instanceof ApiError && err.status === 400 ? messageErrorView(err.message) : describeAiError(err));
    }
  }

  return {
    photo,
    /** The photo's file input, Browse and drop (one photo, cropped square). */
    upload,
    reading: upload.reading,
    style,
    setStyle,
    background,
    setBackground,
    customBackground,
    setCustomBackground,
    generate,
    generating: action.isPending,
    /** The running call's progress and Cancel (GenerationProgress). */
    generation: action.generation,
    result,
    error,
    validation,
    /** The image of a result failed to load. */
    displayFailed: () => {
      setResult(null);
      setError(messageErrorView(HEADSHOT_MESSAGES.displayFailed));
    },
  };
}

export type HeadshotState = ReturnType<typeof useHeadshot>;
