import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, postJson, refusalOf } from './transport.ts';

describe('isPrivateAddress', () => {
  it('knows loopback, private, link-local, CGNAT, multicast and reserved ranges, IPv4-mapped IPv6 included', () => {
    for (const inside of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', 'not-an-ip']) {
      expect(isPrivateAddress(inside), inside).toBe(true);
    }
    for (const outside of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(outside), outside).toBe(false);
    }
  });
});

describe('refusalOf', () => {
  it('admits http and private hosts only when allowed, never credentials', async () => {
    expect(await refusalOf('http://127.0.0.1:9/x', true)).toBeNull();
    expect(await refusalOf('https://10.0.0.1/x', false)).toContain('private network');
    expect(await refusalOf('http://93.184.216.34/x', false)).toContain('https://');
    expect(await refusalOf('https://a:b@93.184.216.34/x', true)).toContain('user name and password');
    expect(await refusalOf('https://93.184.216.34/x', false)).toBeNull();
  });
});

describe('postJson', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/slow') return setTimeout(() => res.end('late'), 1_000);
        res.writeHead(req.url === '/fail' ? 500 : 204);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the status, a timeout as an error, and refuses a private address at send time unless allowed', async () => {
    expect(await postJson(`${url}/ok`, '{}', {}, { timeoutMs: 500, allowPrivate: true })).toEqual({ status: 204 });
    expect(await postJson(`${url}/fail`, '{}', {}, { timeoutMs: 500, allowPrivate: true })).toEqual({ status: 500 });
    expect(await postJson(`${url}/slow`, '{}', {}, { timeoutMs: 200, allowPrivate: true })).toEqual({ error: 'no answer within 0.2 s' });
    expect(await postJson(`${url}/ok`, '{}', {}, { timeoutMs: 500, allowPrivate: false })).toEqual({ error: '127.0.0.1 is an address inside a private network.' });
    // A host name is looked up at send time (DNS rebinding): localhost resolves inside.
    const byName = await postJson(url.replace('127.0.0.1', 'localhost'), '{}', {}, { timeoutMs: 500, allowPrivate: false });
    expect('error' in byName && byName.error).toContain('private network');
  });
});
