import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, SESSION_COOKIE } from '../../contract/constants.ts';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { sha256 } from '../lib/crypto.ts';
import { createTestApp, type TestApp, type TestSession } from '../test-support/app.ts';

type Call = (
  method: 'GET' | 'POST',
  url: string,
  options?: { session?: TestSession; body?: object; remoteAddress?: string },
) => Promise<LightMyRequestResponse>;

/**
 * A second web process beside the test app: its own app (and so its own in-memory state) on the same database and
 * clock. On PostgreSQL it has its own connection pool, as another process would; PGlite lives in one process, so
 * there the two apps share the one database object.
 */
async function secondProcess(t: TestApp) {
  const database: Database =
    t.database.kind === 'postgres' ? await openDatabase({ url: t.database.url, poolSize: 4 }) : t.database;
  const app = await buildApp({ config: t.config, database, clock: t.clock, logger: false, webRoot: path.join(os.tmpdir(), 'ampkit-no-web') });
  await app.ready();
  return {
    call: callOn(app),
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

function callOn(app: { inject: TestApp['app']['inject'] }): Call {
  return (method, url, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.session) {
      headers.cookie = `${SESSION_COOKIE}=${options.session.cookie}`;
      headers[CSRF_HEADER] = options.session.csrf;
    }
    return app.inject({ method, url, headers, remoteAddress: options.remoteAddress, ...(options.body ? { payload: options.body } : {}) });
  };
}

function expectLimited(res: LightMyRequestResponse, message: string, retryAfterSeconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED', message } });
  expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
}

async function counterRows(t: TestApp) {
  return t.database.db.select().from(rateLimits);
}

describe('rate limits across two web processes on one database', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof secondProcess>>;
  let processes: Call[];
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '4', RATE_LIMIT_AI_PER_MINUTE: '3' });
    other = await secondProcess(t);
    processes = [callOn(t.app), other.call];
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('counts sign-in attempts per address in total, not per process', async () => {
    const login = (i: number, remoteAddress = '203.0.113.7') =>
      processes[i % 2]!('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password-1' }, remoteAddress });
    for (let i = 0; i < 4; i++) expect((await login(i)).statusCode).not.toBe(429);
    const message = 'Too many sign-in attempts from your network. Please wait 15 minutes and try again.';
    expectLimited(await login(0), message, 900);
    expectLimited(await login(1), message, 900);
    // Another address has its own count.
    expect((await login(0, '198.51.100.2')).statusCode).not.toBe(429);
  });

  it('lets exactly the limit through when both processes are hit at once', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        processes[i % 2]!('POST', '/api/auth/register', { body: { email: `burst${i}@example.com`, name: 'Burst', password: 'a-long-password-1' }, remoteAddress: '203.0.113.99' }),
      ).map((res) => res.then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s !== 429)).toHaveLength(4);
  });

  it('counts AI calls per user in total, and opens again when the window ends', async () => {
    const [alice, bob] = [await t.make.user(), await t.make.user()];
    // An invalid body still counts: the limit runs before the body is read.
    const caption = (i: number, session: TestSession) => processes[i % 2]!('POST', '/api/ai/generate-caption', { session, body: {} });
    for (let i = 0; i < 3; i++) expect((await caption(i, alice)).statusCode).toBe(400);
    expectLimited(await caption(3, alice), 'Too many AI requests. Please wait 1 minute and try again.', 60);
    expectLimited(await caption(4, alice), 'Too many AI requests. Please wait 1 minute and try again.', 60);
    expect((await caption(0, bob)).statusCode).toBe(400);

    t.clock.advance(45_000);
    expectLimited(await caption(1, alice), 'Too many AI requests. Please wait 15 seconds and try again.', 15);
    t.clock.advance(15_000);
    expect((await caption(0, alice)).statusCode).toBe(400);
  });

  it('sweeps ended windows out of the table', async () => {
    expect((await counterRows(t)).length).toBeGreaterThan(0);
    // Past every window so far (15 minutes for sign-in) and the once-a-minute sweep of each process.
    t.clock.advance(16 * 60_000);
    await processes[0]!('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password-1' }, remoteAddress: '192.0.2.1' });
    const rows = await counterRows(t);
    // Stored as the key's SHA-256: the table names no address, user or email.
    expect(rows.map((r) => r.key)).toEqual([sha256('POST/api/auth/login-192.0.2.1')]);
    expect(rows[0]!.count).toBe(1);
  });
});

describe('the global limit on every other API call', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof secondProcess>>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '2' });
    other = await secondProcess(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('guards each process in its memory, writing nothing to the database', async () => {
    const notifications = callOn(t.app);
    expect((await notifications('GET', '/api/notifications')).statusCode).toBe(200);
    expect((await notifications('GET', '/api/notifications')).statusCode).toBe(200);
    expectLimited(await notifications('GET', '/api/notifications'), 'Too many requests. Please wait 1 minute and try again.', 60);
    // A per-process capacity guard: the other process has its own count.
    expect((await other.call('GET', '/api/notifications')).statusCode).toBe(200);
    expect(await counterRows(t)).toEqual([]);
    t.clock.advance(60_000);
    expect((await notifications('GET', '/api/notifications')).statusCode).toBe(200);
  });
});
