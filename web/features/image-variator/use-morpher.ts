/** The morpher screen's state and actions (spec 2 §2, §4): source, edit mode, settings, result and error. */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { VARIABILITY, type AspectRatio } from '../../../contract/ai.ts';
import type { UpscaleResult } from '../ai-shared/upscale/api.ts';
import { describeAiError, messageErrorView, type AiErrorView } from '../../lib/ai-error.ts';
import { MORPHER_MESSAGES, MORPHER_TOOL_ID, type MorphBody } from './api.ts';
import { editRequestFields, initialEditState, resetForNewSource, switchEditMode, type EditMode, type EditState } from './edit-mode.ts';
import { prepareSourceFromUrl, prepareSourceImage, stripDataUrl, type SourceImage } from '../../lib/image-resize.ts';
import { useImageUpload } from '../ai-shared/use-image-upload.ts';
import type { HistoryItem } from './use-image-history.ts';
import { useMorph } from './use-morph.ts';
import { useToolCost } from '../ai-shared/engine.ts';
import { isInsufficientCreditsError } from '../../lib/insufficient-credits.ts';
import { devConfigQueryOptions } from '../../lib/dev-config.ts';

export interface MorphResult {
  uuid: string | null;
  image: string;
  text: string | null;
  provider: string | null;
  creditsUsed: string | null;
  prompt: string;
  origin: 'generated' | 'history' | 'upscaled';
  debug?: Record<string, unknown>;
}

export const DEFAULT_BRUSH_SIZE = 40;

export function useMorpher() {
  const morph = useMorph();
  const [edit, setEdit] = useState<EditState>(initialEditState);
  const [prompt, setPrompt] = useState('');
  const [variability, setVariability] = useState<number>(VARIABILITY.default);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>('original');
  const [brushSize, setBrushSize] = useState(DEFAULT_BRUSH_SIZE);
  const [debugMode, setDebugMode] = useState(false);
  const [result, setResult] = useState<MorphResult | null>(null);
  const [error, setError] = useState<AiErrorView | null>(null);
  /** 'Please upload an image.' under the Morph Image button. */
  const [validation, setValidation] = useState<string | null>(null);
  /** The source image: picked, dropped, or a result used as the source. */
  const upload = useImageUpload<SourceImage>({
    prepare: (file) => prepareSourceImage(file, file.name),
    onAdded: ([next]) => {
      setValidation(null);
      if (next) setEdit((state) => resetForNewSource(state, next));
    },
  });
  const source = upload.image;
  const preparing = upload.reading;
  /** The inpaint mask (black, white where to repaint), the size of the source; set by the painting surface. */
  const maskCanvas = useRef<HTMLCanvasElement | null>(null);
  const setMaskCanvas = useCallback((mask: HTMLCanvasElement | null) => {
    maskCanvas.current = mask;
  }, []);

  const devHost = useQuery(devConfigQueryOptions()).isSuccess;
  const effectiveAspect: AspectRatio = edit.mode === 'extend' ? 'original' : aspectRatio;
  const { engine, prediction: cost } = useToolCost(MORPHER_TOOL_ID, { requiresPreprocessing: effectiveAspect !== 'original' });
  const busy = morph.isPending || preparing;
  /**
   * A batch's options (issue 28): the prompt and the settings that suit any image. A crop, a mask or an extension is
   * drawn on one image, so it is not carried over.
   */
  const batchOptions = { userPrompt: prompt.trim(), variability, aspectRatio: effectiveAspect };

  /** Use as Source: the image becomes the input; result, error, mask and crop are cleared. */
  const useAsSource = async (image: string, name = 'image') => {
    try {
      await upload.load(() => prepareSourceFromUrl(image, name));
      setResult(null);
      setError(null);
      morph.reset();
    } catch {
      setError(messageErrorView(MORPHER_MESSAGES.useAsSourceFailed));
    }
  };

  /** A history image: its prompt, aspect ratio and variability come back, and it shows as the result. */
  const selectHistory = (item: HistoryItem) => {
    setPrompt(item.prompt);
    setAspectRatio(item.aspectRatio);
    setVariability(item.variability);
    setError(null);
    setResult({ uuid: item.id, image: item.image, text: null, provider: item.provider, creditsUsed: null, prompt: item.prompt, origin: 'history' });
  };

  const historyImageFailed = () => setError(messageErrorView(MORPHER_MESSAGES.selectFailed));

  const showUpscaled = (r: UpscaleResult) =>
    setResult({ uuid: r.uuid, image: r.image, text: null, provider: r.provider, creditsUsed: r.credits_used, prompt, origin: 'upscaled' });

  const changeMode = (mode: EditMode) => setEdit((state) => switchEditMode(state, mode, source));

  const run = async () => {
    if (!source) {
      setValidation(MORPHER_MESSAGES.noImage);
      return;
    }
    setValidation(null);
    const fields = editRequestFields(edit);
    const mask = fields.useMask ? maskCanvas.current?.toDataURL('image/png') : undefined;
    const body: MorphBody = {
      toolName: MORPHER_TOOL_ID,
      imageData: stripDataUrl(source.dataUrl),
      mimeType: source.mimeType,
      userPrompt: prompt.trim(),
      variability,
      aspectRatio: effectiveAspect,
      ...(fields.cropData ? { cropData: fields.cropData } : {}),
      ...(mask ? { maskData: stripDataUrl(mask) } : {}),
      ...(fields.extensionDirection ? { extensionDirection: fields.extensionDirection, extensionAmount: fields.extensionAmount } : {}),
      ...(debugMode && devHost ? { debugMode: true } : {}),
    };
    setError(null);
    setResult(null);
    try {
      const data = await morph.mutateAsync(body);
      setResult({
        uuid: data.uuid,
        image: data.image,
        text: data.text,
        provider: data.provider,
        creditsUsed: data.credits_used,
        prompt: body.userPrompt ?? '',
        origin: 'generated',
        debug: data.debug,
      });
    } catch (e) {
      // A 402 has opened the Insufficient Credits dialog (usePaidAction); anything else shows here.
      if (!isInsufficientCreditsError(e)) setError(describeAiError(e, fields.extensionDirection ? 'extend' : 'generate'));
    } finally {
      // Generate Now resets the picked edge.
      if (fields.extensionDirection) setEdit((state) => ({ ...state, extension: null }));
    }
  };

  return {
    source,
    clearSource: () => {
      upload.clear();
      setEdit((state) => switchEditMode(state, 'none', null));
    },
    /** The source's file input, Browse and drop. */
    upload,
    uploadError: upload.problems[0] ?? null,
    validation,
    preparing,
    edit,
    setEdit,
    changeMode,
    setMaskCanvas,
    brushSize,
    setBrushSize,
    prompt,
    setPrompt,
    variability,
    setVariability,
    aspectRatio,
    setAspectRatio,
    effectiveAspect,
    batchOptions,
    debugMode,
    setDebugMode,
    devHost,
    cost,
    engine,
    busy,
    generating: morph.isPending,
    /** The running call's progress and Cancel (GenerationProgress). */
    generation: morph.generation,
    run,
    result,
    error,
    useAsSource,
    selectHistory,
    historyImageFailed,
    showUpscaled,
    /** After a delete (one uuid) or a clear (null): a result that is gone is no longer shown. */
    forgetResult: (uuid: string | null) => setResult((current) => (uuid === null || current?.uuid === uuid ? null : current)),
  };
}

export type Morpher = ReturnType<typeof useMorpher>;
