import type { AiErrorClass, UpscaleTier } from '../../../contract/ai.ts';
import { classifyAiError } from '../../../contract/ai.ts';
import type { LocalVision } from './local-vision/index.ts';

/** An image handed to or returned by a provider. */
export interface ImageData {
  data: Buffer;
  mime: string;
}

export interface ImageEditRequest {
  /** The source image(s); the first is the one edited. */
  images: ImageData[];
  /** The full instruction sent to the model. */
  prompt: string;
  /** The user's own words inside that instruction: what the local engine reads to choose its effects. */
  userPrompt?: string;
  /** PNG mask of the source's size: white where the model may paint (inpaint). */
  mask?: ImageData;
  /** Target aspect ratio such as '1:1' or '16:9' (providers that take one). */
  aspectRatio?: string;
  /** 1 (close to the source) … 10 (free). */
  variability?: number;
  signal?: AbortSignal;
}

export interface ImageResult extends ImageData {
  /** Text the model returned beside the image, if any. */
  text?: string;
  /** Name shown to the user: 'Local engine', 'Gemini', … */
  provider: string;
  model?: string;
}

/** Edits or generates an image from images and a prompt. */
export interface ImageEditor {
  readonly name: string;
  editImage(request: ImageEditRequest): Promise<ImageResult>;
}

/** Describes an image as text (captions, tags). */
export interface VisionDescriber {
  readonly name: string;
  describe(request: { image: ImageData; prompt: string; signal?: AbortSignal }): Promise<{ text: string; provider: string }>;
}

/** Rewrites text by an instruction (transcript refinements). */
export interface TextRefiner {
  readonly name: string;
  refine(request: { text: string; instruction: string; signal?: AbortSignal }): Promise<{ text: string; provider: string }>;
}

/** A timed piece of a transcript, in seconds from the start of the audio. */
export interface SpeechSegment {
  start: number;
  end: number;
  text: string;
}

export interface SpeechRequest {
  audio: Buffer;
  mime: string;
  /** BCP-47 code when known; absent: the provider detects it (the local engine is English only). */
  language?: string;
  /** The duration read from the file before the hold: engines that split or pace by time use it. */
  durationSeconds?: number;
  signal?: AbortSignal;
}

export interface SpeechResult {
  text: string;
  durationSeconds: number;
  provider: string;
  model?: string;
  /** Detected or requested language. */
  language?: string;
  /** Sentence or utterance timings when the engine gives them (SRT/VTT downloads). */
  segments?: SpeechSegment[];
}

/** Speech to text. */
export interface SpeechTranscriber {
  /** Shown to the user: 'Deepgram', 'OpenAI', 'Local engine'. */
  readonly name: string;
  /** Pricing variant key: 'local' for the draft engine; providers are priced by the refinement type. */
  readonly key: 'deepgram' | 'openai' | 'local';
  /** The local draft engine: English only, every result labelled a draft. */
  readonly draft?: boolean;
  transcribe(request: SpeechRequest): Promise<SpeechResult>;
}

export interface UpscaleRequest {
  image: ImageData;
  scale: number;
  tier: UpscaleTier;
  prompt?: string;
  creativity?: number;
  resemblance?: number;
  sharpen?: number;
  signal?: AbortSignal;
  /** Told how far the engine is (0 to 1), where it knows (the local engine's ESRGAN patches). */
  onProgress?: (fraction: number) => void;
}

export interface UpscaleCapabilities {
  scale_factors: number[];
  quality_tiers: UpscaleTier[];
  supports_creativity: boolean;
  supports_sharpen: boolean;
}

export interface ImageUpscaler {
  /** Key in the providers response and the pricing variants: 'local', 'replicate'. */
  readonly name: string;
  /** Name shown to the user: 'Local engine', 'Replicate'. */
  readonly displayName?: string;
  readonly capabilities: UpscaleCapabilities;
  upscale(request: UpscaleRequest): Promise<ImageResult>;
}

/** The providers each capability of the image tools uses, chosen from the settings by the registry. */
export interface AiProviders {
  /**
   * Edits images for the morpher, thumbnails, headshots and the photoshoot: a provider when one is set, else the
   * local engine's editor (name LOCAL_ENGINE), in which case each tool renders its own local preview.
   */
  imageEditor: ImageEditor;
  /** Describes images (captions): a provider, or null for the local caption composer. */
  vision: VisionDescriber | null;
  /** Offline faces, person cut-out and objects: the face check before a headshot is held, and local previews. */
  localVision: LocalVision;
  /** A provider that paints photorealistic mockups; null draws them with the local templates. */
  mockupEditor: ImageEditor | null;
  upscalers: Record<string, ImageUpscaler>;
  defaultUpscaler: string;
  /** Speech to text (the registry always sets it; null when transcription is off). */
  transcriber?: SpeechTranscriber | null;
}

/** A classified provider failure (spec 2 §8). Nothing is charged for it. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly errorClass: AiErrorClass;
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
    errorClass?: AiErrorClass,
  ) {
    super(message);
    this.errorClass = errorClass ?? classifyAiError(status, message);
  }
}
