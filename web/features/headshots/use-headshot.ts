import { useState } from 'react';
import type { GeneratedImage } from '../../../contract/ai.ts';
import { HEADSHOT_MESSAGES, type HeadshotBackgroundId, type HeadshotStyle } from '../../../contract/headshot.ts';
import { ApiError } from '../../lib/api.ts';
import { describeAiError, messageErrorView, type AiErrorView } from '../../lib/ai-error.ts';
import { isAcceptedImage, stripDataUrl, UPLOAD_TYPE_ERROR } from '../../lib/image-resize.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { usePaidAction } from '../ai-shared/use-paid-action.ts';
import { generateHeadshot, type HeadshotBody } from './api.ts';
import { cropToSquare, type SquarePhoto } from './square-crop.ts';

/**
 * The headshot page's state (spec 3 §4: idle, generating, then result or error): the square photo, the style and
 * background chosen, and the paid call (lock, one Idempotency-Key per Generate, local deduction, 402 dialog).
 */
export function useHeadshot() {
  const [photo, setPhoto] = useState<SquarePhoto | null>(null);
  const [reading, setReading] = useState(false);
  const [style, setStyle] = useState<HeadshotStyle>('Professional');
  const [background, setBackground] = useState<HeadshotBackgroundId>('photo-studio');
  const [customBackground, setCustomBackground] = useState('');
  const [result, setResult] = useState<GeneratedImage | null>(null);
  const [error, setError] = useState<AiErrorView | null>(null);
  /** A problem with the inputs, shown under the button (not in the result panel). */
  const [validation, setValidation] = useState<string | null>(null);

  const action = usePaidAction<HeadshotBody, GeneratedImage>({
    send: (body, key, run) => generateHeadshot(body, key, run),
    answerId: (data) => data.generation_id,
    charged: (data) => data.credits_used,
    refresh: [creditKeys.all, fileKeys.all],
  });

  async function choosePhoto(file: File | undefined) {
    if (!file) return;
    setValidation(null);
    if (!isAcceptedImage(file)) {
      setValidation(UPLOAD_TYPE_ERROR);
      return;
    }
    setReading(true);
    try {
      setPhoto(await cropToSquare(file, file.name));
      setError(null);
    } catch (err) {
      setValidation(err instanceof Error ? err.message : String(err));
    } finally {
      setReading(false);
    }
  }

  async function generate() {
    setValidation(null);
    if (!photo) {
      setValidation(HEADSHOT_MESSAGES.missing);
      return;
    }
    setError(null);
    setResult(null);
    try {
      const data = await action.mutateAsync({
        toolName: 'ai-headshot',
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
    reading,
    choosePhoto,
    clearPhoto: () => setPhoto(null),
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
