import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from './free-port.ts';

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** How many requests each upstream got, in the order given. */
  counts: number[];
  close(): Promise<void>;
}

/** Headers that belong to one hop (RFC 9110 §7.6.1) and are not forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/**
 * A small reverse proxy on one loopback address that sends each request to the next upstream in turn (round
 * robin, per request rather than per connection, so one browser's calls alternate between the processes). It adds
 * the client's address to X-Forwarded-For and sets X-Forwarded-Proto and X-Forwarded-Host, as nginx does with the
 * usual settings; the upstreams run with TRUST_PROXY=true. Bodies stream both ways; an upstream that does not
 * answer gets 502.
 */
export async function startRoundRobinProxy(upstreams: readonly string[], options: { port?: number } = {}): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error('a proxy needs at least one upstream');
  const targets = upstreams.map((u) => new URL(u));
  const counts = targets.map(() => 0);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % targets.length;
    counts[index]!++;
    const target = targets[index]!;
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    const client = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${String(req.headers['x-forwarded-for'])}, ${client}` : client;
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = req.headers.host ?? '';
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('bad gateway');
      } else {
        res.destroy();
      }
    });
    req.pipe(upstream);
    req.on('error', () => upstream.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  });
  // Upscales may take 45 s or more: no proxy-side timeout shorter than the app's own.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  const port = options.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
