import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Where a webhook may not go (SSRF): loopback, private, link-local, carrier-grade NAT, benchmark, multicast and
 * reserved ranges, IPv4 and IPv6 (an IPv4-mapped IPv6 address is checked as its IPv4 one).
 */
const PRIVATE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 3],
] as const) PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 127], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  PRIVATE.addSubnet(prefix, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class EndpointRefused extends Error {}

/** Every address the host resolves to, or the literal address; refused (EndpointRefused) when one is private. */
async function publicAddresses(hostname: string): Promise<string[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const inside = addresses.find(isPrivateAddress);
  if (inside) throw new EndpointRefused(`${hostname} resolves to ${inside}, an address inside a private network. Use a public HTTPS endpoint.`);
  return addresses;
}

/**
 * The endpoint an owner may add: an absolute https URL without credentials whose host resolves only to public
 * addresses. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1: tests, self-hosting on one network) also admits http and private
 * addresses. Answers the refusal's message, or null.
 */
export async function refusalOf(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter the full address of your endpoint, starting with https://';
  }
  if (parsed.username || parsed.password) return 'Leave the user name and password out of the address.';
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) return 'Webhook endpoints must use https://.';
  if (allowPrivate) return null;
  try {
    await publicAddresses(parsed.hostname);
    return null;
  } catch (err) {
    if (err instanceof EndpointRefused) return err.message;
    return `${parsed.hostname} could not be found. Check the address.`;
  }
}

/** What one attempt got: the HTTP status, or why there was none. */
export type AttemptResult = { status: number } | { error: string };

/**
 * POSTs a JSON body and reads the status (the answer's body is read and dropped, at most 64 KB). The connection is
 * made only to the addresses checked here, at send time (a host that now resolves inside is refused: DNS rebinding).
 * Nothing redirects: a 3xx is a failed delivery.
 */
export function postJson(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<AttemptResult> {
  const parsed = new URL(url);
  const client = parsed.protocol === 'https:' ? https : http;
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    publicAddresses(hostname).then(
      (addresses) => {
        const address = addresses[0]!;
        if (lookupOptions.all) (callback as (err: null, all: dns.LookupAddress[]) => void)(null, addresses.map((a) => ({ address: a, family: net.isIP(a) })));
        else callback(null, address, net.isIP(address));
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
  // An address literal is never looked up: it is checked here.
  const literal = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && net.isIP(literal) && isPrivateAddress(literal)) {
    return Promise.resolve({ error: `${parsed.hostname} is an address inside a private network.` });
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    const request = client.request(
      parsed,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Ampkit-Webhooks/1', ...headers },
        ...(options.allowPrivate ? {} : { lookup }),
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) response.destroy();
        });
        response.on('close', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0 });
        });
      },
    );
    request.on('error', (err) => {
      clearTimeout(timer);
      resolve({ error: err.message || 'connection failed' });
    });
    request.end(body);
  });
}
