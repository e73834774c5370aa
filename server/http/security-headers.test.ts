import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

const options: FastifyHelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

async function appWith(register: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  return app;
}

describe('security headers', () => {
  it('are the very headers @fastify/helmet sets, on answers, errors and unknown paths alike', async () => {
    const plugin = await appWith(async (app) => {
      await app.register(helmet, options);
    });
    const once = await appWith((app) => registerSecurityHeaders(app, options));
    for (const url of ['/ok', '/boom', '/nowhere']) {
      const [expected, actual] = await Promise.all([plugin.inject(url), once.inject(url)]);
      const withoutDate = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));
      const got = withoutDate(actual.headers);
      expect(got).toEqual(withoutDate(expected.headers));
      expect(got['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    await Promise.all([plugin.close(), once.close()]);
  });

  it('refuses options that change per request', async () => {
    const app = Fastify({ logger: false });
    await expect(registerSecurityHeaders(app, { ...options, enableCSPNonces: true })).rejects.toThrow(/Per-request/);
  });
});
