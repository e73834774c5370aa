import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generatedImageResponse, generateImageRequest, mockupJobStatus, mockupSubmittedResponse, upscaleProvidersResponse, upscaleRequest, upscaleResponse } from '../../../contract/ai.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { AiService } from './service.ts';

const tags = ['ai'];

export interface AiRoutesDeps {
  ai: AiService;
  limits: { bodyLimitBytes: number; perUserPerMinute: number };
}

export const aiRoutes: FastifyPluginAsyncZod<AiRoutesDeps> = async (app, deps) => {
  // AI calls are limited per user, not per address.
  const rateLimit = {
    max: deps.limits.perUserPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: { auth: { user: { id: string } } | null; ip: string }) => request.auth?.user.id ?? request.ip,
    errorResponseBuilder: tooManyRequests('AI requests'),
  };

  app.post(
    '/generate-image',
    {
      bodyLimit: deps.limits.bodyLimitBytes,
      config: { auth: 'user', paid: true, rateLimit },
      schema: {
        tags,
        summary: 'AI Image Morpher (answers the image) or, with toolName mockup-generator, a mockup job (answers job_id)',
        body: generateImageRequest,
        response: { 200: okSchema(z.union([generatedImageResponse, mockupSubmittedResponse])) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      return ok(body.toolName === 'mockup-generator' ? await deps.ai.submitMockup(user.id, body) : await deps.ai.morph(user.id, body));
    },
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
