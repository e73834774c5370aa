/**
 * The web side of the tool definitions: what the browser needs of each tool beyond the contract's definition
 * (contract/tools.ts: id, names, path, schemas, prices). Keyed by ToolId, so a tool without its page does not compile.
 * Each tool's folder under web/features is named by its id.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { TOOL_IDS, type ToolConfig, type ToolId } from '../../../contract/tools.ts';

type ToolPageProps = { tool: ToolConfig };
export type ToolComponent = LazyExoticComponent<ComponentType<ToolPageProps>>;

export interface WebTool {
  /** The tool's page under /tools/<id>, loaded only when it is opened (a chunk of its own). */
  page: ToolComponent;
}

/** A page module's named export, loaded lazily. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType<ToolPageProps>>>, name: K): ToolComponent =>
  lazy(() => load().then((module) => ({ default: module[name] })));

export const WEB_TOOLS = {
  'image-variator': { page: page(() => import('../../features/image-variator/morpher-page.tsx'), 'MorpherPage') },
  'mockup-generator': { page: page(() => import('../../features/mockup-generator/mockup-page.tsx'), 'MockupPage') },
  'thumbnail-generator': { page: page(() => import('../../features/thumbnail-generator/thumbnail-page.tsx'), 'ThumbnailPage') },
  'caption-generator': { page: page(() => import('../../features/caption-generator/caption-page.tsx'), 'CaptionPage') },
  transcription: { page: page(() => import('../../features/transcriptions/transcription-tool.tsx'), 'TranscriptionTool') },
  'ai-photoshoot': { page: page(() => import('../../features/ai-photoshoot/photoshoot-page.tsx'), 'PhotoshootPage') },
  'ai-headshot': { page: page(() => import('../../features/ai-headshot/headshot-page.tsx'), 'HeadshotPage') },
  'background-remover': { page: page(() => import('../../features/background-remover/background-remover-page.tsx'), 'BackgroundRemoverPage') },
} satisfies Record<ToolId, WebTool>;

const isToolId = (id: string): id is ToolId => (TOOL_IDS as readonly string[]).includes(id);

/** The web definition of a tool the catalogue names; undefined for an id this build does not know. */
export function webTool(id: string): WebTool | undefined {
  return isToolId(id) ? WEB_TOOLS[id] : undefined;
}
