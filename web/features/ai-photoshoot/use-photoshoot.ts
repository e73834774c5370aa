import { useEffect, useRef, useState } from 'react';
import {
  CHANGE_OPTIONS,
  DEFAULT_CHANGE_OPTIONS,
  DEFAULT_OUTPUT_RATIO,
  DEFAULT_VARIETY,
  PHOTOSHOOT_MAX_PHOTOS,
  PHOTOSHOOT_MAX_UPLOAD_BYTES,
  PHOTOSHOOT_MESSAGES,
  PHOTOSHOOT_VARIATIONS,
  type ChangeOption,
  type OutputRatio,
  type PhotoshootResult,
  type Variety,
} from '../../../contract/photoshoot.ts';
import { prepareSourceImage, stripDataUrl, type SourceImage } from '../../lib/image-resize.ts';
import { isGenerationCancelled } from '../../lib/generations.ts';
import { isInsufficientCreditsError } from '../../lib/insufficient-credits.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { useImageUpload } from '../ai-shared/use-image-upload.ts';
import { usePaidAction } from '../ai-shared/use-paid-action.ts';
import { generateVariation, variationFailure, type PhotoshootBody } from './api.ts';

export interface ReferencePhoto extends SourceImage {
  id: number;
}

/** One tile of the results grid (spec 3 §4): waiting its turn, generating, the image, its error, or not run. */
export type Tile =
  | { status: 'waiting' }
  | { status: 'generating' }
  | { status: 'done'; result: PhotoshootResult }
  | { status: 'error'; message: string }
  | { status: 'skipped'; note: string };

const MAX_MB = PHOTOSHOOT_MAX_UPLOAD_BYTES / (1024 * 1024);
export const tooLargeMessage = (name: string) => `${name} is larger than ${MAX_MB} MB. Each photo can be up to ${MAX_MB} MB.`;
export const SKIPPED_NOTE = 'Not generated: not enough credits.';
export const CANCELLED_NOTE = 'Not generated: the photoshoot was cancelled.';

let nextPhotoId = 1;

/**
 * The photoshoot page's state: 1-4 reference photos (resized to 1536 px JPEG as they are added), the settings, and
 * Generate, which makes one paid call per variation in order. Each call goes through the paid action with its own
 * body (its `index` differs), so each gets its own Idempotency-Key and is charged once; one failure marks its tile and
 * the next call goes on, except a 402, which opens the Insufficient Credits dialog and stops the rest.
 */
export function usePhotoshoot() {
  const [variations, setVariations] = useState<number>(PHOTOSHOOT_VARIATIONS.default);
  const [changeOptions, setChangeOptions] = useState<ChangeOption[]>(DEFAULT_CHANGE_OPTIONS);
  const [variety, setVariety] = useState<Variety>(DEFAULT_VARIETY);
  const [outputRatio, setOutputRatio] = useState<OutputRatio>(DEFAULT_OUTPUT_RATIO);
  const [prompt, setPrompt] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
  /** The reference photos, resized as they are added; the problems (type, size, count, unreadable) name each file. */
  const upload = useImageUpload<ReferencePhoto>({
    prepare: async (file) => ({ ...(await prepareSourceImage(file, file.name)), id: nextPhotoId++ }),
    max: PHOTOSHOOT_MAX_PHOTOS,
    maxBytes: PHOTOSHOOT_MAX_UPLOAD_BYTES,
    tooLarge: (file) => tooLargeMessage(file.name),
    tooMany: PHOTOSHOOT_MESSAGES.tooMany,
    nameProblems: true,
    onPick: () => setValidation(null),
  });
  const photos = upload.images;
  const [tiles, setTiles] = useState<Tile[]>([]);
  /** The ratio the current tiles were made for (the setting may change after). */
  const [tilesRatio, setTilesRatio] = useState<OutputRatio>(DEFAULT_OUTPUT_RATIO);
  const [running, setRunning] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const action = usePaidAction<PhotoshootBody, PhotoshootResult>({
    send: (body, key, run) => generateVariation(body, key, run),
    answerId: (data) => data.generation_id,
    charged: (data) => data.credits_used,
    refresh: [creditKeys.all, fileKeys.all],
    // The set of calls is one job for the header: the Create menu stays locked from the first call to the last.
    startsJob: true,
    stillRunning: running,
  });

  function removePhoto(id: number) {
    const index = photos.findIndex((p) => p.id === id);
    if (index >= 0) upload.remove(index);
    upload.setProblems([]);
  }

  function toggleChangeOption(option: ChangeOption) {
    setChangeOptions((current) => (current.includes(option) ? current.filter((o) => o !== option) : CHANGE_OPTIONS.filter((o) => o === option || current.includes(o))));
  }

  /** A call's fields other than the photos and the variation's index: each Generate's, and a batch's options (issue 28). */
  const options = { prompt: prompt.trim(), changeOptions, variety, outputRatio };

  const setTile = (index: number, tile: Tile) => setTiles((current) => current.map((t, i) => (i === index ? tile : t)));

  async function generate() {
    if (running) return;
    setValidation(null);
    if (photos.length === 0) {
      setValidation(PHOTOSHOOT_MESSAGES.missing);
      return;
    }
    const count = variations;
    const base = { images: photos.map((p) => stripDataUrl(p.dataUrl)), ...options };
    setTilesRatio(outputRatio);
    setTiles(Array.from({ length: count }, (): Tile => ({ status: 'waiting' })));
    setRunning(true);
    try {
      for (let index = 0; index < count; index += 1) {
        if (!mounted.current) return;
        setTile(index, { status: 'generating' });
        try {
          const result = await action.mutateAsync({ ...base, index });
          if (!mounted.current) return;
          setTile(index, result.image ? { status: 'done', result } : { status: 'error', message: PHOTOSHOOT_MESSAGES.itemFailed(index + 1, PHOTOSHOOT_MESSAGES.apiFailed) });
        } catch (err) {
          if (!mounted.current) return;
          // Cancel stops the set: this photo says so, the ones after it are not made.
          if (isGenerationCancelled(err)) {
            setTiles((current) => current.map((t, i) => (i === index ? { status: 'skipped', note: err.message } : i > index ? { status: 'skipped', note: CANCELLED_NOTE } : t)));
            break;
          }
          setTile(index, { status: 'error', message: PHOTOSHOOT_MESSAGES.itemFailed(index + 1, variationFailure(err)) });
          // The paid action has opened the Insufficient Credits dialog: the next calls would fail the same way.
          if (isInsufficientCreditsError(err)) {
            setTiles((current) => current.map((t, i) => (i > index ? { status: 'skipped', note: SKIPPED_NOTE } : t)));
            break;
          }
        }
      }
    } finally {
      if (mounted.current) setRunning(false);
    }
  }

  return {
    photos,
    /** The photos' file input, Browse and drop. */
    upload,
    reading: upload.reading,
    uploadErrors: upload.problems,
    addPhotos: upload.choose,
    removePhoto,
    variations,
    setVariations,
    changeOptions,
    toggleChangeOption,
    variety,
    setVariety,
    outputRatio,
    setOutputRatio,
    prompt,
    setPrompt,
    options,
    validation,
    generate,
    generating: running,
    /** The running variation's progress and Cancel (GenerationProgress). */
    generation: action.generation,
    tiles,
    tilesRatio,
  };
}

export type PhotoshootState = ReturnType<typeof usePhotoshoot>;
