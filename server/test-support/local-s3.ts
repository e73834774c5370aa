import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** What we use of s3rver 3.7 (it ships no types). */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;

export interface LocalS3 {
  /** http://127.0.0.1:<port>, path-style. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings that put the app's files in this bucket. */
  settings: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (npm `s3rver`, objects on disk in a temp folder) in this process on a loopback port,
 * with one bucket made. It knows one key pair (S3RVER / S3RVER) and refuses other access keys, but does not verify
 * SigV4 signatures themselves. Its listing continuation tokens use DES, which Node's OpenSSL 3 refuses: a listing
 * that needs a second page answers 500 (the app lists 1000 objects a page, so a test's bucket never needs one).
 */
export async function startLocalS3(options: { bucket?: string; port?: number } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'ampkit';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-s3-'));
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    ...credentials,
    settings: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
