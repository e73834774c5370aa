import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startIdleProxy, type IdleProxy } from './idle-proxy.ts';

/** An upstream that answers /slow/<ms> after that long, anything else at once, and says where the call came from. */
async function upstream() {
  const server = http.createServer((req, res) => {
    const slow = /^\/slow\/(\d+)$/.exec(req.url ?? '');
    const answer = () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: req.url, forwardedFor: req.headers['x-forwarded-for'], forwardedHost: req.headers['x-forwarded-host'] }));
    };
    if (slow) setTimeout(answer, Number(slow[1])).unref();
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the idle-timeout proxy', () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });

  async function start(idleMs: number): Promise<IdleProxy> {
    const peer = await upstream();
    open.push(peer);
    const proxy = await startIdleProxy(peer.url, { idleMs });
    open.push(proxy);
    return proxy;
  }

  it('passes an answer that comes within the idle timeout, with the forwarding headers', async () => {
    const proxy = await start(400);
    const answer = await fetch(`${proxy.url}/slow/100`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ url: '/slow/100', forwardedFor: '127.0.0.1', forwardedHost: new URL(proxy.url).host });
    expect(proxy.cut).toEqual([]);
    expect(proxy.requests).toEqual([expect.objectContaining({ method: 'GET', url: '/slow/100', status: 200 })]);
  });

  it('answers 504 when the upstream is silent longer than the idle timeout, and records the request as cut', async () => {
    const proxy = await start(300);
    const answer = await fetch(`${proxy.url}/slow/2000`);
    expect(answer.status).toBe(504);
    expect(proxy.cut).toEqual([expect.objectContaining({ url: '/slow/2000', status: 504 })]);
  });

  it('closes a kept-alive connection left idle, not before', async () => {
    const proxy = await start(400);
    const { port } = new URL(proxy.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const sent = Date.now();
    socket.write(`GET /a HTTP/1.1\r\nHost: ${new URL(proxy.url).host}\r\nConnection: keep-alive\r\n\r\n`);
    const end = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/\r\nconnection: keep-alive\r\n/i);
    // Kept open after the answer, then closed by the proxy once idle.
    expect(end - sent).toBeGreaterThanOrEqual(300);
    expect(proxy.idleClosed()).toBe(1);
  });
});
