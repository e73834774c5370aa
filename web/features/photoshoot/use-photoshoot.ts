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
import { isAcceptedImage, prepareSourceImage, stripDataUrl, UPLOAD_TYPE_ERROR, type SourceImage } from '../../lib/image-resize.ts';
import { isGenerationCancelled } from '../../lib/generations.ts';
import { isInsufficientCreditsError } from '../../lib/insufficient-credits.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
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
  const [photos, setPhotos] = useState<ReferencePhoto[]>([]);
  const [reading, setReading] = useState(false);
  /** Problems with the photos added (type, size, count, unreadable): shown in the error box under the upload. */
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const [variations, setVariations] = useState<number>(PHOTOSHOOT_VARIATIONS.default);
  const [changeOptions, setChangeOptions] = useState<ChangeOption[]>(DEFAULT_CHANGE_OPTIONS);
  const [variety, setVariety] = useState<Variety>(DEFAULT_VARIETY);
  const [outputRatio, setOutputRatio] = useState<OutputRatio>(DEFAULT_OUTPUT_RATIO);
  const [prompt, setPrompt] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
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

  async function addPhotos(files: File[]) {
    if (files.length === 0) return;
    setValidation(null);
    const errors: string[] = [];
    const room = PHOTOSHOOT_MAX_PHOTOS - photos.length;
    const accepted: File[] = [];
    for (const file of files) {
      if (!isAcceptedImage(file)) errors.push(`${file.name}: ${UPLOAD_TYPE_ERROR}`);
      else if (file.size > PHOTOSHOOT_MAX_UPLOAD_BYTES) errors.push(tooLargeMessage(file.name));
      else accepted.push(file);
    }
    if (accepted.length > room) errors.push(PHOTOSHOOT_MESSAGES.tooMany);
    setReading(true);
    const added: ReferencePhoto[] = [];
    for (const file of accepted.slice(0, Math.max(0, room))) {
      try {
        added.push({ ...(await prepareSourceImage(file, file.name)), id: nextPhotoId++ });
      } catch (err) {
        errors.push(`${file.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (!mounted.current) return;
    setReading(false);
    setPhotos((current) => [...current, ...added].slice(0, PHOTOSHOOT_MAX_PHOTOS));
    setUploadErrors(errors);
  }

  function removePhoto(id: number) {
    setPhotos((current) => current.filter((p) => p.id !== id));
    setUploadErrors([]);
  }

  function toggleChangeOption(option: ChangeOption) {
    setChangeOptions((current) => (current.includes(option) ? current.filter((o) => o !== option) : CHANGE_OPTIONS.filter((o) => o === option || current.includes(o))));
  }

  const setTile = (index: number, tile: Tile) => setTiles((current) => current.map((t, i) => (i === index ? tile : t)));

  async function generate() {
    if (running) return;
    setValidation(null);
    if (photos.length === 0) {
      setValidation(PHOTOSHOOT_MESSAGES.missing);
      return;
    }
    const count = variations;
    const base = { images: photos.map((p) => stripDataUrl(p.dataUrl)), prompt: prompt.trim(), changeOptions, variety, outputRatio };
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
    reading,
    uploadErrors,
    addPhotos,
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
