import { aiHeadshot } from './ai-headshot.ts';
import { aiPhotoshoot } from './ai-photoshoot.ts';
import { backgroundRemover } from './background-remover.ts';
import { captionGenerator } from './caption-generator.ts';
import type { ToolDefinitions } from './definition.ts';
import { imageVariator } from './image-variator.ts';
import { mockupGenerator } from './mockup-generator.ts';
import { thumbnailGenerator } from './thumbnail-generator.ts';
import { transcription } from './transcription.ts';

/**
 * Every tool's contract-side definition, by id (one file each in this folder). Every per-tool map of the contract
 * (the catalogue, the prices and their seed, the engine estimates) derives from this table; the server's table
 * (server/tools/index.ts) and the web's are keyed by the same ids, so a tool missing a piece does not compile.
 */
export const TOOL_DEFINITIONS = {
  'image-variator': imageVariator,
  'mockup-generator': mockupGenerator,
  'thumbnail-generator': thumbnailGenerator,
  'caption-generator': captionGenerator,
  transcription,
  'ai-photoshoot': aiPhotoshoot,
  'ai-headshot': aiHeadshot,
  'background-remover': backgroundRemover,
} as const satisfies ToolDefinitions;
