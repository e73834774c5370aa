import { describe, expect, it } from 'vitest';
import { detectImageMime, formatMs, malformed, networkDetail, retryAfterSeconds, sleep } from './http.ts';

describe("the adapters' shared helpers", () => {
  it('reads Retry-After as seconds or an HTTP date, rounded up', () => {
    const now = Date.parse('Sat, 28 Nov 2026 02:00:00 GMT');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds(' 1.2 ', now)).toBe(2);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 02:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 01:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });

  it("names a network failure's causes, which fetch hides", () => {
    const error = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    expect(networkDetail(error)).toBe('fetch failed: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:9');
    expect(networkDetail(undefined)).toBe('fetch failed');
  });

  it('formats durations and marks a broken answer as the provider’s server fault', () => {
    expect(formatMs(1500)).toBe('1.5 s');
    expect(formatMs(800)).toBe('800 ms');
    expect(malformed('Gemini', 'an empty image')).toMatchObject({ message: 'Gemini sent an empty image', errorClass: 'server' });
  });

  it('detects image types from their first bytes', () => {
    expect(detectImageMime(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(detectImageMime(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('image/jpeg');
    expect(detectImageMime(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(detectImageMime(Buffer.from('GIF89a\u0001\u0000', 'latin1'))).toBe('image/gif');
    expect(detectImageMime(Buffer.from('hello'), 'image/x-unknown')).toBe('image/x-unknown');
  });

  it('sleeps, and stops at once when cancelled', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    await expect(sleep(1)).resolves.toBeUndefined();
  });
});
