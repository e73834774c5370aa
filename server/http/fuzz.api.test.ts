import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, REQUEST_ID_HEADER, SESSION_COOKIE } from '../../contract/constants.ts';
import { createTestApp, type TestApp, type TestSession } from '../test-support/app.ts';
import { startFakeTelegram, type FakeTelegram } from '../test-support/fake-telegram.ts';
import { mulberry32, mutateBody, mutatePath, mutateQuery, openApiPath, type OpenApiDocument, type OpenApiOperation } from '../test-support/fuzz.ts';
import { captureRoutes } from '../test-support/route-table.ts';

/**
 * Every route of the OpenAPI document, called with inputs generated from its schemas and then broken (wrong types,
 * NUL, 100 KB strings, 1,000-level nesting, prototype keys, edge numbers, extra fields), as a signed-in user with
 * the CSRF token and as a visitor, and on the admin routes (by the route table's access class) as an admin with the
 * CSRF token too, so the inputs reach the admin area's validators and services. Whatever the input, the answer is
 * never a 5xx and always the envelope with the request id. Seeded: a failure prints the seed, route and input, and
 * replays the same way.
 */
const SEED = 0x5eed_0008;
const CASES_PER_ROUTE = 24;

let t: TestApp;
let doc: OpenApiDocument;
let user: TestSession;
let admin: TestSession;
/** `METHOD /api/path/{param}` of every route whose access class is 'admin'. */
let adminOperations: Set<string>;
/** `METHOD /api/path/{param}` of every route an API key's scope opens (called with a key too). */
let scopedOperations: Set<string>;
/** The user's API key with every scope. */
let userKey: string;
let telegram: FakeTelegram;

beforeAll(async () => {
  // A bot on a fake Bot API, so the Telegram routes run their real paths (without one they answer 503 by design).
  telegram = await startFakeTelegram();
  const captured = await captureRoutes(() =>
    createTestApp({ RATE_LIMIT_AI_PER_MINUTE: '100000', TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: telegram.url }),
  );
  t = captured.built;
  adminOperations = new Set(captured.routes.filter((r) => r.auth === 'admin').map((r) => `${r.method} ${openApiPath(r.url)}`));
  scopedOperations = new Set(captured.routes.filter((r) => r.scope).map((r) => `${r.method} ${openApiPath(r.url)}`));
  doc = (await t.call('GET', '/api/docs/json')).json() as OpenApiDocument;
  user = await t.make.user({ credits: '1000' });
  admin = await t.make.user({ admin: true, credits: '1000' });
  userKey = await t.make.bearerKey(user);
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
});

type Caller = 'user' | 'visitor' | 'admin' | 'key';

/** One fuzz case: what was sent, so a failure can be replayed by reading it. */
interface Sent {
  method: string;
  url: string;
  body?: string;
  as: Caller;
  label: string;
}

/**
 * Cases that hit a known bug whose fix is in flight, each with the fix's name; remove an entry when it lands.
 * Empty: the NUL-in-address 500 this test found on predict-cost was fixed (url-guard.ts) before it was committed.
 */
const KNOWN: Array<{ test: (sent: Sent) => boolean; fix: string }> = [];

function problemsWith(res: LightMyRequestResponse, op: OpenApiOperation & { responses?: Record<string, { content?: unknown }> }): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  const requestId = res.headers[REQUEST_ID_HEADER.toLowerCase()];
  if (typeof requestId !== 'string' || !requestId) return 'no request id header';
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  // Streaming routes (files) declare no JSON answer: a 2xx of theirs is the file itself.
  if (!isJson) return res.statusCode < 300 && !op.responses?.['200']?.content ? null : `not JSON (${res.headers['content-type']})`;
  let body: { success?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown; request_id?: unknown } };
  try {
    body = res.json();
  } catch {
    return 'JSON that does not parse';
  }
  if (res.statusCode < 300) return body.success === true && 'data' in body ? null : 'a success without the envelope';
  if (body.success !== false || typeof body.error?.code !== 'string' || typeof body.error.message !== 'string') return 'an error without the envelope';
  if (body.error.request_id !== requestId) return `error.request_id ${String(body.error.request_id)} is not the header's ${requestId}`;
  return null;
}

describe('schema-driven fuzz of every route', () => {
  it(`answers ${CASES_PER_ROUTE} broken inputs per route and caller with no 5xx, always in the envelope with a request id`, async () => {
    const failures: string[] = [];
    const skipped: string[] = [];
    let sentCount = 0;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op: op as OpenApiOperation })),
    );
    expect(operations.length).toBeGreaterThan(30);
    const adminCount = operations.filter(({ method, path }) => adminOperations.has(`${method} ${path}`)).length;
    expect(adminCount).toBe(adminOperations.size);
    expect(adminCount).toBeGreaterThan(30);
    expect(scopedOperations.size).toBeGreaterThan(20);

    for (const { method, path, op } of operations) {
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema }));
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema }));
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const takesBody = method !== 'GET' && method !== 'DELETE';
      const targets = [...(pathParams.length ? ['path'] : []), ...(queryParams.length || !takesBody ? ['query'] : []), ...(takesBody ? ['body'] : [])];
      // Each input goes out once per caller (the targets take turns, each walking its damage list): the user and a
      // visitor, an admin on an admin route (the others are
      // refused before the input is read), and the user's API key (every scope) on a route a scope opens.
      const operation = `${method} ${path}`;
      const callers: Caller[] = ['user', 'visitor', ...(adminOperations.has(operation) ? ['admin' as const] : []), ...(scopedOperations.has(operation) ? ['key' as const] : [])];
      for (let i = 0; i < CASES_PER_ROUTE * callers.length; i++) {
        const as = callers[i % callers.length]!;
        const input = Math.floor(i / callers.length);
        const target = targets[input % targets.length];
        const round = Math.floor(input / targets.length);
        const inputRng = mulberry32(SEED + operations.length * input + path.length);
        const { path: concretePath, label: pathLabel } = mutatePath(url, pathParams, inputRng, target === 'path' ? round : null);
        const query = target === 'query' ? mutateQuery(queryParams, inputRng, round) : null;
        const body = takesBody ? (target === 'body' ? mutateBody(bodySchema, inputRng, round) : { text: JSON.stringify({}), label: '{}' }) : undefined;
        const sent: Sent = {
          method,
          url: query?.query ? `${concretePath}?${query.query}` : concretePath,
          as,
          label: target === 'path' ? pathLabel : target === 'query' ? query!.label : body!.label,
          ...(body ? { body: body.text } : {}),
        };
        const known = KNOWN.find((k) => k.test(sent));
        if (known) {
          skipped.push(`${method} ${url} ${sent.label} (${known.fix})`);
          continue;
        }
        const headers: Record<string, string> = {};
        const session = as === 'user' ? user : as === 'admin' ? admin : null;
        if (session) {
          headers.cookie = `${SESSION_COOKIE}=${session.cookie}`;
          headers[CSRF_HEADER] = session.csrf;
        }
        if (as === 'key') headers.authorization = `Bearer ${userKey}`;
        if (body) headers['content-type'] = 'application/json';
        const res = await t.app.inject({ method: method as 'GET', url: sent.url, headers, ...(body ? { payload: body.text } : {}) });
        sentCount++;
        const problem = problemsWith(res, op);
        if (problem) {
          const shown = { ...sent, url: sent.url.length > 300 ? `${sent.url.slice(0, 300)}… (${sent.url.length} chars)` : sent.url, body: sent.body && sent.body.length > 300 ? `${sent.body.slice(0, 300)}… (${sent.body.length} chars)` : sent.body };
          failures.push(`[seed ${SEED}] ${method} ${url}: ${problem} ← ${JSON.stringify(shown)} → ${res.body.slice(0, 200)}`);
        }
        // Sign-in routes can end the fuzzing session (logout, a new sign-in): start a fresh one.
        if (as === 'user' && path.startsWith('/api/auth/') && method !== 'GET') {
          if ((await t.call('GET', '/api/auth/profile', { session: user })).statusCode === 401) user = await t.make.user({ credits: '1000' });
        }
      }
    }
    if (skipped.length) console.warn(`fuzz: ${skipped.length} known cases skipped:\n${[...new Set(skipped)].join('\n')}`);
    if (failures.length) console.error(failures.join('\n'));
    expect(sentCount).toBeGreaterThan(operations.length * CASES_PER_ROUTE);
    expect(failures).toEqual([]);
    // The prototype keys were data, never merged into Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
