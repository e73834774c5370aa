import type { z } from 'zod';
import type { ContentService } from '../../content/service.ts';
import type { ToolLifecycle } from '../durable.ts';
import type { ImageLimits } from '../preprocess.ts';
import type { AiProviders } from '../../../providers/ai/types.ts';

/** What a tool's use case may be made from (each takes the part it needs). */
export interface ToolDeps {
  providers: AiProviders;
  images: ImageLimits;
  content: Pick<ContentService, 'createIn'>;
  isDevelopment: boolean;
}

/** Photos a test hands a tool's sample request: a small PNG, and a photo with a person in it. */
export interface SampleImages {
  png: string;
  person: string;
}

/**
 * One tool, server side (its contract side: contract/tools/<id>.ts). The server's table (`index.ts`) is keyed by
 * every ToolId, so a tool without its server part does not compile.
 */
export interface ServerToolDefinition {
  /**
   * Its use case on the durable generation path (durable.ts): `call` is the name its generations are stored and
   * queued under (kept as it is for the tools that had one: stored rows name it), `make` builds it over a lifecycle.
   * Null for a tool that runs otherwise (the mockup job, the transcription module).
   */
  durable: {
    call: string;
    make: (lifecycle: ToolLifecycle, deps: ToolDeps) => (userId: string, request: never) => Promise<object>;
  } | null;
  /**
   * The request its use case takes and the answer it gives (the contract's schemas): its own route validates and
   * documents them, and generate-image's union (contract/image-tools.ts) holds the request of each tool sent there by
   * toolName. Null for a tool called otherwise (the transcription's multipart upload, described by its module).
   */
  schemas: { request: z.ZodType; response: z.ZodType } | null;
  /** Its own paid POST under /api/ai (the contract's `call.path`): the OpenAPI summary. Null: another route serves it. */
  route: { summary: string } | null;
  /** A valid request of its own route, for the tests that call every paid route (idempotency, the security matrix). */
  sample: ((images: SampleImages) => object) | null;
}
