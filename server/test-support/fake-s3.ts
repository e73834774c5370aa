import http from 'node:http';

/** One stored object; tests may move `lastModified` back to age it. */
export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  lastModified: Date;
}

/**
 * A small S3-compatible server (path-style REST: PUT, GET with Range, HEAD, DELETE, and ListObjectsV2 with
 * prefix, max-keys and continuation tokens in S3's XML) on a loopback port, as the S3 adapter's peer in tests.
 * It checks that requests are SigV4-signed with the expected key.
 */
export async function startFakeS3(opts: { bucket: string; accessKeyId: string }) {
  const objects = new Map<string, FakeS3Object>();
  const requests: Array<{ method: string; path: string }> = [];

  const xmlError = (res: http.ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  };

  /**
   * GET /bucket?list-type=2: keys in UTF-8 binary order; the continuation token is opaque to the client
   * (here the base64 of the last key returned), as S3's is.
   */
  const listObjectsV2 = (res: http.ServerResponse, q: URLSearchParams) => {
    const prefix = q.get('prefix') ?? '';
    const maxKeys = Math.min(Number(q.get('max-keys') ?? 1000) || 1000, 1000);
    const token = q.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64').toString('utf8') : (q.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > maxKeys;
    const contents = page
      .map((k) => {
        const o = objects.get(k)!;
        return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>&quot;fake&quot;</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Name>${xmlEscape(opts.bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
        (token ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : '') +
        `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (truncated ? `<NextContinuationToken>${Buffer.from(page[page.length - 1]!).toString('base64')}</NextContinuationToken>` : '') +
        contents +
        '</ListBucketResult>',
    );
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? '', path: url.pathname });
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/`)) {
      return xmlError(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== opts.bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(rest.join('/'));
    if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') return listObjectsV2(res, url.searchParams);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT': {
          let body: Buffer = Buffer.concat(chunks);
          if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) body = decodeAwsChunked(body);
          objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream'), lastModified: new Date() });
          res.writeHead(200, { etag: '"fake"' });
          return res.end();
        }
        case 'HEAD':
          if (!object) {
            res.writeHead(404);
            return res.end();
          }
          res.writeHead(200, { 'content-length': object.body.length, 'content-type': object.contentType });
          return res.end();
        case 'GET': {
          if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
          if (range) {
            const start = Number(range[1]);
            const end = Math.min(Number(range[2]), object.body.length - 1);
            res.writeHead(206, {
              'content-type': object.contentType,
              'content-length': end - start + 1,
              'content-range': `bytes ${start}-${end}/${object.body.length}`,
            });
            return res.end(object.body.subarray(start, end + 1));
          }
          res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
          return res.end(object.body);
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed.');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Decodes an aws-chunked body (`size;chunk-signature=…\r\n data \r\n … 0;…\r\n trailers`). */
function decodeAwsChunked(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let pos = 0;
  while (pos < body.length) {
    const lineEnd = body.indexOf('\r\n', pos);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(pos, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    out.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    pos = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}
