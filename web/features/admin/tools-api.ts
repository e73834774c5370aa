import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { toolsConfigResponse, toolsSyncResponse, type ToolConfig, type ToolsSyncResult } from '../../../contract/tools.ts';
import { api, parseAnswer } from '../../lib/api.ts';

/** The order a list stands in, renumbered 1..n (what the server saves). */
export const renumbered = (tools: readonly ToolConfig[]): ToolConfig[] => tools.map((tool, index) => ({ ...tool, order: index + 1 }));

/** The list with one tool moved one place up (-1) or down (+1); unchanged at the ends. */
export function moved(tools: readonly ToolConfig[], id: string, step: -1 | 1): ToolConfig[] {
  const from = tools.findIndex((t) => t.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= tools.length) return [...tools];
  const next = [...tools];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return renumbered(next);
}

/** POST /api/admin/tools-config: every tool in the order wanted; answers the saved list. */
export async function saveToolsConfig(tools: readonly ToolConfig[]): Promise<ToolConfig[]> {
  const body = { tools: tools.map(({ id, status, featured }) => ({ id, status, featured })) };
  return parseAnswer(toolsConfigResponse, await api.post<unknown>('/admin/tools-config', body), ADMIN_MESSAGES.saveConfig).tools;
}

/** POST /api/admin/tools-sync. */
export async function syncTools(): Promise<ToolsSyncResult> {
  return parseAnswer(toolsSyncResponse, await api.post<unknown>('/admin/tools-sync'), 'Failed to sync the tools');
}

/** "Updated 2 tools. Skipped 1 not in the catalogue: Retired Tool (retired-tool)." */
export function syncSummary(result: ToolsSyncResult): string {
  const updated = result.updated_count === 0 ? 'Every tool already matches the catalogue.' : `Updated ${result.updated_count} tool${result.updated_count === 1 ? '' : 's'}.`;
  if (result.skipped_count === 0) return updated;
  const names = result.skipped_tools.map((t) => `${t.title} (${t.id})`).join(', ');
  return `${updated} Skipped ${result.skipped_count} not in the catalogue: ${names}.`;
}
