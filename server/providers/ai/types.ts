import type { AiErrorClass, UpscaleTier } from '../../../contract/ai.ts';
import { classifyAiError } from '../../../contract/ai.ts';
import type { LocalVision } from './local-vision/port.ts';

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

export interface ImageResult extends ImageData, ProviderCost {
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
  describe(request: { image: ImageData; prompt: string; signal?: AbortSignal }): Promise<{ text: string; provider: string } & ProviderCost>;
}

/** Rewrites text by an instruction (transcript refinements). */
export interface TextRefiner {
  readonly name: string;
  refine(request: { text: string; instruction: string; signal?: AbortSignal }): Promise<{ text: string; provider: string } & ProviderCost>;
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

export interface SpeechResult extends ProviderCost {
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

/** What the operator must change when a provider refuses the configuration itself (class `unavailable`). */
export interface ProviderFix {
  /** The environment setting to change: 'GEMINI_IMAGE_MODEL', 'OPENAI_API_KEY', … */
  setting: string;
  /** The value it has now (a model id), when the fix is to name another. */
  model?: string;
  /** Why, in the operator's words: 'the model was retired', 'the account is out of credits'. */
  reason: string;
}

/** A classified provider failure (spec 2 §8). Nothing is charged for it. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly errorClass: AiErrorClass;
  /** Seconds the provider asked us to wait (Retry-After), when it said. */
  retryAfterSeconds?: number;
  /** For the log and the admin area: the setting to change (a retired model, a billing stop, a bad key). */
  fix?: ProviderFix;
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
    errorClass?: AiErrorClass,
    extra: { retryAfterSeconds?: number; fix?: ProviderFix } = {},
  ) {
    super(message);
    this.errorClass = errorClass ?? classifyAiError(status, message);
    if (extra.retryAfterSeconds !== undefined) this.retryAfterSeconds = extra.retryAfterSeconds;
    if (extra.fix) this.fix = extra.fix;
  }
}

/**
 * What one provider call really cost, from the provider's usage fields (tokens, seconds, predict time) priced by the
 * adapter's rate table, so the admin statistics show the real margin. Absent: the price table's actual_cost_usd stands.
 */
export interface ProviderCost {
  costUsd?: number;
  /** The provider's own usage figures as it reported them ({ input_tokens, output_tokens }, { seconds }, …). */
  usage?: Record<string, number>;
}
