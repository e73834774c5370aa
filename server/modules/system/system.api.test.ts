import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_CATALOGUE, TOOL_IDS } from '../../../contract/tools.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { captureRoutes, type ApiRoute } from '../../test-support/route-table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('system routes', () => {
  it('GET /api/health answers ok with the database reachable', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', database: t.database.kind } });
  });

  it('puts a request id on every response, errors included', async () => {
    const ok = await t.call('GET', '/api/health');
    const missing = await t.call('GET', '/api/nothing-here');
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      success: false,
      error: { code: 'NOT_FOUND', request_id: missing.headers['x-request-id'] },
    });
  });

  it('answers a malformed or over-long address with the envelope and a request id', async () => {
    // An id longer than the router takes is an unknown object (404), like any other.
    for (const [url, status, code] of [['/api/file/%E0%A4%A', 400, 'VALIDATION_ERROR'], ['/api/files/serve/' + 'a'.repeat(300), 404, 'NOT_FOUND']] as const) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json()).toMatchObject({ success: false, error: { code, request_id: res.headers['x-request-id'] } });
    }
  });

  it('sends security headers and no-store on API answers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a wrong method on an API path with the envelope', async () => {
    const res = await t.call('DELETE', '/api/health');
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('hides /api/config outside the development host', async () => {
    const res = await t.call('GET', '/api/config');
    expect(res.statusCode).toBe(404);
    const dev = await createTestApp({ APP_ENV: 'development' });
    try {
      const devRes = await dev.call('GET', '/api/config');
      expect(devRes.statusCode).toBe(200);
      expect(devRes.json().data).toEqual({
        database: dev.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL',
        environment: 'development',
      });
    } finally {
      await dev.close();
    }
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/magic-link', '/api/auth/profile', '/api/tools/config']));
    expect(doc.paths['/api/auth/magic-link'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('declares the API-key bearer scheme, the scope of each operation a key may make, and examples of the key calls', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const upload = doc.paths['/api/files/upload'].post;
    expect(upload['x-api-key-scope']).toBe('generate');
    expect(upload.security).toEqual([{ session: [], csrf: [] }, { apiKey: [] }]);
    expect(upload.description).toContain('API key scope: `generate`');
    expect(doc.paths['/api/credits/balance'].get['x-api-key-scope']).toBe('account:read');
    // Public with a scope: anyone, or the owner's key.
    expect(doc.paths['/api/files/serve/{id}'].get.security).toEqual([{}, { session: [], csrf: [] }, { apiKey: [] }]);
    // No key reaches the key routes themselves.
    const keys = doc.paths['/api/account/api-keys'];
    expect(keys.post.security).toEqual([{ session: [], csrf: [] }]);
    expect(keys.post['x-api-key-scope']).toBeUndefined();
    expect(keys.post.requestBody.content['application/json'].schema.example).toEqual({ name: 'n8n thumbnails flow', scopes: ['generate', 'files:read'], monthly_cap: '50' });
    expect(JSON.stringify(keys.post.responses['200'])).toContain('ak_live_');
  });

  describe('/api/docs in production', () => {
    type Doc = { paths: Record<string, Record<string, unknown>> };
    /** Every documented operation as `METHOD /path` (OpenAPI writes :id as {id}). */
    const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([url, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${url}`));
    const key = (r: ApiRoute) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`;

    async function docsOf(settings: Record<string, string>) {
      const { built: app, routes } = await captureRoutes(() => createTestApp(settings));
      try {
        const page = await app.call('GET', '/api/docs');
        const res = await app.call('GET', '/api/docs/json');
        expect(res.statusCode).toBe(200);
        return { pageStatus: page.statusCode, body: res.body, ops: operations(res.json() as Doc), routes };
      } finally {
        await app.close();
      }
    }

    it('describes only the public and user routes to anyone, none of the admin routes or their bodies', async () => {
      const { pageStatus, body, ops, routes } = await docsOf({ APP_ENV: 'production' });
      expect(pageStatus).toBeLessThan(400);
      const admin = routes.filter((r) => r.auth === 'admin');
      expect(admin.length).toBeGreaterThan(30);
      // The documentation's own pages are not operations of the API.
      const open = routes.filter((r) => (r.auth === 'public' || r.auth === 'user') && !r.url.startsWith('/api/docs')).map(key);
      expect(ops.sort()).toEqual([...new Set(open)].sort());
      expect(body).not.toContain('/api/admin');
      for (const r of admin) expect(ops).not.toContain(key(r));
    });

    it('describes every route, admin ones with their bodies, with API_DOCS=all', async () => {
      const { ops, routes } = await docsOf({ APP_ENV: 'production', API_DOCS: 'all' });
      const admin = routes.filter((r) => r.auth === 'admin').map(key);
      expect(ops).toEqual(expect.arrayContaining(admin));
      expect(ops).toContain('POST /api/admin/tools-config');
    });
  });
});

describe('GET /api/tools/config', () => {
  it('lists the seven tools of the catalogue with every field, sorted by order', async () => {
    const res = await t.call('GET', '/api/tools/config');
    expect(res.statusCode).toBe(200);
    const tools = res.json().data.tools as Array<Record<string, unknown>>;
    expect(tools.map((tool) => tool.id)).toEqual([...TOOL_IDS]);
    expect(tools).toEqual([...TOOL_CATALOGUE].sort((a, b) => a.order - b.order));
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(
        ['category', 'color', 'description', 'featured', 'iconName', 'id', 'order', 'path', 'requiresAuth', 'shortDescription', 'status', 'title'],
      );
    }
  });

  it('keeps what the database holds when seeding again (admin changes survive a restart)', async () => {
    const { toolsConfig } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(toolsConfig).set({ status: 'disabled' }).where(eq(toolsConfig.id, 'ai-headshot'));
    expect(await t.app.services.tools.seed()).toBe(0);
    const tools = (await t.call('GET', '/api/tools/config')).json().data.tools as Array<{ id: string; status: string }>;
    expect(tools.find((tool) => tool.id === 'ai-headshot')?.status).toBe('disabled');
  });
});
