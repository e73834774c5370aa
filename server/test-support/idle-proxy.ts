import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { freePort } from './free-port.ts';

/** A request the proxy passed on, as it ended. */
export interface ProxiedRequest {
  method: string;
  /** Path and query. */
  url: string;
  /** The upstream's status, 504 when the proxy gave up waiting, 502 when the upstream could not be reached. */
  status: number;
  ms: number;
}

export interface IdleProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every request answered so far, in the order they ended. */
  requests: ProxiedRequest[];
  /**
   * Requests the idle timeout cut: the upstream sent nothing for `idleMs` (answered 504, or torn off mid-body). A
   * deployment would have lost these answers.
   */
  cut: ProxiedRequest[];
  /** Browser connections the proxy closed while no request was on them (ordinary: the browser opens another). */
  idleClosed(): number;
  close(): Promise<void>;
}

/** Headers that belong to one hop (RFC 9110 §7.6.1) and are not forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/**
 * A small reverse proxy in front of one upstream with the shape of a real deployment's (nginx's proxy_read_timeout and
 * keepalive_timeout, a load balancer's idle timeout): any connection silent for `idleMs` is closed, the browser's as
 * well as the upstream's. A request whose answer does not start (or stalls) for `idleMs` gets 504 Gateway Timeout, or
 * is torn off when its headers are already sent. It sets X-Forwarded-For, -Proto and -Host as nginx does (the
 * upstream runs with TRUST_PROXY=true) and records every request, so a test can say nothing was cut.
 */
export async function startIdleProxy(upstream: string, options: { idleMs: number; port?: number }): Promise<IdleProxy> {
  const target = new URL(upstream);
  const { idleMs } = options;
  const requests: ProxiedRequest[] = [];
  const cut: ProxiedRequest[] = [];
  let idleClosed = 0;
  /** Browser sockets waiting on an answer: their silence is the upstream's, judged by the upstream's timeout. */
  const inFlight = new Set<Socket>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: idleMs });

  const server = http.createServer((req, res) => {
    const started = Date.now();
    let done = false;
    const finish = (status: number, wasCut: boolean) => {
      if (done) return;
      done = true;
      inFlight.delete(req.socket);
      const entry = { method: req.method ?? 'GET', url: req.url ?? '/', status, ms: Date.now() - started };
      requests.push(entry);
      if (wasCut) cut.push(entry);
    };
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    const client = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${String(req.headers['x-forwarded-for'])}, ${client}` : client;
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = req.headers.host ?? '';
    inFlight.add(req.socket);
    const forward = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      res.on('finish', () => finish(answer.statusCode ?? 502, false));
    });
    // The upstream silent for idleMs: before the answer starts, 504 as nginx says it; after, the answer is torn off.
    forward.setTimeout(idleMs, () => {
      if (!res.headersSent) {
        res.writeHead(504, { 'content-type': 'text/plain' });
        res.end('gateway timeout: the upstream was idle too long');
        finish(504, true);
      } else {
        finish(res.statusCode, true);
        res.destroy();
      }
      forward.destroy();
    });
    forward.on('error', () => {
      if (done) return;
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('bad gateway');
        finish(502, false);
      } else {
        res.destroy();
      }
    });
    req.pipe(forward);
    req.on('error', () => forward.destroy());
    res.on('close', () => {
      if (!res.writableFinished) {
        forward.destroy();
        // The browser's side went away first (a reload, or its socket idle): recorded, not counted as cut.
        finish(0, false);
      }
    });
  });
  // The browser's side: a connection silent for idleMs with no request waiting on the upstream is closed (keep-alive,
  // or a request that never arrives whole).
  server.keepAliveTimeout = idleMs;
  // Node 24 waits a second more than keepAliveTimeout by default; the idle timeout here is exact.
  if ('keepAliveTimeoutBuffer' in server) server.keepAliveTimeoutBuffer = 0;
  server.timeout = idleMs;
  server.on('timeout', (socket: Socket) => {
    // Waiting on the upstream is the upstream's timeout to judge (nginx's proxy_read_timeout), as above.
    if (inFlight.has(socket)) return;
    idleClosed++;
    socket.destroy();
  });
  server.requestTimeout = 0;
  server.headersTimeout = idleMs;
  const port = options.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    cut,
    idleClosed: () => idleClosed,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
