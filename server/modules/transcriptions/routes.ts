import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  refinementType,
  transcriptDownloadQuery,
  transcriptionContentRequest,
  transcriptionDeleteResponse,
  transcriptionListQuery,
  transcriptionListResponse,
  TRANSCRIPTION_MESSAGES,
  transcriptionParams,
  transcriptionSchema,
  transcriptionStarted,
  transcriptionStatusQuery,
  transcriptionStatusResponse,
  transcriptionTitleRequest,
} from '../../../contract/transcriptions.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import { badRequest } from '../../lib/errors.ts';
import { multipartBodyOf, readMultipartBody } from '../../http/multipart-body.ts';
import { perUserPerMinute } from '../../http/route-helpers.ts';
import type { TranscriptionsService } from './service.ts';

export interface TranscriptionsRoutesDeps {
  transcriptions: TranscriptionsService;
  limits: { maxUploadBytes: number; perUserPerMinute: number };
}

const tags = ['transcriptions'];

/** The spec's fields, in any order: `audio_file` (one file) and `refinement_type` (default raw), read whole before. */
function readStart(request: FastifyRequest): { audio: Buffer; filename: string; type: string } {
  const body = multipartBodyOf(request);
  if (!body) throw badRequest('Send the audio as multipart/form-data with the field audio_file.');
  const audio = body.file('audio_file');
  if (!audio || audio.data.length === 0) throw badRequest(TRANSCRIPTION_MESSAGES.missingFile);
  return { audio: audio.data, filename: audio.filename || 'audio', type: body.field('refinement_type') ?? 'raw' };
}

/** /api/transcriptions (spec 3 §7). */
export const transcriptionsRoutes: FastifyPluginAsyncZod<TranscriptionsRoutesDeps> = async (app, deps) => {
  const { transcriptions } = deps;
  await app.register(multipart, {
    limits: { fileSize: deps.limits.maxUploadBytes, files: 1, parts: 20, fields: 10, fieldSize: 1024, headerPairs: 100 },
  });
  const rateLimit = perUserPerMinute(deps.limits.perUserPerMinute, 'transcriptions');

  app.post(
    '/',
    {
      config: { auth: 'user', scope: 'transcribe', paid: true, rateLimit },
      // The upload is read whole before the Idempotency-Key is claimed, so the key's digest covers the file and fields.
      preValidation: readMultipartBody,
      schema: {
        tags,
        summary: 'Start a transcription: multipart audio_file and refinement_type; the price of its real duration is held',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(transcriptionStarted) },
      },
    },
    async (request) => {
      const { audio, filename, type } = readStart(request);
      const parsed = refinementType.safeParse(type);
      if (!parsed.success) throw badRequest(`refinement_type must be one of ${refinementType.options.join(', ')}.`);
      return ok(await transcriptions.startFromAudio({ userId: currentUser(request).id, audio, filename, refinementType: parsed.data, source: 'web' }));
    },
  );

  app.get(
    '/',
    { config: { auth: 'user', scope: 'transcribe' }, schema: { tags, summary: 'My transcriptions, newest first', querystring: transcriptionListQuery, response: { 200: okSchema(transcriptionListResponse) } } },
    async (request) => ok({ transcriptions: await transcriptions.list(currentUser(request).id, request.query) }),
  );

  app.get(
    '/status',
    { config: { auth: 'user', scope: 'transcribe' }, schema: { tags, summary: 'A transcription’s status', querystring: transcriptionStatusQuery, response: { 200: okSchema(transcriptionStatusResponse) } } },
    async (request) => ok(await transcriptions.status(currentUser(request).id, request.query.uuid)),
  );

  app.get(
    '/:uuid',
    { config: { auth: 'user', scope: 'transcribe' }, schema: { tags, summary: 'One transcription', params: transcriptionParams, response: { 200: okSchema(transcriptionSchema) } } },
    async (request) => ok(await transcriptions.get(currentUser(request).id, request.params.uuid)),
  );

  app.get(
    '/:uuid/download',
    { config: { auth: 'user', scope: 'transcribe' }, schema: { tags, summary: 'Download as text, or as SRT or VTT subtitles when timings exist', params: transcriptionParams, querystring: transcriptDownloadQuery } },
    async (request, reply) => {
      const file = await transcriptions.download(currentUser(request).id, request.params.uuid, request.query.format);
      return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );

  app.put(
    '/:uuid/title',
    {
      config: { auth: 'user', scope: 'transcribe' },
      schema: { tags, summary: 'Rename a transcription', params: transcriptionParams, body: transcriptionTitleRequest, response: { 200: okSchema(transcriptionSchema) } },
    },
    async (request) => ok(await transcriptions.setTitle(currentUser(request).id, request.params.uuid, request.body.title)),
  );

  app.put(
    '/:uuid/content',
    {
      config: { auth: 'user', scope: 'transcribe' },
      schema: { tags, summary: 'Edit a transcription’s text', params: transcriptionParams, body: transcriptionContentRequest, response: { 200: okSchema(transcriptionSchema) } },
    },
    async (request) => ok(await transcriptions.setContent(currentUser(request).id, request.params.uuid, request.body.content)),
  );

  app.delete(
    '/:uuid',
    { config: { auth: 'user' }, schema: { tags, summary: 'Delete a transcription and its audio', params: transcriptionParams, response: { 200: okSchema(transcriptionDeleteResponse) } } },
    async (request) => {
      await transcriptions.remove(currentUser(request).id, request.params.uuid);
      return ok({ deleted: true as const });
    },
  );
};
