import { generatedImageResponse, mockupRequest, mockupSubmittedResponse, morphRequest } from '../../../../contract/ai.ts';
import { captionRequest, captionResponse } from '../../../../contract/captions.ts';
import { headshotRequest } from '../../../../contract/headshot.ts';
import { photoshootRequest, photoshootResponse } from '../../../../contract/photoshoot.ts';
import { thumbnailRequest } from '../../../../contract/thumbnail.ts';
import type { ToolId } from '../../../../contract/tools.ts';
import { createCaption } from '../caption.ts';
import type { ToolLifecycle } from '../durable.ts';
import { createHeadshot } from '../headshot.ts';
import { createMorph } from '../morph.ts';
import { createPhotoshoot } from '../photoshoot.ts';
import { createThumbnail } from '../thumbnail.ts';
import { backgroundRemover } from './background-remover/definition.ts';
import type { ServerToolDefinition, ToolDeps } from './definition.ts';

/**
 * Every tool's server side, by id (its contract side: contract/tools/index.ts). The route of each tool, the durable
 * use cases and the tests that call every paid route come from here; `satisfies` makes a missing tool a compile error.
 */
export const SERVER_TOOLS = {
  'image-variator': {
    // POST /api/ai/generate-image with toolName image-variator, or none.
    schemas: { request: morphRequest, response: generatedImageResponse },
    durable: { call: 'morph', make: (lifecycle, { providers, images, isDevelopment }) => createMorph({ lifecycle, providers, images, isDevelopment }) },
    route: null,
    sample: null,
  },
  // POST /api/ai/generate-image queues a mockup job (mockup-submit.ts, mockup-job.ts).
  'mockup-generator': { schemas: { request: mockupRequest, response: mockupSubmittedResponse }, durable: null, route: null, sample: null },
  'thumbnail-generator': {
    schemas: { request: thumbnailRequest, response: generatedImageResponse },
    durable: { call: 'thumbnail', make: (lifecycle, { providers, images }) => createThumbnail({ lifecycle, providers, images }) },
    route: null,
    sample: null,
  },
  'caption-generator': {
    schemas: { request: captionRequest, response: captionResponse },
    durable: { call: 'caption', make: (lifecycle, { providers, content, images }) => createCaption({ lifecycle, providers, content, images }) },
    route: { summary: 'Caption and 5-7 hashtags for an image (saved as a content item); 202 and the status URL when it takes longer' },
    sample: ({ png }) => ({ imageData: png, prompt: 'Write an Instagram caption' }),
  },
  // The transcriptions module (multipart upload, its own job on the ai lifecycle).
  transcription: { schemas: null, durable: null, route: null, sample: null },
  'ai-photoshoot': {
    schemas: { request: photoshootRequest, response: photoshootResponse },
    durable: { call: 'photoshoot', make: (lifecycle, { providers, images }) => createPhotoshoot({ lifecycle, providers, images }) },
    route: { summary: 'AI photoshoot: one variation of 1-4 reference photos (one charge per call); 202 and the status URL when it takes longer' },
    sample: ({ png }) => ({ images: [png], prompt: 'a beach scene', changeOptions: ['Pose'], variety: 'Subtle' }),
  },
  'ai-headshot': {
    schemas: { request: headshotRequest, response: generatedImageResponse },
    durable: { call: 'headshot', make: (lifecycle, { providers, images }) => createHeadshot({ lifecycle, providers, images }) },
    route: null,
    sample: null,
  },
  'background-remover': backgroundRemover,
} as const satisfies { readonly [Id in ToolId]: ServerToolDefinition };

type Tools = typeof SERVER_TOOLS;
type DurableOf<Id extends ToolId> = Exclude<Tools[Id]['durable'], null>;
/** The tools on the durable path, by their stored call name: what durable.ts runs. */
export type DurableTools = {
  [Id in ToolId as Tools[Id]['durable'] extends { call: infer Call extends string } ? Call : never]: (
    lifecycle: ToolLifecycle,
  ) => ReturnType<DurableOf<Id>['make']>;
};

/** The durable use cases, each made over the lifecycle it is given (the web process's, then the worker's). */
export function durableTools(deps: ToolDeps): DurableTools {
  const entries = Object.values(SERVER_TOOLS).flatMap((tool: ServerToolDefinition) =>
    tool.durable ? [[tool.durable.call, (lifecycle: ToolLifecycle) => tool.durable!.make(lifecycle, deps)] as const] : [],
  );
  return Object.fromEntries(entries) as DurableTools;
}

/** The tools with a paid route of their own under /api/ai. */
export const OWN_ROUTE_TOOLS = (Object.keys(SERVER_TOOLS) as ToolId[]).filter((id) => SERVER_TOOLS[id].route !== null);
