import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clearFilesQuery,
  clearFilesResponse,
  deleteFileResponse,
  fileIdParams,
  fileListQuery,
  fileListResponse,
  fileServeQuery,
  sharedFileSchema,
  uploadFileResponse,
} from '../../../contract/files.ts';
import { badRequest } from '../../lib/errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import { malformedUpload } from '../../http/route-helpers.ts';
import { registerSharingRoutes } from '../sharing-routes.ts';
import type { FileVariant, FilesService } from './service.ts';

const tags = ['files'];
const viewer = (request: FastifyRequest) => request.auth?.user.id ?? null;

export interface FilesRoutesDeps {
  files: FilesService;
  limits: { maxUploadBytes: number };
}

/** Streams a file with the right type, disposition, caching and range headers. */
async function sendFile(
  files: FilesService,
  request: FastifyRequest,
  id: string,
  reply: FastifyReply,
  variant: FileVariant,
  disposition: 'inline' | 'attachment',
) {
  const opened = await files.open(id, viewer(request), variant, variant === 'original' ? request.headers.range : undefined);
  reply
    .header('content-type', opened.contentType)
    .header('content-disposition', `${disposition}; filename="${opened.filename}"`)
    .header('cache-control', `${opened.isPublic ? 'public' : 'private'}, max-age=300`)
    .header('accept-ranges', 'bytes');
  if (opened.range) {
    reply
      .status(206)
      .header('content-range', `bytes ${opened.range.start}-${opened.range.end}/${opened.size}`)
      .header('content-length', opened.range.end - opened.range.start + 1);
  } else {
    reply.header('content-length', opened.size);
  }
  return reply.send(opened.stream);
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesDeps> = async (app, deps) => {
  await app.register(multipart, {
    limits: { fileSize: deps.limits.maxUploadBytes, files: 1, parts: 1000, fields: 20, fieldSize: 1024, headerPairs: 100 },
  });

  app.post(
    '/upload',
    {
      config: { auth: 'user', scope: 'generate' },
      schema: { tags, summary: 'Upload one image or audio file (multipart field "file")', consumes: ['multipart/form-data'], response: { 200: okSchema(uploadFileResponse) } },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
      const part = await request.file().catch(malformedUpload);
      if (!part) throw badRequest('No file was sent.');
      const data = await part.toBuffer().catch(malformedUpload);
      const saved = await deps.files.save({
        userId: currentUser(request).id,
        data,
        entityType: 'upload',
        originalFilename: part.filename,
        enforceQuota: true,
      });
      return ok({ file: deps.files.galleryItem(saved) });
    },
  );

  app.get(
    '/list',
    { config: { auth: 'user', scope: 'files:read' }, schema: { tags, summary: 'My files, newest first', querystring: fileListQuery, response: { 200: okSchema(fileListResponse) } } },
    async (request) => ok(await deps.files.list(currentUser(request).id, request.query)),
  );

  app.delete(
    '/delete/:id',
    { config: { auth: 'user' }, schema: { tags, summary: 'Delete one of my files', params: fileIdParams, response: { 200: okSchema(deleteFileResponse) } } },
    async (request) => {
      await deps.files.delete(currentUser(request).id, request.params.id);
      return ok({ deleted: true as const });
    },
  );

  app.delete(
    '/clear',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Delete all my gallery images (or one tool’s)',
        querystring: clearFilesQuery,
        response: { 200: okSchema(clearFilesResponse) },
      },
    },
    async (request) => ok({ deleted: await deps.files.clear(currentUser(request).id, request.query.tool) }),
  );

  app.get('/thumbnail/:id', { config: { auth: 'public', scope: 'files:read' }, schema: { tags, summary: 'Thumbnail (WebP, about 512 px)', params: fileIdParams } }, (request, reply) =>
    sendFile(deps.files, request, request.params.id, reply, 'thumbnail', 'inline'),
  );
  app.get('/download/:id', { config: { auth: 'public', scope: 'files:read' }, schema: { tags, summary: 'The full file as a download', params: fileIdParams } }, (request, reply) =>
    sendFile(deps.files, request, request.params.id, reply, 'original', 'attachment'),
  );
  app.get(
    '/serve/:id',
    { config: { auth: 'public', scope: 'files:read' }, schema: { tags, summary: 'The file, streamed with Range support', params: fileIdParams, querystring: fileServeQuery } },
    (request, reply) => sendFile(deps.files, request, request.params.id, reply, 'original', request.query.download === 'true' ? 'attachment' : 'inline'),
  );
  app.get('/og/:id', { config: { auth: 'public' }, schema: { tags, summary: 'Social preview image, 1200x630', params: fileIdParams } }, (request, reply) =>
    sendFile(deps.files, request, request.params.id, reply, 'social', 'inline'),
  );

  registerSharingRoutes(app, { tags, page: 'file page', params: fileIdParams, sharing: deps.files });
};

/** GET /api/file/{uuid}: the public file page. */
export const publicFileRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, deps) => {
  app.get(
    '/:id',
    { config: { auth: 'public', scope: 'files:read' }, schema: { tags, summary: 'A file page: public files for anyone, private ones for their owner', params: fileIdParams, response: { 200: okSchema(sharedFileSchema) } } },
    async (request) => ok(await deps.files.publicView(request.params.id, viewer(request))),
  );
};
