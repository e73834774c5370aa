import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got: its headers and the raw body, as a user's endpoint would read them. */
export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/**
 * A webhook endpoint on a real port that records each delivery and answers what the test says: a status, after an
 * optional delay (longer than the app's timeout: no answer in time).
 */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  let answer: { status: number; delayMs: number } = { status: 200, delayMs: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
      const { status, delayMs } = answer;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status < 300 ? 'ok' : 'no');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answer(status: number, delayMs = 0) {
      answer = { status, delayMs };
    },
    /** Waits until `count` deliveries have arrived in all. */
    async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedHook[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} webhook deliveries arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
