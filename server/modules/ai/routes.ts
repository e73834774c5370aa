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
import { captionRequest, captionResponse } from '../../../contract/captions.ts';
import { generateImageRequest, type GenerateImageRequest } from '../../../contract/image-tools.ts';
import { photoshootRequest, photoshootResponse } from '../../../contract/photoshoot.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import { perUserPerMinute } from '../../http/route-helpers.ts';
import type { AiService } from './service.ts';

const tags = ['ai'];

export interface AiRoutesDeps {
  ai: AiService;
  limits: { bodyLimitBytes: number; perUserPerMinute: number };
}

export const aiRoutes: FastifyPluginAsyncZod<AiRoutesDeps> = async (app, deps) => {
  // AI calls are limited per user, not per address.
  const rateLimit = perUserPerMinute(deps.limits.perUserPerMinute, 'AI requests');

  app.post(
    '/generate-image',
    {
      bodyLimit: deps.limits.bodyLimitBytes,
      config: { auth: 'user', paid: true, rateLimit },
      schema: {
        tags,
        summary: 'AI Image Morpher, thumbnail (toolName thumbnail-generator) or headshot (ai-headshot): answers the image; toolName mockup-generator queues a mockup job (answers job_id)',
        body: generateImageRequest,
        response: { 200: okSchema(z.union([generatedImageResponse, mockupSubmittedResponse])) },
      },
    },
    async (request) => ok(await generateImage(currentUser(request).id, request.body)),
  );

  /** One call, four tools (spec 2 §7, spec 3 §7): the body's toolName picks the use case. */
  function generateImage(userId: string, body: GenerateImageRequest) {
    switch (body.toolName) {
      case 'mockup-generator':
        return deps.ai.submitMockup(userId, body);
      case 'thumbnail-generator':
        return deps.ai.thumbnail(userId, body);
      case 'ai-headshot':
        return deps.ai.headshot(userId, body);
      default:
        return deps.ai.morph(userId, body);
    }
  }

  app.post(
    '/generate-image-variation',
    {
      bodyLimit: deps.limits.bodyLimitBytes,
      config: { auth: 'user', paid: true, rateLimit },
      schema: { tags, summary: 'AI photoshoot: one variation of 1-4 reference photos (one charge per call)', body: photoshootRequest, response: { 200: okSchema(photoshootResponse) } },
    },
    async (request) => ok(await deps.ai.photoshoot(currentUser(request).id, request.body)),
  );

  app.post(
    '/generate-caption',
    {
      bodyLimit: deps.limits.bodyLimitBytes,
      config: { auth: 'user', paid: true, rateLimit },
      schema: { tags, summary: 'Caption and 5-7 hashtags for an image (saved as a content item)', body: captionRequest, response: { 200: okSchema(captionResponse) } },
    },
    async (request) => ok(await deps.ai.caption(currentUser(request).id, request.body)),
  );

  app.get(
    '/engines',
    { config: { auth: 'user' }, schema: { tags, summary: 'The engine each image tool runs now, its price variant and time estimate', response: { 200: okSchema(aiEnginesResponse) } } },
    async () => ok(await deps.ai.engines()),
  );

  app.get(
    '/mockup-job-status',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'State of a mockup job', querystring: z.strictObject({ job_id: z.uuid() }), response: { 200: okSchema(mockupJobStatus) } },
    },
    async (request) => ok(await deps.ai.mockupStatus(currentUser(request).id, request.query.job_id)),
  );

  app.get(
    '/upscale-providers',
    { config: { auth: 'user' }, schema: { tags, summary: 'Upscale providers, capabilities and prices', response: { 200: okSchema(upscaleProvidersResponse) } } },
    async () => ok(await deps.ai.upscaleProviders()),
  );

  app.post(
    '/upscale-image',
    {
      config: { auth: 'user', paid: true, rateLimit },
      schema: { tags, summary: 'Upscale one of my images', body: upscaleRequest, response: { 200: okSchema(upscaleResponse) } },
    },
    async (request) => ok(await deps.ai.upscale(currentUser(request).id, request.body)),
  );
};
