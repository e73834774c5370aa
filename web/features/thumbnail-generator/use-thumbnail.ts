import type { ShownImage } from '../ai-shared/image-result-panel.tsx';
import { useState } from 'react';
import type { GeneratedImage } from '../../../contract/ai.ts';
import { REALISM, THUMBNAIL_MAX_UPLOAD_BYTES, THUMBNAIL_MESSAGES, THUMBNAIL_STYLE_IDS, THUMBNAIL_VARIABILITY, type ThumbnailStyleId } from '../../../contract/thumbnail.ts';
import { describeAiError, messageErrorView, type AiErrorView } from '../../lib/ai-error.ts';
import { ApiError } from '../../lib/api.ts';
import { isGenerationCancelled } from '../../lib/generations.ts';
import { stripDataUrl } from '../../lib/image-resize.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { useImageUpload } from '../ai-shared/use-image-upload.ts';
import { usePaidAction } from '../ai-shared/use-paid-action.ts';
import { generateThumbnail, THUMBNAIL_TOOL_ID, type ThumbnailBody } from './api.ts';
import { photoForFrame, type ThumbnailFrame } from './frame-crop.ts';
import { addToHistory, clearHistory, fileIdOf, loadHistory, type HistoryEntry } from './history.ts';

export const TOO_LARGE = 'This image is larger than 10 MB. Please choose a smaller one.';

/** What the result panel shows: a fresh answer, or an entry picked from the history (its URL only). */
export type ShownResult = ShownImage;

const fromAnswer = (data: GeneratedImage): ShownResult => ({ ...data });

const isStyle = (id: string): id is ThumbnailStyleId => (THUMBNAIL_STYLE_IDS as readonly string[]).includes(id);

/**
 * The thumbnail page's state (spec 3 §4: idle, generating, then result or error): the photo (framed by the engine), the style,
 * edit prompt, realism and text overlay, the paid call (lock, one Idempotency-Key per Generate, 402 dialog), and the
 * history kept in this browser.
 */
export function useThumbnail() {
  const [style, setStyle] = useState<ThumbnailStyleId>(THUMBNAIL_STYLE_IDS[0]);
  const [prompt, setPrompt] = useState('');
  const [realism, setRealism] = useState<number>(REALISM.default);
  const [addText, setAddText] = useState(true);
  const [thumbnailText, setThumbnailText] = useState('');
  const [result, setResult] = useState<ShownResult | null>(null);
  const [error, setError] = useState<AiErrorView | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const upload = useImageUpload<ThumbnailFrame>({
    prepare: (file) => photoForFrame(file, file.name),
    maxBytes: THUMBNAIL_MAX_UPLOAD_BYTES,
    tooLarge: () => TOO_LARGE,
    onPick: () => setMissing(null),
    onAdded: () => setError(null),
  });
  const frame = upload.image;
  /** A problem with the inputs, shown under the button. */
  const validation = missing ?? upload.problems[0] ?? null;
  const [history, setHistory] = useState<HistoryEntry[]>(() => loadHistory());
  const text = thumbnailText.trim();
  /** The call's fields other than the image: a Generate's, and a batch's options (issue 28). */
  const options = {
    ...(prompt.trim() ? { prompt: prompt.trim() } : {}),
    // Spec 2 §9 fixes it (spec 3 §9 says 1; the contract settled on 5): sent so the server need not guess.
    variability: THUMBNAIL_VARIABILITY,
    style,
    realism,
    addText,
    ...(text ? { thumbnailText: text } : {}),
  };

  const action = usePaidAction<ThumbnailBody, GeneratedImage>({
    send: (body, key, run) => generateThumbnail(body, key, run),
    answerId: (data) => data.generation_id,
    charged: (data) => data.credits_used,
    refresh: [creditKeys.all, fileKeys.all],
  });

  async function generate() {
    upload.setProblems([]);
    setMissing(null);
    if (!frame) {
      setMissing(THUMBNAIL_MESSAGES.missing);
      return;
    }
    setError(null);
    setResult(null);
    try {
      const data = await action.mutateAsync({ toolName: THUMBNAIL_TOOL_ID, imageData: stripDataUrl(frame.dataUrl), mimeType: 'image/jpeg', ...options });
      setResult(fromAnswer(data));
      setHistory(
        addToHistory({
          id: data.generation_id,
          inputImage: frame.preview,
          prompt: prompt.trim(),
          generatedContent: data.image,
          timestamp: Date.now(),
          selectedStyle: style,
          addText,
          thumbnailText: text,
          realismLevel: realism,
          preview: data.preview,
          text: data.text ?? '',
        }),
      );
    } catch (err) {
      // The spec's wording for every failure (a cancel is no failure); a 402 has already opened the credits dialog.
      const view = err instanceof ApiError && err.status === 400 ? messageErrorView(err.message) : describeAiError(err);
      setError(isGenerationCancelled(err) ? view : { ...view, headline: THUMBNAIL_MESSAGES.failed(view.headline) });
    }
  }

  /** Restores an entry's options and shows its result. */
  function select(entry: HistoryEntry) {
    if (isStyle(entry.selectedStyle)) setStyle(entry.selectedStyle);
    setPrompt(entry.prompt);
    setRealism(entry.realismLevel);
    setAddText(entry.addText);
    setThumbnailText(entry.thumbnailText);
    setError(null);
    setResult({
      image: entry.generatedContent,
      uuid: fileIdOf(entry.generatedContent),
      // A local result picked again still says it is a preview, and what was done.
      text: entry.text || null,
      provider: null,
      preview: entry.preview ?? false,
      credits_used: null,
      processing_time_ms: null,
    });
  }

  return {
    frame,
    /** The frame's file input, Browse and drop (one photo). */
    upload,
    reading: upload.reading,
    style,
    setStyle,
    prompt,
    setPrompt,
    realism,
    setRealism,
    addText,
    setAddText,
    thumbnailText,
    setThumbnailText,
    options,
    generate,
    generating: action.isPending,
    /** The running call's progress and Cancel (GenerationProgress). */
    generation: action.generation,
    result,
    error,
    validation,
    history,
    select,
    clear: () => {
      clearHistory();
      setHistory([]);
    },
    /** The result's image failed to load (an entry whose file has expired, say). */
    displayFailed: () => {
      setResult(null);
      setError(messageErrorView(THUMBNAIL_MESSAGES.failed('the image could not be loaded. It may have expired.')));
    },
  };
}

export type ThumbnailState = ReturnType<typeof useThumbnail>;
