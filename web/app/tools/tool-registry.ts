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
  'thumbnail-generator': lazy(() => import('../../features/thumbnails/thumbnail-page.tsx').then((m) => ({ default: m.ThumbnailPage }))),
  'ai-headshot': lazy(() => import('../../features/headshots/headshot-page.tsx').then((m) => ({ default: m.HeadshotPage }))),
  'ai-photoshoot': lazy(() => import('../../features/photoshoot/photoshoot-page.tsx').then((m) => ({ default: m.PhotoshootPage }))),
  transcription: lazy(() => import('../../features/transcriptions/transcription-tool.tsx').then((m) => ({ default: m.TranscriptionTool }))),
  'caption-generator': lazy(() => import('../../features/captions/caption-page.tsx').then((m) => ({ default: m.CaptionPage }))),
};
