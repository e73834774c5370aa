import { Transform, type Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertKey, type ObjectStorage } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (needed by most S3-compatible servers). */
  forcePathStyle?: boolean;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Any S3-compatible store. */
export function s3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle ?? !!settings.endpoint,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    // Multipart in 8 MB parts, one at a time: memory stays at about a part whatever the object's size. S3 shows
    // the object only when the upload completes; a failed one is aborted.
    async putStream(key, body, contentType) {
      assertKey(key);
      let written = 0;
      const counted = body.pipe(
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            written += chunk.length;
            done(null, chunk);
          },
        }),
      );
      body.once('error', (err) => counted.destroy(err));
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: counted, ContentType: contentType }, queueSize: 1, partSize: 8 * 1024 * 1024 });
      await upload.done();
      return written;
    },
    async get(key, range) {
      assertKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : Number(out.ContentLength ?? 0);
        return { stream: out.Body as Readable, size: total };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async list({ prefix, cursor, limit = 1000 }) {
      const out = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: limit, ContinuationToken: cursor ?? undefined }),
      );
      const objects = (out.Contents ?? [])
        .filter((o) => o.Key)
        // No date means we cannot tell its age: treat it as new, so reconciliation never removes it early.
        .map((o) => ({ key: o.Key!, lastModified: o.LastModified ?? new Date(), size: Number(o.Size ?? 0) }));
      return { objects, cursor: out.IsTruncated && out.NextContinuationToken ? out.NextContinuationToken : null };
    },
  };
}
