import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** The headers helmet sets with these options: what a probe app answers with the plugin and not without it. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'probe');
    try {
      return (await probe.inject('/')).headers;
    } finally {
      await probe.close();
    }
  };
  const [plain, helmeted] = await Promise.all([answer(false), answer(true)]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(helmeted)) {
    if (!(name in plain) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * Sets helmet's headers on every response. @fastify/helmet builds helmet's middleware again on every request (its
 * directives parsed each time, a few per cent of the profile call's CPU); our options are static (no nonces, no
 * per-route options), so the headers are too: they are asked of the plugin once, at start-up, and set as they are.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  if (options.enableCSPNonces || options.global === false) throw new Error('Per-request helmet options need @fastify/helmet itself');
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
