import { z } from 'zod';
import { TOOL_STATUSES, toolConfigSchema } from './tools/definition.ts';

import type { EngineEstimate, ToolConfig, ToolId } from './tools/definition.ts';
import { TOOL_DEFINITIONS } from './tools/index.ts';

export { TOOL_DEFINITIONS } from './tools/index.ts';
export {
  TOOL_ICONS,
  TOOL_IDS,
  TOOL_STATUSES,
  toolConfigSchema,
  type ToolConfig,
  type ToolDefinition,
  type ToolEngineKind,
  type ToolIcon,
  type ToolId,
  type ToolStatus,
} from './tools/definition.ts';
export const toolsConfigResponse = z.object({ tools: z.array(toolConfigSchema) });

/** Every tool's definition, in the catalogue's order. */
export const TOOLS = Object.values(TOOL_DEFINITIONS);

/**
 * The catalogue every new database is seeded with (spec 1 §3, spec 3 §3), from each tool's definition. The admin
 * area changes the stored copy; a tool is 'available' once the issue that builds it has landed.
 */
export const TOOL_CATALOGUE: readonly ToolConfig[] = TOOLS.map((tool) => ({ id: tool.id, ...tool.catalogue, path: `/tools/${tool.id}` }));

/** A tool's title (its label in the gallery, the statistics and shared pages); null for no tool or an unknown one. */
export const toolTitle = (id: string | null | undefined): string | null =>
  id && Object.hasOwn(TOOL_DEFINITIONS, id) ? TOOL_DEFINITIONS[id as ToolId].catalogue.title : null;

/** Time estimates shown beside each tool's button, by the engine that will run (never the provider's for a preview). */
export const ENGINE_ESTIMATES: Readonly<Record<string, EngineEstimate>> = Object.fromEntries(
  TOOLS.flatMap((tool) => (tool.estimate ? [[tool.id, tool.estimate]] : [])),
);

// --- The admin area's Tools Configuration tab (spec 3 §2, §7). ---

/**
 * One tool of POST /api/admin/tools-config. The client may send the whole ToolConfig it holds; only `status` and
 * `featured` are read (with the list's order), every other field is ignored: titles and descriptions come from the
 * catalogue (tools-sync), not from the browser.
 */
export const toolConfigUpdateItem = z.object({
  id: z.string().trim().min(1).max(64),
  status: z.enum(TOOL_STATUSES, { error: 'Status must be available, beta, coming-soon or disabled' }),
  featured: z.boolean(),
});
/**
 * POST /api/admin/tools-config: every tool once, in the order wanted; orders are renumbered 1..n in that order.
 * Answers the saved list (toolsConfigResponse).
 */
export const toolsConfigUpdateRequest = z.strictObject({ tools: z.array(toolConfigUpdateItem).min(1).max(100) });
export type ToolsConfigUpdate = z.infer<typeof toolsConfigUpdateRequest>;

/**
 * POST /api/admin/tools-sync against TOOL_CATALOGUE: a catalogue tool missing from the database is added (after the
 * others, with the catalogue's status); a stored tool whose descriptive fields (title, descriptions, icon, path,
 * colour, category, requiresAuth) differ from the catalogue gets the catalogue's; the admin's status, order and
 * featured are kept. `updated_count` counts both. A stored tool the catalogue does not know is left alone and
 * reported in `skipped_tools`.
 */
export const toolsSyncResponse = z.object({
  updated_count: z.number().int(),
  skipped_count: z.number().int(),
  skipped_tools: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type ToolsSyncResult = z.infer<typeof toolsSyncResponse>;
/** The catalogue fields tools-sync owns (the admin owns status, order and featured). */
export const TOOL_CATALOGUE_FIELDS = ['title', 'description', 'shortDescription', 'iconName', 'path', 'color', 'category', 'requiresAuth'] as const;
