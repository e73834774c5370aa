import { LOCAL_PREVIEW_NOTE, type ToolEngine } from '../../../contract/ai.ts';
import { ENGINE_ESTIMATES, TOOLS, type ToolEngineKind } from '../../../contract/tools.ts';
import { LOCAL_ENGINE } from './local-engine.ts';
import { LOCAL_UPSCALER } from './local-upscaler/index.ts';
import type { AiProviders, SpeechTranscriber } from './types.ts';

/** The price variant the local engine charges for every priced service (seeded 0, upscaling aside). */
export const LOCAL_VARIANT = 'local';

/** Whether a provider name is the local engine's: its results are previews, priced by the `local` variant. */
export const isLocalEngine = (provider: string | null | undefined) => !provider || provider === LOCAL_ENGINE;

/**
 * Whether a provider runs on this machine, so a call gets the local engine's deadline (LOCAL_ENGINE_TIMEOUT_MS), not
 * a remote provider's: the local engine, and the local ESRGAN upscaler (a real upscale priced as such, not a preview).
 */
export const runsLocally = (provider: string | null | undefined) => isLocalEngine(provider) || provider === LOCAL_UPSCALER;

/** The price variant a tool charges when `provider` runs it. */
export const variantFor = (provider: string | null | undefined) => (isLocalEngine(provider) ? LOCAL_VARIANT : 'standard');

/** What the quote of a tool shows: the engine that will run, its price variant and time estimate. */
export function toolEngine(toolId: string, serviceType: string, provider: string | null | undefined): ToolEngine {
  const local = isLocalEngine(provider);
  const estimates = ENGINE_ESTIMATES[toolId] ?? { local: 'a few seconds', provider: 'under a minute' };
  return {
    engine: local ? 'local' : provider!.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    label: local ? LOCAL_ENGINE : provider!,
    preview: local,
    service_type: serviceType,
    variant: variantFor(provider),
    estimate: local ? estimates.local : estimates.provider,
  };
}

/** The text of a result: a local preview's always starts with LOCAL_PREVIEW_NOTE, whatever the engine wrote. */
export function previewText(preview: boolean, text: string | null | undefined): string | null {
  if (!preview) return text ?? null;
  if (text?.startsWith(LOCAL_PREVIEW_NOTE)) return text;
  return text ? `${LOCAL_PREVIEW_NOTE}. ${text}` : `${LOCAL_PREVIEW_NOTE}.`;
}

/**
 * Transcription's engine: a speech provider (priced by the refinement type; the quote shows raw's), the local draft
 * engine (its own `local` price, every result a draft), or none (the start call answers 503).
 */
export function speechEngine(transcriber: SpeechTranscriber | null): ToolEngine {
  if (!transcriber) return { engine: 'none', label: 'Not set up', preview: false, service_type: 'transcription', variant: 'raw', estimate: 'unavailable' };
  const draft = transcriber.draft === true;
  return {
    engine: transcriber.key,
    label: transcriber.name,
    preview: draft,
    service_type: 'transcription',
    variant: draft ? LOCAL_VARIANT : 'raw',
    estimate: draft ? 'about a third of the recording’s length' : 'under a minute for most recordings',
  };
}

/** The engine each tool runs with these providers (from its definition's `runsOn`): the answer of GET /api/ai/engines, and the tool cards' prices. */
export function toolEngines(providers: Pick<AiProviders, 'imageEditor' | 'mockupEditor' | 'vision' | 'transcriber'>): Record<string, ToolEngine> {
  const runner: Record<Exclude<ToolEngineKind, 'speech'>, string | undefined> = {
    'image-editor': providers.imageEditor.name,
    'mockup-editor': providers.mockupEditor?.name,
    vision: providers.vision?.name,
  };
  return Object.fromEntries(
    TOOLS.map((tool) => [
      tool.id,
      tool.runsOn === 'speech' ? speechEngine(providers.transcriber ?? null) : toolEngine(tool.id, tool.price.serviceType, runner[tool.runsOn]),
    ]),
  );
}
