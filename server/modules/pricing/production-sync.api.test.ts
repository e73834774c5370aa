import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingListResponse } from '../../../contract/admin-settings.ts';
import { adminAudit, pricing } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';

/** Both sides of the copy to production (production-sync.ts), between two running apps. */
describe('copy to production between two apps', () => {
  const TOKEN = 'a-production-sync-token-of-at-least-32-chars';
  let prod: TestApp;
  let dev: TestApp;
  let unconfigured: TestApp;
  let server: http.Server;
  let admin: TestSession;

  beforeAll(async () => {
    prod = await createTestApp({ PRODUCTION_SYNC_TOKEN: TOKEN });
    // The production app behind a real HTTP port, answering through its own inject.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void prod.app
          .inject({ method: req.method as 'POST', url: req.url!, headers: req.headers as Record<string, string>, payload: Buffer.concat(chunks) })
          .then((answer) => {
            res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
            res.end(answer.rawPayload);
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dev = await createTestApp({ APP_ENV: 'development', PRODUCTION_SYNC_URL: url, PRODUCTION_SYNC_TOKEN: TOKEN });
    unconfigured = await createTestApp({ APP_ENV: 'development' });
    admin = await dev.make.user({ admin: true });
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await Promise.all([prod?.close(), dev?.close(), unconfigured?.close()]);
  });

  it('sends the table; the production app upserts it with its own audit row', async () => {
    const list = data(await dev.call('GET', '/api/admin/settings/pricing', { session: admin }), pricingListResponse).pricing;
    await dev.call('POST', '/api/admin/settings/pricing/update', { session: admin, body: { id: list.find((p) => p.service_type === 'caption' && p.service_variant === 'standard')!.id, user_cost_credits: '0.09' } });
    await dev.call('POST', '/api/admin/settings/pricing/create', { session: admin, body: { service_type: 'voice_clone', user_cost_credits: '2' } });

    const res = await dev.call('POST', '/api/admin/pricing-sync-to-prod', { session: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ message: expect.stringMatching(/^Sent \d+ prices to production: 1 added, 1 updated/), sent_count: list.length + 1, created_count: 1, updated_count: 1, unchanged_count: list.length - 1 });

    const [caption] = await prod.database.db.select().from(pricing).where(and(eq(pricing.serviceType, 'caption'), eq(pricing.serviceVariant, 'standard')));
    expect(caption!.userCostCredits).toBe('0.0900');
    const prodAudit = await prod.database.db.select().from(adminAudit);
    expect(prodAudit.map((a) => [a.action, a.adminId])).toEqual([
      ['pricing.import', null],
      ['pricing.import', null],
    ]);
    const [devAudit] = (await dev.call('GET', '/api/admin/audit?area=settings', { session: admin })).json().data.entries;
    expect(devAudit).toMatchObject({ action: 'pricing.sync_to_prod', after: { sent_count: list.length + 1, created_count: 1, updated_count: 1 } });
  });

  it('the import takes only the bearer token (401 before the body is read), in constant time', async () => {
    const body = { pricing: [{ service_type: 'caption', service_variant: 'standard', user_cost_credits: '9', actual_cost_usd: '0', description: '' }] };
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await prod.call('POST', '/api/pricing/import', { body, headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
    }
    expect((await prod.call('POST', '/api/pricing/import', { body: { nonsense: true }, headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const bad = await prod.call('POST', '/api/pricing/import', { body: { pricing: [{ service_type: '', user_cost_credits: '1' }] }, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(bad.statusCode).toBe(400);
    const [caption] = await prod.database.db.select().from(pricing).where(and(eq(pricing.serviceType, 'caption'), eq(pricing.serviceVariant, 'standard')));
    expect(caption!.userCostCredits).not.toBe('9.0000');
  });

  it('answers 503 with the reason when the production app refuses or is not configured', async () => {
    const other = await createTestApp({ APP_ENV: 'development', PRODUCTION_SYNC_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, PRODUCTION_SYNC_TOKEN: 'another-token-that-is-32-characters-long' });
    try {
      const boss = await other.make.user({ admin: true });
      const refused = await other.call('POST', '/api/admin/pricing-sync-to-prod', { session: boss });
      expect(refused.statusCode).toBe(503);
      expect(error(refused).message).toBe('The production app refused the prices (401): Wrong or missing bearer token.');
    } finally {
      await other.close();
    }
    const boss = await unconfigured.make.user({ admin: true });
    const res = await unconfigured.call('POST', '/api/admin/pricing-sync-to-prod', { session: boss });
    expect(res.statusCode).toBe(503);
    expect(error(res).message).toMatch(/not configured: set PRODUCTION_SYNC_URL and PRODUCTION_SYNC_TOKEN/);
  });
});

