import { z } from 'zod';

/**
 * What every tool's contract-side definition says (one file per tool in this folder, one table in `index.ts`).
 * This file is the bottom of the tools' graph: the definitions import it, nothing here imports a definition.
 */

export const TOOL_STATUSES = ['available', 'beta', 'coming-soon', 'disabled'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];
export const TOOL_ICONS = ['Palette', 'Sparkles', 'ImageIcon', 'Wand2', 'Mic', 'Camera', 'User'] as const;
export type ToolIcon = (typeof TOOL_ICONS)[number];

/** Every tool, in the catalogue's order. A new tool is added here, then the compiler asks for each piece it lacks. */
export const TOOL_IDS = [
  'image-variator',
  'mockup-generator',
  'thumbnail-generator',
  'caption-generator',
  'transcription',
  'ai-photoshoot',
  'ai-headshot',
  'background-remover',
] as const;
export type ToolId = (typeof TOOL_IDS)[number];

export const toolConfigSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  shortDescription: z.string(),
  iconName: z.string(),
  path: z.string(),
  status: z.enum(TOOL_STATUSES),
  color: z.string(),
  order: z.number().int(),
  requiresAuth: z.boolean(),
  category: z.string(),
  featured: z.boolean(),
});
export type ToolConfig = z.infer<typeof toolConfigSchema>;

/** One row of the pricing seed (DEFAULT_PRICING): every new database gets it, and a start adds it where missing. */
export interface PricingSeed {
  service_type: string;
  service_variant: string;
  user_cost_credits: string;
  actual_cost_usd: string;
  description: string;
}

/** The price variant the local engine charges (seeded 0): a preview, not a generative result. */
export const LOCAL_PRICE_VARIANT = 'local';

/** A tool's seeded `local` row: the local engine's previews are free until the admin prices them. */
export const localPreviewPrice = (serviceType: string): PricingSeed => ({
  service_type: serviceType,
  service_variant: LOCAL_PRICE_VARIANT,
  user_cost_credits: '0',
  actual_cost_usd: '0',
  description: `${serviceType.replace('_', ' ')}: local engine preview (no AI provider set)`,
});

/** The time beside a tool's button, by the engine that will run (never the provider's for a preview). */
export interface EngineEstimate {
  local: string;
  provider: string;
}

/** The model kinds a tool may run on: an image editor, the mockup editor, a vision model, a speech engine. */
export const TOOL_ENGINE_KINDS = ['image-editor', 'mockup-editor', 'vision', 'speech'] as const;
export type ToolEngineKind = (typeof TOOL_ENGINE_KINDS)[number];

/**
 * One tool, contract side. Names that users or stored data see (the id, its URL, the title, the stored price
 * service type) are kept as they are; this is the one place that maps a tool to them.
 */
export interface ToolDefinition<Id extends ToolId = ToolId> {
  id: Id;
  /** Its catalogue entry (spec 1 §3): `path` is `/tools/<id>`. Its title is its label in the gallery, the statistics and shared pages. */
  catalogue: Omit<ToolConfig, 'id' | 'path'>;
  /** The stored price it charges (`pricing.service_type`) and the variant the tool cards quote. */
  price: { serviceType: string; variant: string };
  /** Its rows of the pricing seed: the quoted price and the local engine's. */
  prices: readonly PricingSeed[];
  /**
   * The kind of model that runs it when one is set up (the settings pick which: server/providers/ai/registry.ts);
   * without one the local engine makes a preview. What GET /api/ai/engines reports per tool.
   */
  runsOn: ToolEngineKind;
  /** Time estimates by engine; null where the engine states its own (transcription). */
  estimate: EngineEstimate | null;
  /** Whether its files keep the creator's own words as their prompt (the gallery's `prompt_source`). */
  userPrompt: boolean;
  /**
   * How it is called: the path and the `toolName` it sends when the path serves several tools. Its request and answer
   * schemas are named by its server definition (server/modules/ai/tools/), so the pages that show the catalogue do not
   * load every tool's schemas.
   */
  call: { path: string; toolName: Id | null };
  /**
   * Whether it runs in batches (issue 28: POST /api/batches) and where each item's image goes in its request: its
   * `imageData` field, or as the one photo of its `images`. Null for a tool that does not (its request is not one image).
   */
  batch: { image: 'imageData' | 'images' } | null;
}

/** Types the table: each entry is the definition of its own id. */
export type ToolDefinitions = { readonly [Id in ToolId]: ToolDefinition<Id> };
