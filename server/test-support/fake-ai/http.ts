import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * The shared core of the fake AI services: a real HTTP server on 127.0.0.1:0 that records every request
 * (method, path, query, headers, the JSON body or the multipart fields and files) and answers what the
 * service's handler returns, optionally after a delay or by dropping the connection.
 */

export interface RecordedFile {
  filename: string;
  type: string;
  data: Buffer;
}

export interface RecordedAiRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** The parsed body when it was JSON; read it with `jsonOf(request, schema)` (request-bodies.ts). */
  json?: unknown;
  /** Multipart text fields (every value, in order). */
  fields: Record<string, string[]>;
  /** Multipart file parts by field name. */
  files: Record<string, RecordedFile[]>;
  /** The HTTP status the fake answered (0 when it dropped the connection). */
  status?: number;
}

export interface FakeAnswer {
  status: number;
  /** Objects are sent as JSON; strings and Buffers as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (the client may give up first). */
  delayMs?: number;
  /** Destroy the socket instead of answering. */
  disconnect?: boolean;
}

/** Failures every fake can be told to answer next. */
export type CommonFailure =
  | 'rate_limit'
  | 'unauthorized'
  | 'too_large'
  | 'server'
  | 'malformed'
  | 'empty'
  | 'disconnect'
  | { delayMs: number };

export interface FakeHttpServer {
  /** http://127.0.0.1:port */
  origin: string;
  requests: RecordedAiRequest[];
  close(): Promise<void>;
}

export async function startFakeHttp(
  handler: (request: RecordedAiRequest, origin: string) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeHttpServer> {
  const requests: RecordedAiRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(`fake server error: ${(error as Error).message}`);
      }
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const recorded = await record(req);
    requests.push(recorded);
    const answer = await handler(recorded, origin);
    if (answer.delayMs) {
      const closed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve(false);
        }, answer.delayMs);
        timers.add(timer);
        res.once('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
          resolve(true);
        });
      });
      if (closed) {
        recorded.status = 0;
        return;
      }
    }
    if (answer.disconnect) {
      recorded.status = 0;
      req.socket.destroy();
      return;
    }
    recorded.status = answer.status;
    const headers: Record<string, string> = { ...answer.headers };
    let payload: Buffer;
    if (Buffer.isBuffer(answer.body)) {
      payload = answer.body;
    } else if (typeof answer.body === 'string') {
      payload = Buffer.from(answer.body);
      headers['Content-Type'] ??= 'text/plain; charset=utf-8';
    } else if (answer.body === undefined) {
      payload = Buffer.alloc(0);
    } else {
      payload = Buffer.from(JSON.stringify(answer.body));
      headers['Content-Type'] ??= 'application/json; charset=utf-8';
    }
    headers['Content-Length'] = String(payload.length);
    res.writeHead(answer.status, headers);
    res.end(payload);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    requests,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function record(req: IncomingMessage): Promise<RecordedAiRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://fake');
  const recorded: RecordedAiRequest = {
    method: req.method ?? 'GET',
    path: decodeURIComponent(url.pathname),
    query: Object.fromEntries(url.searchParams),
    headers: req.headers,
    rawBody,
    fields: {},
    files: {},
  };
  const type = req.headers['content-type'] ?? '';
  if (/^application\/json/i.test(type) && rawBody.length) {
    try {
      recorded.json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      recorded.json = undefined;
    }
  } else if (/^multipart\/form-data/i.test(type)) {
    // undici's multipart parser, the same one fetch uses.
    const form = await new Response(rawBody, { headers: { 'content-type': type } }).formData();
    for (const [name, value] of form) {
      if (typeof value === 'string') {
        (recorded.fields[name] ??= []).push(value);
      } else {
        (recorded.files[name] ??= []).push({ filename: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) });
      }
    }
  }
  return recorded;
}

/** The first value of a multipart field. */
export function field(request: RecordedAiRequest, name: string): string | undefined {
  return request.fields[name]?.[0];
}

/** A solid-colour PNG, small and real, so callers can decode what a fake returns. */
export function solidPng(width: number, height: number, color: { r: number; g: number; b: number } = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)), channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The pixel size of an image, or undefined when it does not decode. */
export async function imageSize(data: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const { width, height } = await sharp(data).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** A URL on 127.0.0.1 where nothing listens: connecting is refused. */
export async function refusedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** The error bodies a service answers for the common failures, in its own wire format. */
export interface CommonErrorAnswers {
  rate_limit: FakeAnswer;
  unauthorized: FakeAnswer;
  too_large: FakeAnswer;
  server: FakeAnswer;
  /** A 200 whose body lacks what the API promises. */
  empty: FakeAnswer;
}

/** The answer for a common failure; undefined for a delay (answer normally, later). */
export function commonFailureAnswer(failure: CommonFailure, errors: CommonErrorAnswers): FakeAnswer | undefined {
  if (typeof failure === 'object') return undefined;
  switch (failure) {
    case 'malformed':
      return { status: 200, body: '{"result": [ this is not json', headers: { 'Content-Type': 'application/json' } };
    case 'disconnect':
      return { status: 0, disconnect: true };
    default:
      return errors[failure];
  }
}

export function delayOf(failure: unknown): number | undefined {
  return failure && typeof failure === 'object' && 'delayMs' in failure ? (failure as { delayMs: number }).delayMs : undefined;
}

export function requestId(): string {
  return crypto.randomUUID();
}
