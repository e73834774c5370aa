import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJsonPieces, requestHash } from './idempotency.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the request digest of an Idempotency-Key', () => {
  it('is the canonical JSON: keys sorted, undefined left out, bytes as their SHA-256, strings escaped', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const body = { z: 'zé "quoted"', a: [1, { y: null, x: undefined, b: true }, bytes, undefined], m: undefined };
    expect([...canonicalJsonPieces(body)].join('')).toBe(
      `{"a":[1,{"b":true,"y":null},{"sha256":"${createHash('sha256').update(bytes).digest('hex')}","bytes":3},null],"z":"zé \\"quoted\\""}`,
    );
    expect([...canonicalJsonPieces(null)].join('')).toBe('null');
  });

  it('hashes method, URL and that text; the same body in another key order is the same request, another body another', async () => {
    const request = { method: 'POST', url: '/api/batches', body: { tool: 'upscale', options: { scale: 2, mode: 'fast' } } };
    const digest = await requestHash(request);
    expect(digest).toBe(sha256('POST /api/batches\n{"options":{"mode":"fast","scale":2},"tool":"upscale"}'));
    expect(await requestHash({ ...request, body: { options: { mode: 'fast', scale: 2 }, tool: 'upscale' } })).toBe(digest);
    expect(await requestHash({ ...request, body: { ...request.body, tool: 'thumbnail' } })).not.toBe(digest);
    expect(await requestHash({ ...request, url: '/api/other' })).not.toBe(digest);
    expect(await requestHash({ method: 'POST', url: '/x', body: undefined })).toBe(sha256('POST /x\nnull'));
  });

  it('over a large body gives the event loop turns while it hashes, with the digest of the whole text', async () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ imageData: String.fromCharCode(65 + i).repeat(600_000), name: `p${i}.png` }));
    const body = { tool: 'upscale', items };
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    const digest = await requestHash({ method: 'POST', url: '/api/batches', body });
    clearInterval(ticker);
    expect(digest).toBe(sha256(`POST /api/batches\n${[...canonicalJsonPieces(body)].join('')}`));
    // 4.8 M characters: a turn after each MB.
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
