import type { FastifyRequest } from 'fastify';
import { malformedUpload } from './route-helpers.ts';

/** One file of a multipart upload, read into memory. */
export interface UploadedFile {
  name: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * A multipart/form-data body read whole, every field and file in the order sent: what a paid route's handler reads,
 * and what its Idempotency-Key's request digest covers (server/http/idempotency.ts).
 */
export class MultipartBody {
  constructor(
    readonly fields: ReadonlyArray<{ name: string; value: string }>,
    readonly files: readonly UploadedFile[],
  ) {}

  /** The last value sent for a field, as a form's repeated field means. */
  field(name: string): string | undefined {
    return this.fields.findLast((f) => f.name === name)?.value;
  }

  file(name: string): UploadedFile | undefined {
    return this.files.find((f) => f.name === name);
  }
}

/**
 * preValidation hook of a route that takes multipart/form-data: reads the whole upload (within the multipart
 * plugin's limits, whose 413s pass through) into `request.body` as a MultipartBody before the handler runs. A
 * request that is not multipart is left as it is. Every paid multipart route has it (registerIdempotency checks).
 */
export async function readMultipartBody(request: FastifyRequest): Promise<void> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return;
  const fields: Array<{ name: string; value: string }> = [];
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files.push({ name: part.fieldname, filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() });
      else fields.push({ name: part.fieldname, value: String(part.value) });
    }
  } catch (err) {
    malformedUpload(err);
  }
  request.body = new MultipartBody(fields, files);
}

/** The body readMultipartBody read, or null when the request was not multipart/form-data. */
export function multipartBodyOf(request: FastifyRequest): MultipartBody | null {
  return request.body instanceof MultipartBody ? request.body : null;
}
