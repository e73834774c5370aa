import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttp, type FakeHttpServer } from '../../test-support/fake-ai/http.ts';
import { createHttpClient, detectImageMime, genericErrorMessage } from './http.ts';
import { ProviderError } from './types.ts';

let api: FakeHttpServer;
let elsewhere: FakeHttpServer;

beforeAll(async () => {
  api = await startFakeHttp((request) => {
    if (request.path === '/v1/big') return { status: 200, body: Buffer.alloc(2048) };
    if (request.path === '/v1/html-error') return { status: 502, body: '<html><body>Bad gateway</body></html>', headers: { 'Content-Type': 'text/html' } };
    if (request.path === '/v1/text-error') return { status: 503, body: 'upstream connect error' };
    return { status: 200, body: { ok: true, query: request.query } };
  });
  elsewhere = await startFakeHttp(() => ({ status: 200, body: Buffer.from('file') }));
});
afterAll(async () => {
  await api.close();
  await elsewhere.close();
});

const client = () => createHttpClient({ provider: 'Test', baseUrl: `${api.origin}/v1`, authHeaders: { Authorization: 'Bearer k' }, timeoutMs: 2000, maxResponseBytes: 1024 });

describe('createHttpClient', () => {
  it('appends paths to the base URL with its path, and adds the query', async () => {
    const { body } = await client().json<{ query: Record<string, string> }>({ path: '/models', query: { a: 1, b: true, skip: undefined } });
    expect(api.requests.at(-1)!.path).toBe('/v1/models');
    expect(body.query).toEqual({ a: '1', b: 'true' });
  });

  it('sends auth headers to its own origin only', async () => {
    await client().json({ path: '/x' });
    expect(api.requests.at(-1)!.headers.authorization).toBe('Bearer k');
    const { data } = await client().bytes({ path: `${elsewhere.origin}/file.png` });
    expect(data.toString()).toBe('file');
    expect(elsewhere.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('refuses answers larger than maxResponseBytes', async () => {
    const error = await client()
      .bytes({ path: '/big' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toContain('more than the 1024 allowed');
  });

  it('names the status when the error body is HTML, and keeps a short plain-text body', async () => {
    const html = (await client()
      .json({ path: '/html-error' })
      .catch((e: unknown) => e)) as ProviderError;
    expect(html.message).toBe('Test answered HTTP 502 Bad Gateway');
    expect(html.errorClass).toBe('server');
    const text = (await client()
      .json({ path: '/text-error' })
      .catch((e: unknown) => e)) as ProviderError;
    expect(text.message).toBe('upstream connect error');
    expect(text.status).toBe(503);
  });
});

describe('helpers', () => {
  it('reads error messages in the common shapes', () => {
    expect(genericErrorMessage({ error: { message: 'a' } })).toBe('a');
    expect(genericErrorMessage({ error: 'b' })).toBe('b');
    expect(genericErrorMessage({ message: 'c' })).toBe('c');
    expect(genericErrorMessage({ detail: 'd' })).toBe('d');
    expect(genericErrorMessage({ err_msg: 'e' })).toBe('e');
    expect(genericErrorMessage({ nothing: 1 })).toBeUndefined();
  });

  it('detects image types from their first bytes', () => {
    expect(detectImageMime(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(detectImageMime(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('image/jpeg');
    expect(detectImageMime(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(detectImageMime(Buffer.from('hello'), 'image/x-unknown')).toBe('image/x-unknown');
  });
});
