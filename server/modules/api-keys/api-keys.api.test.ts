import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, apiKeyRevokedResponse, apiKeysResponse, createdApiKeyResponse, MAX_LIVE_API_KEYS, type ApiScope } from '../../../contract/api-keys.ts';
import { profileResponse } from '../../../contract/auth.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { uploadFileResponse } from '../../../contract/files.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { makePng, multipartBody } from '../../test-support/media.ts';

let t: TestApp;
let owner: TestSession;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '1000' });
  owner = await t.make.user({ credits: '20' });
});
afterAll(async () => t?.close());

async function createKey(session: TestSession, scopes: ApiScope[], name = 'Script') {
  return data(await t.call('POST', '/api/account/api-keys', { session, body: { name, scopes } }), createdApiKeyResponse);
}
/** The error envelope of an answer that must have this status. */
function refusal(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return error(res);
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const pngUpload = async () => multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: await makePng(32, 32) }]);

describe('API keys: made in a signed-in browser, shown once, kept as a hash', () => {
  it('creates a test-checkout key (ak_test_), lists it without the key, and stores only its SHA-256', async () => {
    const created = await createKey(owner, ['account:read'], '  n8n flow ');
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.key.startsWith('ak_test_')).toBe(true);
    expect(created).toMatchObject({ name: 'n8n flow', prefix: created.key.slice(0, 12), scopes: ['account:read'] });

    const list = data(await t.call('GET', '/api/account/api-keys', { session: owner }), apiKeysResponse);
    expect(list.max_keys).toBe(MAX_LIVE_API_KEYS);
    const listed = list.keys.find((k) => k.id === created.id)!;
    expect(listed).toEqual({
      id: created.id,
      name: 'n8n flow',
      prefix: created.prefix,
      scopes: ['account:read'],
      created_at: created.created_at,
      last_used_at: null,
      monthly_cap: null,
      spent_this_month: '0.0000',
    });
    expect(JSON.stringify(list)).not.toContain(created.key);

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(sha256(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
  });

  it('refuses a bad name or scope list with the field named, and creates nothing', async () => {
    const before = (await t.database.db.select().from(apiKeys)).length;
    for (const body of [
      { name: '', scopes: ['generate'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['generate', 'generate'] },
      { name: 'x'.repeat(61), scopes: ['generate'] },
      { name: 'x', scopes: ['generate'], extra: 1 },
      { name: 7, scopes: 'generate' },
    ]) {
      const res = await t.call('POST', '/api/account/api-keys', { session: owner, body });
      expect(refusal(res, 400).code).toBe('VALIDATION_ERROR');
    }
    expect((await t.database.db.select().from(apiKeys)).length).toBe(before);
  });

  it('holds at most 10 live keys per user, even when created at once; a revoked one frees its place', async () => {
    const user = await t.make.user();
    const answers = await Promise.all(
      Array.from({ length: MAX_LIVE_API_KEYS + 3 }, (_, i) => t.call('POST', '/api/account/api-keys', { session: user, body: { name: `k${i}`, scopes: ['generate'] } })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAX_LIVE_API_KEYS);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(3);
    for (const res of refused) expect(refusal(res, 409).message).toContain('10 API keys');

    const first = data(answers.find((r) => r.statusCode === 200)!, createdApiKeyResponse);
    expect(data(await t.call('DELETE', `/api/account/api-keys/${first.id}`, { session: user }), apiKeyRevokedResponse)).toEqual({ revoked: true });
    await createKey(user, ['generate']);
    expect(data(await t.call('GET', '/api/account/api-keys', { session: user }), apiKeysResponse).keys).toHaveLength(MAX_LIVE_API_KEYS);
  });

  it("answers 404 for another user's key, and leaves it working", async () => {
    const other = await t.make.user();
    const theirs = await createKey(other, ['account:read']);
    expect(refusal(await t.call('DELETE', `/api/account/api-keys/${theirs.id}`, { session: owner }), 404).code).toBe('NOT_FOUND');
    expect((await t.call('GET', '/api/credits/balance', { headers: bearer(theirs.key) })).statusCode).toBe(200);
    expect(refusal(await t.call('DELETE', '/api/account/api-keys/not-a-uuid', { session: owner }), 400).code).toBe('VALIDATION_ERROR');
  });

  it('needs the session and its CSRF token to create or revoke (a key cannot)', async () => {
    expect(refusal(await t.call('POST', '/api/account/api-keys', { session: owner, csrf: null, body: { name: 'x', scopes: ['generate'] } }), 403).code).toBe('CSRF_INVALID');
    const key = await createKey(owner, ['generate', 'files:read', 'transcribe', 'account:read']);
    expect(refusal(await t.call('POST', '/api/account/api-keys', { headers: bearer(key.key), body: { name: 'x', scopes: ['generate'] } }), 403).code).toBe('FORBIDDEN');
    expect(refusal(await t.call('GET', '/api/account/api-keys', { headers: bearer(key.key) }), 403).code).toBe('FORBIDDEN');
    expect(refusal(await t.call('DELETE', `/api/account/api-keys/${key.id}`, { headers: bearer(key.key) }), 403).code).toBe('FORBIDDEN');
  });
});

describe('Authorization: Bearer <key>', () => {
  it('answers a covered call as the signed-in browser gets it, with no cookie and no CSRF token, and records the last use', async () => {
    const key = await createKey(owner, ['account:read', 'generate']);
    const byKey = data(await t.call('GET', '/api/credits/balance', { headers: bearer(key.key) }), creditBalanceResponse);
    const byCookie = data(await t.call('GET', '/api/credits/balance', { session: owner }), creditBalanceResponse);
    expect(byKey).toEqual(byCookie);

    const profile = data(await t.call('GET', '/api/auth/profile', { headers: bearer(key.key) }), profileResponse);
    expect(profile.user.email).toBe(owner.email);
    expect(profile.csrf_token).toBe('');

    // A mutating call: no CSRF token asked.
    const upload = await pngUpload();
    const uploaded = data(await t.call('POST', '/api/files/upload', { headers: { ...bearer(key.key) }, raw: upload }), uploadFileResponse);
    expect(uploaded.file.id).toMatch(/^[0-9a-f-]{36}$/);

    const listed = data(await t.call('GET', '/api/account/api-keys', { session: owner }), apiKeysResponse).keys.find((k) => k.id === key.id)!;
    expect(listed.last_used_at).not.toBeNull();
  });

  it('runs a paid tool with a key and charges the key owner, once per Idempotency-Key', async () => {
    await t.setPrice('image_generation', 'local', '1');
    const user = await t.make.user({ credits: '5' });
    const key = await createKey(user, ['generate', 'account:read']);
    const body = { imageData: (await makePng(64, 48)).toString('base64'), userPrompt: 'make it black and white' };
    const headers = { ...bearer(key.key), 'idempotency-key': 'script-run-1' };
    const first = await t.call('POST', '/api/ai/generate-image', { headers, body });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.call('POST', '/api/ai/generate-image', { headers, body });
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ data: { credits_used: '1.0000' } });
    const { balance } = data(await t.call('GET', '/api/credits/balance', { headers: bearer(key.key) }), creditBalanceResponse);
    expect(Number(balance.balance)).toBe(4);
  });

  it('uses the key, not a cookie sent with it', async () => {
    const other = await t.make.user({ credits: '3' });
    const key = await createKey(other, ['account:read']);
    const res = await t.call('GET', '/api/auth/profile', { session: owner, headers: bearer(key.key) });
    expect(data(res, profileResponse).user.email).toBe(other.email);
  });

  it('refuses an unknown, malformed or revoked key with 401, at once', async () => {
    const key = await createKey(owner, ['account:read']);
    expect((await t.call('GET', '/api/credits/balance', { headers: bearer(key.key) })).statusCode).toBe(200);
    data(await t.call('DELETE', `/api/account/api-keys/${key.id}`, { session: owner }), apiKeyRevokedResponse);
    const revoked = refusal(await t.call('GET', '/api/credits/balance', { headers: bearer(key.key) }), 401);
    expect(revoked.code).toBe('UNAUTHENTICATED');
    expect(revoked.message).toContain('revoked');
    expect(refusal(await t.call('DELETE', `/api/account/api-keys/${key.id}`, { session: owner }), 404).code).toBe('NOT_FOUND');

    const unknown = `ak_test_${'A'.repeat(32)}`;
    for (const header of [`Bearer ${unknown}`, 'Bearer nope', 'Basic dXNlcjpwYXNz', `Bearer ${key.key.slice(0, -1)}`, 'Bearer', `bearer  ${unknown}`]) {
      expect(refusal(await t.call('GET', '/api/credits/balance', { headers: { authorization: header } }), 401).code).toBe('UNAUTHENTICATED');
    }
    // Even on a public route: a bad credential is refused, not ignored.
    expect(refusal(await t.call('GET', '/api/pricing/tools', { headers: bearer(unknown) }), 401).code).toBe('UNAUTHENTICATED');
  });

  it('answers 403 outside the key\'s scopes, on routes no key reaches, and in the admin area even for an admin', async () => {
    const key = await createKey(owner, ['account:read']);
    const outOfScope = refusal(await t.call('POST', '/api/files/upload', { headers: bearer(key.key), raw: await pngUpload() }), 403);
    expect(outOfScope.code).toBe('FORBIDDEN');
    expect(outOfScope.message).toContain('"generate" scope');
    for (const [method, url] of [
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/sessions/end-others'],
      ['PUT', '/api/auth/profile'],
      ['GET', '/api/credits/packages'],
      ['POST', '/api/telegram/generate-link'],
      ['DELETE', '/api/files/clear'],
    ] as const) {
      expect(refusal(await t.call(method, url, { headers: bearer(key.key), body: method === 'GET' ? undefined : {} }), 403).message).toContain('API keys cannot');
    }
    const admin = await t.make.user({ admin: true });
    const adminKey = await createKey(admin, ['generate', 'files:read', 'transcribe', 'account:read']);
    const refused = refusal(await t.call('GET', '/api/admin/users', { headers: bearer(adminKey.key) }), 403);
    expect(refused.message).toContain('admin area');
    expect((await t.call('GET', '/api/admin/users', { session: admin })).statusCode).toBe(200);
  });

  it("serves a private file to its owner's files:read key; a public route answers other keys as a visitor", async () => {
    const fileId = await t.make.file(owner);
    const reader = await createKey(owner, ['files:read']);
    const noFiles = await createKey(owner, ['account:read']);
    expect((await t.call('GET', `/api/files/serve/${fileId}`, { headers: bearer(reader.key) })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/files/download/${fileId}`, { headers: bearer(reader.key) })).statusCode).toBe(200);
    expect(refusal(await t.call('GET', `/api/files/serve/${fileId}`, { headers: bearer(noFiles.key) }), 403).code).toBe('FORBIDDEN');
    expect((await t.call('GET', '/api/pricing/tools', { headers: bearer(noFiles.key) })).statusCode).toBe(200);
    // Another user's key reads the file as anyone would: private, so not found.
    const stranger = await createKey(await t.make.user(), ['files:read']);
    expect((await t.call('GET', `/api/files/serve/${fileId}`, { headers: bearer(stranger.key) })).statusCode).toBe(404);
  });
});

describe('each key has its own rate limit', () => {
  let limited: TestApp;
  afterAll(async () => limited?.close());

  it('answers 429 with Retry-After past RATE_LIMIT_API_KEY_PER_MINUTE, for that key only, until the minute ends', async () => {
    limited = await createTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '3' });
    const user = await limited.make.user();
    const make = async () => data(await limited.call('POST', '/api/account/api-keys', { session: user, body: { name: 'k', scopes: ['account:read'] } }), createdApiKeyResponse).key;
    const [first, second] = [await make(), await make()];
    for (let i = 0; i < 3; i++) expect((await limited.call('GET', '/api/credits/balance', { headers: bearer(first) })).statusCode).toBe(200);
    const over = await limited.call('GET', '/api/credits/balance', { headers: bearer(first) });
    expect(refusal(over, 429).message).toContain('calls with this API key');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await limited.call('GET', '/api/credits/balance', { headers: bearer(second) })).statusCode).toBe(200);
    // The browser session of the same user is not this key's limit.
    expect((await limited.call('GET', '/api/credits/balance', { session: user })).statusCode).toBe(200);
    limited.clock.advance(61_000);
    expect((await limited.call('GET', '/api/credits/balance', { headers: bearer(first) })).statusCode).toBe(200);
  });
});

describe('with Stripe configured', () => {
  let live: TestApp;
  afterAll(async () => live?.close());

  it('issues live keys (ak_live_)', async () => {
    live = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    const user = await live.make.user();
    const created = data(await live.call('POST', '/api/account/api-keys', { session: user, body: { name: 'k', scopes: ['generate'] } }), createdApiKeyResponse);
    expect(created.key.startsWith('ak_live_')).toBe(true);
  });
});
