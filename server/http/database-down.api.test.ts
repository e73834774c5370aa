import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../contract/constants.ts';
import { createTestApp, type TestApp, type TestSession } from '../test-support/app.ts';
import { testDbKind } from '../test-support/database.ts';

/** A loopback port where nothing listens: taken from the kernel, then closed. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

// PostgreSQL only: PGlite runs in the process and cannot go away on its own.
describe.skipIf(testDbKind() !== 'postgres')('signed-in requests while PostgreSQL is unreachable', () => {
  let t: TestApp;
  let s: TestSession;
  let options: { connectionString: string };
  let realUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await t.make.user();
    if (t.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    // node-postgres builds every new connection from the pool's options.
    options = (t.database.pool as unknown as { options: { connectionString: string } }).options;
    realUrl = options.connectionString;
  });
  afterAll(async () => {
    if (options) options.connectionString = realUrl;
    await t?.close();
  });

  /** Cuts the database off: new connections go to a dead port, and the open ones are terminated by the server. */
  async function breakDatabase() {
    const dead = new URL(realUrl);
    dead.port = String(await deadPort());
    options.connectionString = dead.toString();
    const admin = new pg.Client({ connectionString: realUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await admin.end();
  }

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After and the envelope, then works again once it is back', async () => {
    expect((await t.call('GET', '/api/credits/balance', { session: s })).statusCode).toBe(200);
    await breakDatabase();
    for (const [method, url] of [
      ['GET', '/api/credits/balance'],
      ['GET', '/api/auth/profile'],
      ['GET', '/api/files/list?category=image'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await t.call(method, url, { session: s });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const body = res.json() as { success: boolean; error: { code: string; message: string; request_id: string } };
      expect(body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/try again shortly/i) } });
      expect(body.error.request_id).toBe(res.headers[REQUEST_ID_HEADER]);
    }
    options.connectionString = realUrl;
    const back = await t.call('GET', '/api/credits/balance', { session: s });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.headers['retry-after']).toBeUndefined();
  });

  it('answers /api/health 503 with Retry-After while the database is unreachable, 200 without it once it is back', async () => {
    await breakDatabase();
    try {
      const down = await t.call('GET', '/api/health');
      expect(down.statusCode, down.body).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
    } finally {
      options.connectionString = realUrl;
    }
    const up = await t.call('GET', '/api/health');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.headers['retry-after']).toBeUndefined();
  });
});
