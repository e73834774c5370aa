import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, OneLineLogController, redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides token values in query strings', () => {
    expect(redactUrl('/api/auth/magic-status?token=abc123&x=1')).toBe('/api/auth/magic-status?token=[redacted]&x=1');
    expect(redactUrl('/auth/magic?x=1&token=secret')).toBe('/auth/magic?x=1&token=[redacted]');
  });

  it('leaves other urls alone', () => {
    expect(redactUrl('/api/tools/config?category=image')).toBe('/api/tools/config?category=image');
  });
});

describe('request log', () => {
  it('writes one line per request, when it completes, with the request and no secrets', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream }, logController: new OneLineLogController() });
    app.get('/x', async () => 'ok');
    await app.inject({ url: '/x?token=secret123', headers: { cookie: 'ampkit_session=secret456' } });
    await app.close();
    const requestLines = lines.filter((l) => 'req' in l);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/x?token=[redacted]' }, res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toMatch(/secret123|secret456/);
  });
});
