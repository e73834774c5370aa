// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from '../../contract/errors.ts';
import { fail, jsonResponse, ok, stubFetch } from '../test-support/fetch-stub.ts';
import { api, ApiError, apiUrl, errorMessage, NETWORK_ERROR_MESSAGE, setCsrfToken } from './api.ts';
import { vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('api client', () => {
  it('sends cookies and JSON, and returns data from the envelope', async () => {
    const calls = stubFetch(() => ok({ message: 'sent' }));
    await expect(api.post('/auth/magic-link', { email: 'a@b.co' })).resolves.toEqual({ message: 'sent' });
    expect(calls[0]).toMatchObject({
      url: '/api/auth/magic-link',
      method: 'POST',
      credentials: 'include',
      body: { email: 'a@b.co' },
    });
    expect(calls[0]!.headers['content-type']).toBe('application/json');
  });

  it('adds X-CSRF-Token to POST, PUT, PATCH and DELETE but not to GET', async () => {
    const calls = stubFetch(() => ok({}));
    setCsrfToken('tok-123');
    await api.get('/auth/profile');
    await api.post('/a');
    await api.put('/b', { x: 1 });
    await api.patch('/c', { x: 1 });
    await api.delete('/d');
    expect(calls.map((c) => [c.method, c.headers['x-csrf-token']])).toEqual([
      ['GET', undefined],
      ['POST', 'tok-123'],
      ['PUT', 'tok-123'],
      ['PATCH', 'tok-123'],
      ['DELETE', 'tok-123'],
    ]);
  });

  it('sends no CSRF header when there is no session', async () => {
    const calls = stubFetch(() => ok({}));
    await api.post('/auth/logout');
    expect(calls[0]!.headers['x-csrf-token']).toBeUndefined();
  });

  it('rejects answers that are not JSON', async () => {
    stubFetch(() => new Response('<!doctype html><html></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const error = await api.get('/tools/config').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(CLIENT_MESSAGES.nonJson);
    expect((error as ApiError).message).toBe('Server configuration error - API not returning JSON');
  });

  it('throws the server message, code, status and extra fields', async () => {
    stubFetch(() => fail(402, 'INSUFFICIENT_CREDITS', 'Not enough credits', { required_credits: '2.00', deficit: '1.50' }));
    const error = (await api.post('/ai/run').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(402);
    expect(error.code).toBe('INSUFFICIENT_CREDITS');
    expect(error.message).toBe('Not enough credits');
    expect(error.details).toMatchObject({ required_credits: '2.00', deficit: '1.50' });
  });

  it("falls back to 'Request failed' without a server message, and errorMessage uses the screen's fallback", async () => {
    stubFetch(() => jsonResponse({ success: false }, 500));
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Request failed');
    expect(error.generic).toBe(true);
    expect(errorMessage(error, 'Failed to send magic link')).toBe('Failed to send magic link');
  });

  it('treats a non-2xx answer as a failure even if it claims success', async () => {
    stubFetch(() => jsonResponse({ success: true, data: {} }, 500));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('builds query strings, skipping empty values', () => {
    expect(apiUrl('/auth/magic-status', { token: 'a b', empty: undefined, none: null })).toBe('/api/auth/magic-status?token=a+b');
    expect(apiUrl('tools/config')).toBe('/api/tools/config');
  });
});
