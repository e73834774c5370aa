/** Which tools each place lists (spec 1 §4 "Tool status"), always sorted by the order field. */
import type { ToolConfig, ToolStatus } from '../../../contract/tools.ts';
import type { AuthRedirectState } from '../../lib/session/redirect-state.ts';
import { authRedirectState } from '../../lib/session/redirect-state.ts';

const LAUNCHER: readonly ToolStatus[] = ['available', 'beta', 'coming-soon'];
const HEADER: readonly ToolStatus[] = ['available', 'beta'];
const FOOTER: readonly ToolStatus[] = ['available'];

export function sortByOrder(tools: readonly ToolConfig[]): ToolConfig[] {
  return [...tools].sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

const withStatus = (tools: readonly ToolConfig[], statuses: readonly ToolStatus[]) =>
  sortByOrder(tools.filter((tool) => statuses.includes(tool.status)));

/** Launcher cards: available, beta and coming-soon. Disabled tools are hidden everywhere. */
export const launcherTools = (tools: readonly ToolConfig[]) => withStatus(tools, LAUNCHER);
/** Header Create menu: available and beta. */
export const headerTools = (tools: readonly ToolConfig[]) => withStatus(tools, HEADER);
/** Footer AI Tools: available only. */
export const footerTools = (tools: readonly ToolConfig[]) => withStatus(tools, FOOTER);

/** Beta tools work (they are only marked); coming-soon and disabled ones do not open. */
export function isLaunchable(tool: ToolConfig): boolean {
  return tool.status === 'available' || tool.status === 'beta';
}

export const toolPath = (tool: Pick<ToolConfig, 'id'>) => `/tools/${tool.id}`;

export type LaunchAction =
  | { kind: 'navigate'; to: string; state?: AuthRedirectState }
  | { kind: 'coming-soon'; tool: ToolConfig };

/** What pressing a launcher card does (spec 1 §2 "Tool launcher"). */
export function launchAction(tool: ToolConfig, signedIn: boolean): LaunchAction {
  if (isLaunchable(tool)) {
    if (tool.requiresAuth && !signedIn) return { kind: 'navigate', to: '/auth', state: authRedirectState(toolPath(tool)) };
    return { kind: 'navigate', to: toolPath(tool) };
  }
  if (signedIn) return { kind: 'coming-soon', tool };
  return { kind: 'navigate', to: '/auth', state: authRedirectState(toolPath(tool)) };
}

export const STATUS_LABELS: Record<ToolStatus, string> = {
  available: 'Available',
  beta: 'Beta',
  'coming-soon': 'Coming Soon',
  disabled: 'Disabled',
};
