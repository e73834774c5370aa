import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerAgent, providerFetch } from './transport.ts';

describe('providerFetch', () => {
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((_req, res) => setTimeout(() => res.end('late'), 1_500));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('waits for headers as long as the call may take, beyond the 300 s of Node’s default', () => {
    // The agent's limits are the call's timeout plus slack: 600 s calls wait 630 s, not undici's 300 s.
    const agent = providerAgent(600_000) as unknown as { [key: symbol]: unknown };
    const options = Object.getOwnPropertySymbols(agent)
      .map((s) => agent[s])
      .find((v): v is { headersTimeout?: number; bodyTimeout?: number } => !!v && typeof v === 'object' && 'headersTimeout' in v);
    expect(options?.headersTimeout).toBe(630_000);
    expect(options?.bodyTimeout).toBe(630_000);
  });

  it('is the transport the call travels on: its limits are the ones that apply', async () => {
    // With no slack and a 500 ms timeout the agent gives up on headers first, which the global fetch would not.
    await expect(providerFetch(500, 0)(url)).rejects.toMatchObject({ cause: { code: 'UND_ERR_HEADERS_TIMEOUT' } });
    expect(await (await providerFetch(2_000, 0)(url)).text()).toBe('late');
  });

  it('gives one agent per timeout', () => {
    expect(providerAgent(5_000)).toBe(providerAgent(5_000));
    expect(providerAgent(5_000)).not.toBe(providerAgent(6_000));
  });
});
