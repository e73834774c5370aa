import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiEnginesResponse,
  generatedImageResponse,
  mockupJobStatus,
  mockupSubmittedResponse,
  upscaleProvidersResponse,
  upscaleRequest,
  upscaleResponse,
} from '../../../contract/ai.ts';
import { generateImageRequest, type GenerateImageRequest } from '../../../contract/image-tools.ts';
import { generationAccepted } from '../../../contract/generations.ts';
import { TOOL_DEFINITIONS } from '../../../contract/tools.ts';
import type { FastifyReply } from 'fastify';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import { perUserPerMinute } from '../../http/route-helpers.ts';
import type { Submitted } from './durable.ts';
import type { AiService } from './service.ts';
import type { ServerToolDefinition } from './tools/definition.ts';
import { OWN_ROUTE_TOOLS, SERVER_TOOLS, type DurableTools } from './tools/index.ts';

const tags = ['ai'];
/** Where app.ts mounts these routes. */
const PREFIX = '/api/ai';

export interface AiRoutesDeps {
  ai: AiService;
  limits: { bodyLimitBytes: number; perUserPerMinute: number };
}

/** A durable tool's call: its own answer when it finished within the wait, else 202 and the status URL. */
const accepted = okSchema(generationAccepted);

function answer<A>(reply: FastifyReply, submitted: Submitted<A>): FastifyReply {
  return reply.code(submitted.status).send(ok(submitted.body));
}

export const aiRoutes: FastifyPluginAsyncZod<AiRoutesDeps> = async (app, deps) => {
  const generations = deps.ai.generations;
  // AI calls are limited per user, not per address.
  const rateLimit = perUserPerMinute(deps.limits.perUserPerMinute, 'AI requests');

  app.post(
    '/generate-image',
    {
      bodyLimit: deps.limits.bodyLimitBytes,
      config: { auth: 'user', scope: 'generate', paid: true, rateLimit },
      schema: {
        tags,
        summary:
          'AI Image Morpher, thumbnail (toolName thumbnail-generator) or headshot (ai-headshot): answers the image, or 202 and the status URL when it takes longer than GENERATION_WAIT_MS; toolName mockup-generator queues a mockup job (answers job_id)',
        body: generateImageRequest,
        response: { 200: okSchema(z.union([generatedImageResponse, mockupSubmittedResponse])), 202: accepted },
      },
    },
    async (request, reply) => answer(reply, await generateImage(currentUser(request).id, request.body)),
  );

  /** One call, four tools (spec 2 §7, spec 3 §7): the body's toolName picks the use case (no toolName: the morpher). */
  async function generateImage(userId: string, body: GenerateImageRequest): Promise<Submitted<object>> {
    if (body.toolName === 'mockup-generator') return { status: 200, body: await deps.ai.submitMockup(userId, body) };
    return generations.submit(SERVER_TOOLS[body.toolName ?? 'image-variator'].durable.call, userId, body);
  }

  // The tools with a route of their own (photoshoot, captions, background remover): the path from their contract
  // definition, the schemas and the use case from their server one.
  for (const id of OWN_ROUTE_TOOLS) {
    const { call } = TOOL_DEFINITIONS[id];
    const server: ServerToolDefinition = SERVER_TOOLS[id];
    if (!call.path.startsWith(PREFIX) || !server.schemas || !server.durable || !server.route) {
      throw new Error(`${id}: a route of its own needs a path under ${PREFIX}, its schemas and a durable use case`);
    }
    const durableCall = server.durable.call as keyof DurableTools;
    app.post(
      call.path.slice(PREFIX.length),
      {
        bodyLimit: deps.limits.bodyLimitBytes,
        config: { auth: 'user', scope: 'generate', paid: true, rateLimit },
        schema: { tags, summary: server.route.summary, body: server.schemas.request, response: { 200: okSchema(server.schemas.response), 202: accepted } },
      },
      // The body was validated against the tool's own request schema above.
      async (request, reply) => answer(reply, await generations.submit(durableCall, currentUser(request).id, request.body as never)),
    );
  }

  app.get(
    '/engines',
    { config: { auth: 'user', scope: 'generate' }, schema: { tags, summary: 'The engine each image tool runs now, its price variant and time estimate', response: { 200: okSchema(aiEnginesResponse) } } },
    async () => ok(await deps.ai.engines()),
  );

  app.get(
    '/mockup-job-status',
    {
      config: { auth: 'user', scope: 'generate' },
      schema: { tags, summary: 'State of a mockup job', querystring: z.strictObject({ job_id: z.uuid() }), response: { 200: okSchema(mockupJobStatus) } },
    },
    async (request) => ok(await deps.ai.mockupStatus(currentUser(request).id, request.query.job_id)),
  );

  app.get(
    '/upscale-providers',
    { config: { auth: 'user', scope: 'generate' }, schema: { tags, summary: 'Upscale providers, capabilities and prices', response: { 200: okSchema(upscaleProvidersResponse) } } },
    async () => ok(await deps.ai.upscaleProviders()),
  );

  app.post(
    '/upscale-image',
    {
      config: { auth: 'user', scope: 'generate', paid: true, rateLimit },
      schema: {
        tags,
        summary: 'Upscale one of my images; 202 and the status URL when it takes longer than GENERATION_WAIT_MS',
        body: upscaleRequest,
        response: { 200: okSchema(upscaleResponse), 202: accepted },
      },
    },
    async (request, reply) => answer(reply, await generations.submit('upscale', currentUser(request).id, request.body)),
  );
};
