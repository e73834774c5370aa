import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ToolConfig } from '../../../contract/tools.ts';

export type ToolComponent = LazyExoticComponent<ComponentType<{ tool: ToolConfig }>>;

/**
 * The page of each built tool, keyed by tool id, e.g.
 * `'image-variator': lazy(() => import('../../features/ai/image-variator-page.tsx').then((m) => ({ default: m.ImageVariatorPage })))`.
 * A tool without an entry here (or whose status is not available/beta) shows the coming-soon shell.
 */
export const TOOL_COMPONENTS: Partial<Record<string, ToolComponent>> = {
  'image-variator': lazy(() => import('../../features/morpher/morpher-page.tsx').then((m) => ({ default: m.MorpherPage }))),
  'mockup-generator': lazy(() => import('../../features/mockups/mockup-page.tsx').then((m) => ({ default: m.MockupPage }))),
};
