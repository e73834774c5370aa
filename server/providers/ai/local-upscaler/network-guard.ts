/**
 * Cuts a thread off from the network: fetch() and node:http/https requests throw. Installed first
 * thing in the upscale worker, so a model that tried to load from a CDN fails loudly instead of
 * reaching out (this machine has no internet, and the models ship in node_modules).
 */
import http from 'node:http';
import https from 'node:https';

export class NetworkBlockedError extends Error {
  override name = 'NetworkBlockedError';
}

/** What was refused, in order. */
export const blockedRequests: string[] = [];

let installed = false;

function describe(target: unknown): string {
  if (typeof target === 'string') return target;
  if (target instanceof URL) return target.href;
  if (target && typeof target === 'object') {
    const t = target as { url?: unknown; href?: unknown; hostname?: unknown; host?: unknown; path?: unknown };
    if (typeof t.url === 'string') return t.url;
    if (typeof t.href === 'string') return t.href;
    return `${String(t.hostname ?? t.host ?? '?')}${String(t.path ?? '')}`;
  }
  return String(target);
}

function refuse(target: unknown): never {
  const what = describe(target);
  blockedRequests.push(what);
  throw new NetworkBlockedError(`Network access is disabled in the local engine (tried ${what})`);
}

/** Replaces fetch and http(s).request/get in this thread (idempotent). */
export function installNetworkGuard(): void {
  if (installed) return;
  installed = true;
  globalThis.fetch = (async (input: unknown) => refuse(input)) as typeof fetch;
  for (const mod of [http, https]) {
    mod.request = ((target: unknown) => refuse(target)) as typeof mod.request;
    mod.get = ((target: unknown) => refuse(target)) as typeof mod.get;
  }
}
