/**
 * The image-upload steps every image tool shares: the hidden file input and its Browse, the type and size checks, the
 * preparing state while each accepted file is decoded and drawn (`prepare`: the tool's own crop and size), the images
 * kept for the preview and the call, and the problems to show. One image (a new pick replaces it) or several (up to
 * `max`, added in order).
 */
import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { ACCEPT_IMAGES, isAcceptedImage, UPLOAD_TYPE_ERROR } from '../../lib/image-resize.ts';

export interface ImageUploadOptions<T> {
  /** One accepted file as the tool shows and sends it; what it throws is shown as a problem. */
  prepare: (file: File) => Promise<T>;
  /** How many images the tool holds: 1 (the default) means a new pick replaces the image and only its first file counts. */
  max?: number;
  /** The largest file accepted, and what a larger one is told. */
  maxBytes?: number;
  tooLarge?: (file: File) => string;
  /** What a pick past `max` is told (several images only). */
  tooMany?: string;
  /** Each file's problem starts with its name ('a.gif: Only PNG, JPG and WEBP images are supported.'). */
  nameProblems?: boolean;
  /** A pick with files starts: the tool clears its own messages. */
  onPick?: () => void;
  /** The images a pick (or `load`) added, once they are kept. */
  onAdded?: (added: T[]) => void;
}

export interface ImageUpload<T> {
  /** The images kept, in the order added. */
  images: T[];
  /** The first image, or null: the one image of a single-image tool. */
  image: T | null;
  /** True while files are being prepared. */
  reading: boolean;
  /** What the last pick refused, in order (type, size, count, unreadable); empty when it all went in. */
  problems: string[];
  /** Checks and prepares the files of a pick (the file input's or a drop's). */
  choose: (files: readonly File[]) => Promise<void>;
  /** Opens the file dialog. */
  browse: () => void;
  /** Spread on the hidden `<input>`: add only its aria-label. */
  inputProps: {
    ref: RefObject<HTMLInputElement | null>;
    type: 'file';
    accept: string;
    multiple: boolean;
    className: string;
    tabIndex: number;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  };
  /** Prepares an image that is not a picked file (a result, a gallery image) under `reading`; keeps it or rethrows. */
  load: (task: () => Promise<T>) => Promise<void>;
  remove: (index: number) => void;
  clear: () => void;
  setProblems: (problems: string[]) => void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useImageUpload<T>(options: ImageUploadOptions<T>): ImageUpload<T> {
  const { max = 1 } = options;
  const [images, setImages] = useState<T[]>([]);
  const [reading, setReading] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const keep = (added: T[]) => {
    setImages((current) => (max === 1 ? added.slice(-1) : [...current, ...added].slice(0, max)));
    options.onAdded?.(added);
  };

  async function choose(picked: readonly File[]) {
    const files = max === 1 ? picked.slice(0, 1) : picked;
    if (files.length === 0) return;
    options.onPick?.();
    const found: string[] = [];
    const refuse = (file: File, text: string) => {
      const line = options.nameProblems ? `${file.name}: ${text}` : text;
      if (!found.includes(line)) found.push(line);
    };
    const accepted: File[] = [];
    for (const file of files) {
      if (!isAcceptedImage(file)) refuse(file, UPLOAD_TYPE_ERROR);
      else if (options.maxBytes !== undefined && file.size > options.maxBytes) found.push(options.tooLarge?.(file) ?? UPLOAD_TYPE_ERROR);
      else accepted.push(file);
    }
    const room = max === 1 ? 1 : max - images.length;
    if (max > 1 && accepted.length > room) found.push(options.tooMany ?? `You can upload up to ${max} images.`);
    const taken = accepted.slice(0, Math.max(0, room));
    if (taken.length === 0) {
      setProblems(found);
      return;
    }
    setProblems([]);
    setReading(true);
    const added: T[] = [];
    for (const file of taken) {
      try {
        added.push(await options.prepare(file));
      } catch (error) {
        refuse(file, message(error));
      }
    }
    if (!mounted.current) return;
    setReading(false);
    if (added.length) keep(added);
    setProblems(found);
  }

  async function load(task: () => Promise<T>) {
    setReading(true);
    try {
      const next = await task();
      if (mounted.current) keep([next]);
    } finally {
      if (mounted.current) setReading(false);
    }
  }

  return {
    images,
    image: images[0] ?? null,
    reading,
    problems,
    choose,
    browse: () => input.current?.click(),
    inputProps: {
      ref: input,
      type: 'file',
      accept: ACCEPT_IMAGES,
      multiple: max > 1,
      className: 'sr-only',
      tabIndex: -1,
      onChange: (event) => {
        const files = Array.from(event.target.files ?? []);
        // Cleared at once, so picking the same file again fires a change.
        event.target.value = '';
        void choose(files);
      },
    },
    load,
    remove: (index) => setImages((current) => current.filter((_, i) => i !== index)),
    clear: () => setImages([]),
    setProblems,
  };
}
