/**
 * Rate limits hold across processes (node --test): a limit per IP is counted over both web processes, so two
 * processes do not let a client make twice the attempts. Needs the rate-limit counters in the shared database;
 * with per-process counters (in memory) each process allows the whole limit and this test fails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startScaleOut, type ScaleOutCluster } from './cluster.ts';
import { call } from './client.ts';

const LIMIT = 4;
let cluster: ScaleOutCluster;

before(async () => {
  cluster = await startScaleOut({ RATE_LIMIT_LOGIN_PER_IP: String(LIMIT), RATE_LIMIT_MAGIC_LINK_PER_IP: String(LIMIT) });
});

after(async () => {
  await cluster?.stop();
});

/** Attempts from one client address (as the proxy forwards it), alternating between the two web processes. */
async function attempts(path: string, body: (i: number) => unknown, count: number, client: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const web = cluster.webs[i % 2]!.url;
    statuses.push((await call(web, 'POST', path, { body: body(i), headers: { 'x-forwarded-for': client } })).status);
  }
  return statuses;
}

describe('rate limits across two web processes', () => {
  it('counts password sign-in attempts per IP over both processes', async () => {
    const statuses = await attempts('/api/auth/login', () => ({ email: 'nobody@example.com', password: 'wrong password' }), LIMIT + 2, '203.0.113.7');
    assert.deepEqual(statuses, [...Array<number>(LIMIT).fill(401), 429, 429], `statuses ${statuses.join(', ')}`);
    // Another address still has its whole allowance.
    assert.equal((await attempts('/api/auth/login', () => ({ email: 'nobody@example.com', password: 'x' }), 1, '203.0.113.8'))[0], 401);
  });

  it('counts sign-in link requests per IP over both processes, through the proxy too', async () => {
    const statuses = await attempts('/api/auth/magic-link', (i) => ({ email: `limit-${i}@example.com` }), LIMIT, '198.51.100.4');
    assert.deepEqual(statuses, Array<number>(LIMIT).fill(200));
    // The proxy appends the client's own address; the app takes the left-most (the client as the first proxy saw it).
    const res = await call(cluster.url, 'POST', '/api/auth/magic-link', { body: { email: 'limit-x@example.com' }, headers: { 'x-forwarded-for': '198.51.100.4' } });
    assert.equal(res.status, 429, JSON.stringify(res.body));
  });
});
