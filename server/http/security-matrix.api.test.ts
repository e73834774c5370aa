import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES } from '../../contract/api-keys.ts';
import { TOOLS } from '../../contract/tools.ts';
import { createTestApp, type TestApp, type TestSession } from '../test-support/app.ts';
import { unknownIdOf, type ObjectKind } from '../test-support/builders.ts';
import { mulberry32, openApiPath, sample, type JsonSchema, type OpenApiDocument, type OpenApiOperation } from '../test-support/fuzz.ts';
import { captureRoutes, MUTATING_METHODS, type ApiRoute } from '../test-support/route-table.ts';
import { idRuleOf, looksLikeId, VALID_BODIES, type SampleBody, type SharedId } from '../test-support/route-facts.ts';
import { ok } from './envelope.ts';

/**
 * Security matrices generated from the app's own route table (the real route options, captured as the app
 * registers them) and its OpenAPI document: a route added later is covered without anyone writing its tests.
 */

// A test-only admin route whose calls are counted: the control of the 403 matrix (the same call from an admin gets
// through), and a refused call that got through would show even where a route's effect is not in a user's state.
const TEST_ONLY = '/api/test-only/';
let adminProbeCalls = 0;
const adminProbe: FastifyPluginAsync = async (app) => {
  app.get(`${TEST_ONLY}admin-probe`, { config: { auth: 'admin' } }, async () => ok({ calls: adminProbeCalls }));
  app.post(`${TEST_ONLY}admin-probe`, { config: { auth: 'admin' } }, async () => ok({ calls: ++adminProbeCalls }));
};

let t: TestApp;
let routes: ApiRoute[];
let doc: OpenApiDocument;
let make: TestApp['make'];
let stateOf: TestApp['stateOf'];
let production: http.Server;

beforeAll(async () => {
  // "Copy to production" needs a production app: this app's own import route, behind a real port (a development
  // host sending its pricing table to itself), so that the admin's call of it answers 200 like every other.
  production = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void t.app.inject({ method: req.method as 'POST', url: req.url!, headers: req.headers as Record<string, string>, payload: Buffer.concat(chunks) }).then((answer) => {
        res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
        res.end(answer.rawPayload);
      });
    });
  });
  await new Promise<void>((resolve) => production.listen(0, '127.0.0.1', resolve));
  const settings = {
    RATE_LIMIT_AI_PER_MINUTE: '10000',
    APP_ENV: 'development',
    PRODUCTION_SYNC_URL: `http://127.0.0.1:${(production.address() as AddressInfo).port}`,
    PRODUCTION_SYNC_TOKEN: randomBytes(24).toString('base64url'),
  };
  const captured = await captureRoutes(() => createTestApp(settings, { queue: true, routes: adminProbe }));
  t = captured.built;
  routes = captured.routes;
  doc = (await t.call('GET', '/api/docs/json')).json() as OpenApiDocument;
  ({ make, stateOf } = t);
});
afterAll(async () => {
  await new Promise((resolve) => production?.close(resolve));
  await t?.close();
});

const operationOf = (route: ApiRoute): OpenApiOperation | undefined => doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
const appRoutes = () => routes.filter((r) => !r.url.startsWith(TEST_ONLY) && !r.url.startsWith('/api/docs'));
const errorOf = (res: LightMyRequestResponse) => (res.json() as { error?: { code: string; message: string } }).error;
/** The answer as the caller sees it, minus the request id that differs on every call. */
const visible = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  contentType: res.headers['content-type'],
  body: res.body.replace(/"request_id":"[^"]*"/, '"request_id":"…"'),
});

/** Where a route takes an object id: path parameters, and query or body fields named like ids. */
interface IdSlot {
  where: 'path' | 'query' | 'body';
  name: string;
  rule: ObjectKind | SharedId | undefined;
}

function bodySchemaOf(op: OpenApiOperation | undefined): JsonSchema | undefined {
  return op?.requestBody?.content?.['application/json']?.schema;
}

function bodyFieldNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const variants = schema.anyOf ?? schema.oneOf ?? [schema];
  return [...new Set(variants.flatMap((v) => Object.keys(v.properties ?? {})))];
}

function idSlotsOf(route: ApiRoute): IdSlot[] {
  const op = operationOf(route);
  const rule = (name: string) => idRuleOf(route, name);
  const query = (op?.parameters ?? []).filter((p) => p.in === 'query' && looksLikeId(p.name)).map((p) => p.name);
  return [
    ...route.params.map((name) => ({ where: 'path' as const, name, rule: rule(name) })),
    ...query.map((name) => ({ where: 'query' as const, name, rule: rule(name) })),
    ...bodyFieldNames(bodySchemaOf(op))
      .filter(looksLikeId)
      .map((name) => ({ where: 'body' as const, name, rule: rule(name) })),
  ];
}

const isOwned = (rule: IdSlot['rule']): rule is ObjectKind => typeof rule === 'string';

/**
 * Calls a route the way the matrices need it: ids from `ids` (by kind), shared ids from their table entry, every
 * other parameter and body from the route's schema (or the table's valid body).
 */
async function callRoute(
  route: ApiRoute,
  options: { session?: TestSession; csrf?: string | null; ids?: Partial<Record<ObjectKind, string>>; bearer?: string },
): Promise<LightMyRequestResponse> {
  const rng = mulberry32(7);
  const op = operationOf(route);
  const ids = options.ids ?? {};
  const schema = bodySchemaOf(op);
  const schemaOf = (slot: IdSlot): JsonSchema | undefined =>
    slot.where === 'body' ? schema?.properties?.[slot.name] : op?.parameters?.find((p) => p.in === slot.where && p.name === slot.name)?.schema;
  // One value per id slot, made once for the call (a shared id's value may make an object).
  const slots = idSlotsOf(route);
  const values: Record<string, string> = {};
  for (const slot of slots) {
    if (slot.name in values) continue;
    if (isOwned(slot.rule) && ids[slot.rule]) values[slot.name] = ids[slot.rule]!;
    else if (slot.rule && !isOwned(slot.rule) && slot.rule.value && options.session) values[slot.name] = await slot.rule.value(t, options.session, route);
    else values[slot.name] = String(sample(schemaOf(slot), rng));
  }
  const known = VALID_BODIES[route.key] ? await VALID_BODIES[route.key]!(ids, { t, values }) : undefined;

  let path = route.url;
  for (const name of route.params) path = path.replace(`:${name}`, encodeURIComponent(values[name]!));
  const query: string[] = [];
  for (const p of op?.parameters ?? []) {
    if (p.in !== 'query') continue;
    const fixed = known?.query?.[p.name];
    const isSlot = slots.some((s) => s.where === 'query' && s.name === p.name);
    const value = fixed ?? (isSlot ? values[p.name] : p.required ? String(sample(p.schema, rng)) : undefined);
    if (value !== undefined) query.push(`${p.name}=${encodeURIComponent(value)}`);
  }
  const url = query.length ? `${path}?${query.join('&')}` : path;

  let body: SampleBody | undefined = known;
  if (!body && schema) {
    const json = (sample(schema.anyOf?.[0] ?? schema, rng) ?? {}) as Record<string, unknown>;
    for (const slot of slots.filter((s) => s.where === 'body')) json[slot.name] = values[slot.name];
    body = { json };
  }
  return t.call(route.method, url, {
    session: options.session,
    csrf: options.csrf,
    ...(options.bearer ? { headers: { authorization: `Bearer ${options.bearer}` } } : {}),
    ...(body && 'raw' in body ? { raw: body.raw } : body ? { body: body.json } : {}),
  });
}

describe('the route table', () => {
  it('refuses to start when a route has no access class, naming the route', async () => {
    const unclassified: FastifyPluginAsync = async (app) => {
      app.get(`${TEST_ONLY}unclassified`, async () => ok({}));
    };
    await expect(createTestApp({}, { routes: unclassified })).rejects.toThrow(`Route GET ${TEST_ONLY}unclassified has no access class`);
  });

  it("classifies every route (a new route shows up here, with its class; a tool's call comes from its definition)", () => {
    // Its access class, and in brackets the API-key scope that opens it to a bearer key.
    const line = (r: { auth: string; key: string; scope?: string }) => `${r.auth.padEnd(7)} ${r.key}${r.scope ? ` [${r.scope}]` : ''}`;
    // Each tool's call (its definition's call.path; one path serves several tools) is a signed-in user's POST, open to
    // a key with the generate scope (the transcription's, with the transcribe scope).
    const toolRoutes = [...new Set(TOOLS.map((tool) => `POST ${tool.call.path}`))];
    const scopeOf = (key: string) => (key === 'POST /api/transcriptions' ? 'transcribe' : 'generate');
    expect(appRoutes().filter((r) => toolRoutes.includes(r.key)).map(line).sort()).toEqual(toolRoutes.map((key) => line({ auth: 'user', key, scope: scopeOf(key) })).sort());
    const table = appRoutes().filter((r) => !toolRoutes.includes(r.key)).map(line);
    expect(table).toMatchInlineSnapshot(`
      [
        "user    DELETE /api/account/api-keys/:id",
        "user    DELETE /api/account/password",
        "user    DELETE /api/account/sessions/:id",
        "user    DELETE /api/account/webhooks/:id",
        "admin   DELETE /api/admin/credit-packages/:id",
        "admin   DELETE /api/admin/faqs/:faqId",
        "user    DELETE /api/files/clear",
        "user    DELETE /api/files/delete/:id",
        "admin   DELETE /api/notifications/admin/:uuid",
        "user    DELETE /api/telegram/connection",
        "user    DELETE /api/transcriptions/:uuid",
        "user    GET /api/account/api-keys",
        "user    GET /api/account/billing [account:read]",
        "user    GET /api/account/export",
        "user    GET /api/account/export/:export_id",
        "user    GET /api/account/export/:export_id/download",
        "user    GET /api/account/password",
        "user    GET /api/account/sessions",
        "user    GET /api/account/spending [account:read]",
        "user    GET /api/account/webhooks",
        "user    GET /api/account/webhooks/:id/deliveries",
        "admin   GET /api/admin/audit",
        "admin   GET /api/admin/credit-packages",
        "admin   GET /api/admin/faqs",
        "admin   GET /api/admin/referrer-stats",
        "admin   GET /api/admin/settings/pricing",
        "admin   GET /api/admin/settings/providers",
        "admin   GET /api/admin/settings/transcription",
        "admin   GET /api/admin/site/testimonials",
        "admin   GET /api/admin/site/video",
        "admin   GET /api/admin/statistics",
        "admin   GET /api/admin/stripe-transactions",
        "admin   GET /api/admin/users",
        "admin   GET /api/admin/users/:id/ledger",
        "user    GET /api/ai/engines [generate]",
        "user    GET /api/ai/mockup-job-status [generate]",
        "user    GET /api/ai/upscale-providers [generate]",
        "public  GET /api/auth/email-change",
        "public  GET /api/auth/magic-status",
        "user    GET /api/auth/profile [account:read]",
        "user    GET /api/batches [generate]",
        "user    GET /api/batches/:id [generate]",
        "user    GET /api/batches/:id/download [files:read]",
        "public  GET /api/config",
        "public  GET /api/content/:id",
        "user    GET /api/content/:id/share-url",
        "user    GET /api/credits/balance [account:read]",
        "user    GET /api/credits/packages",
        "user    GET /api/credits/predict-cost [generate]",
        "user    GET /api/credits/transactions [account:read]",
        "public  GET /api/faqs",
        "public  GET /api/file/:id [files:read]",
        "user    GET /api/files/:id/share-url",
        "public  GET /api/files/download/:id [files:read]",
        "user    GET /api/files/list [files:read]",
        "public  GET /api/files/og/:id",
        "public  GET /api/files/serve/:id [files:read]",
        "public  GET /api/files/thumbnail/:id [files:read]",
        "user    GET /api/generations [generate]",
        "user    GET /api/generations/:id [generate]",
        "user    GET /api/generations/:id/receipt [account:read]",
        "public  GET /api/health",
        "public  GET /api/notifications",
        "admin   GET /api/notifications/admin",
        "user    GET /api/payments/checkout-status",
        "user    GET /api/payments/test-checkout/:packageId",
        "public  GET /api/pricing/:slug",
        "public  GET /api/pricing/tools",
        "public  GET /api/site",
        "user    GET /api/telegram/status",
        "public  GET /api/tools/config",
        "user    GET /api/transcriptions [transcribe]",
        "user    GET /api/transcriptions/:uuid [transcribe]",
        "user    GET /api/transcriptions/:uuid/download [transcribe]",
        "user    GET /api/transcriptions/status [transcribe]",
        "user    POST /api/account/api-keys",
        "user    POST /api/account/delete",
        "user    POST /api/account/export",
        "user    POST /api/account/sessions/end-others",
        "user    POST /api/account/webhooks",
        "user    POST /api/account/webhooks/:id/deliveries/:delivery_id/redeliver",
        "admin   POST /api/admin/credit-packages",
        "admin   POST /api/admin/faqs",
        "admin   POST /api/admin/pricing-sync",
        "admin   POST /api/admin/pricing-sync-to-prod",
        "admin   POST /api/admin/settings/pricing/create",
        "admin   POST /api/admin/settings/pricing/delete",
        "admin   POST /api/admin/settings/pricing/update",
        "admin   POST /api/admin/settings/transcription",
        "admin   POST /api/admin/stripe-transactions",
        "admin   POST /api/admin/tools-config",
        "admin   POST /api/admin/tools-sync",
        "admin   POST /api/admin/users/:id/credits",
        "user    POST /api/ai/upscale-image [generate]",
        "public  POST /api/analytics/track",
        "user    POST /api/auth/confirm-email",
        "public  POST /api/auth/login",
        "public  POST /api/auth/logout",
        "public  POST /api/auth/magic-link",
        "public  POST /api/auth/register",
        "public  POST /api/auth/verify-magic",
        "user    POST /api/batches [generate]",
        "user    POST /api/batches/:id/cancel [generate]",
        "user    POST /api/batches/:id/retry [generate]",
        "public  POST /api/content/:id/shared",
        "user    POST /api/content/:id/toggle-visibility",
        "public  POST /api/files/:id/shared",
        "user    POST /api/files/:id/toggle-visibility",
        "user    POST /api/files/upload [generate]",
        "user    POST /api/generations/:id/cancel [generate]",
        "admin   POST /api/notifications/admin",
        "webhook POST /api/payments/stripe/webhook",
        "user    POST /api/payments/test-checkout/:packageId/cancel",
        "user    POST /api/payments/test-checkout/:packageId/confirm",
        "user    POST /api/payments/test-checkout/:packageId/open",
        "webhook POST /api/pricing/import",
        "user    POST /api/telegram/generate-link",
        "user    POST /api/telegram/test-message",
        "webhook POST /api/telegram/webhook",
        "user    PUT /api/account/password",
        "user    PUT /api/account/spending",
        "admin   PUT /api/admin/credit-packages/:id",
        "admin   PUT /api/admin/faqs/:faqId",
        "admin   PUT /api/admin/faqs/order",
        "admin   PUT /api/admin/site/testimonials",
        "admin   PUT /api/admin/site/video",
        "user    PUT /api/auth/profile",
        "admin   PUT /api/notifications/admin/:uuid",
        "user    PUT /api/transcriptions/:uuid/content [transcribe]",
        "user    PUT /api/transcriptions/:uuid/title [transcribe]",
      ]
    `);
  });

  it("keeps the admin area's addresses for admins: every route under /api/admin and /api/notifications/admin is 'admin'", () => {
    const adminArea = appRoutes().filter((r) => /^\/api\/(admin\/|notifications\/admin)/.test(r.url));
    expect(adminArea.length).toBeGreaterThan(30);
    expect(adminArea.filter((r) => r.auth !== 'admin').map((r) => r.key)).toEqual([]);
  });

  it('documents every route in the OpenAPI document the fuzz test reads', () => {
    const undocumented = appRoutes().filter((r) => !operationOf(r)).map((r) => r.key);
    expect(undocumented).toEqual([]);
  });
});

describe('sign-in and role', () => {
  it("answers 401 to a visitor on every 'user' and 'admin' route, before reading anything", async () => {
    const guarded = routes.filter((r) => r.auth === 'user' || r.auth === 'admin');
    expect(guarded.filter((r) => r.auth === 'admin').length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of guarded) {
      const res = await callRoute(route, {});
      if (res.statusCode !== 401 || errorOf(res)?.code !== 'UNAUTHENTICATED') wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lets an admin through on every 'admin' route: 200 in the envelope, with real objects and a valid body", async () => {
    // Every admin route of the app's route table: a new one whose generated call does not succeed fails here, until
    // VALID_BODIES (or ID_PARAMS' values) in server/test-support/route-facts.ts teach the matrix a valid call.
    const admin = appRoutes().filter((r) => r.auth === 'admin');
    expect(admin.length).toBeGreaterThan(30);
    const boss = await make.user({ admin: true });
    const wrong: string[] = [];
    for (const route of admin) {
      const res = await callRoute(route, { session: boss });
      const body = String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { success?: unknown }) : null;
      if (res.statusCode !== 200 || body?.success !== true) wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 to a signed-in user without the admin role on every 'admin' route, and lets an admin in", async () => {
    const admin = routes.filter((r) => r.auth === 'admin');
    const user = await make.user();
    const boss = await make.user({ admin: true });
    const wrong: string[] = [];
    const calls = adminProbeCalls;
    for (const route of admin) {
      const res = await callRoute(route, { session: user });
      if (res.statusCode !== 403 || errorOf(res)?.code !== 'FORBIDDEN') wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(adminProbeCalls).toBe(calls);
    // The control: the same calls from an admin reach the test-only route, so the 403 above was the role.
    expect((await t.call('POST', `${TEST_ONLY}admin-probe`, { session: boss })).statusCode).toBe(200);
    expect(adminProbeCalls).toBe(calls + 1);
  });
});

/** The user's own objects of every kind the routes name, built once. */
async function objectsOf(session: TestSession): Promise<Partial<Record<ObjectKind, string>>> {
  const kinds = new Set(routes.flatMap((r) => idSlotsOf(r).map((s) => s.rule)).filter(isOwned));
  const ids: Partial<Record<ObjectKind, string>> = {};
  for (const kind of kinds) ids[kind] = await make[kind](session);
  return ids;
}

describe('CSRF', () => {
  let victim: TestSession;
  let ids: Partial<Record<ObjectKind, string>>;
  beforeAll(async () => {
    // An admin, so that admin routes reach the CSRF check; with its own objects, so that a call that got
    // through would succeed and change something.
    victim = await make.user({ admin: true, credits: '50' });
    ids = await objectsOf(victim);
  });

  it('the snapshot sees a change that a call with the token makes (the control)', async () => {
    const before = await stateOf(victim.userId);
    expect((await t.call('POST', `/api/files/${ids.file}/toggle-visibility`, { session: victim })).statusCode).toBe(200);
    expect(await stateOf(victim.userId)).not.toEqual(before);
    await t.call('POST', `/api/files/${ids.file}/toggle-visibility`, { session: victim });
  });

  it('answers 403 CSRF_INVALID on every mutating route called with a session and no token or a wrong one, and changes nothing', async () => {
    const other = await make.user();
    const mutating = routes.filter((r) => MUTATING_METHODS.has(r.method) && r.auth !== 'webhook');
    expect(mutating.length).toBeGreaterThan(5);
    const tokens: Array<[string, string | null]> = [
      ['no token', null],
      ['a made-up token', randomBytes(32).toString('base64url')],
      ["another session's token", other.csrf],
    ];
    const wrong: string[] = [];
    for (const route of mutating) {
      for (const [label, csrf] of tokens) {
        const before = await stateOf(victim.userId);
        const probe = adminProbeCalls;
        const res = await callRoute(route, { session: victim, csrf, ids });
        const changed = JSON.stringify(await stateOf(victim.userId)) !== JSON.stringify(before) || adminProbeCalls !== probe;
        if (res.statusCode !== 403 || errorOf(res)?.code !== 'CSRF_INVALID' || changed) {
          wrong.push(`${route.key} with ${label} → ${res.statusCode} ${res.body.slice(0, 160)}${changed ? ' (state changed)' : ''}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Calls each route as `intruder` (its session or key, `as`) with the owner's objects, then with unknown ids of the same
 * shapes: the problems found (not a 404, not the same answer as an unknown id, either user's state changed).
 */
async function othersObjectProblems(
  withIds: ApiRoute[],
  owner: TestSession,
  ids: Partial<Record<ObjectKind, string>>,
  intruder: TestSession,
  as: { session: TestSession } | { bearer: string },
): Promise<string[]> {
  const wrong: string[] = [];
  const unknownIds = Object.fromEntries(Object.entries(ids).map(([kind, id]) => [kind, unknownIdOf[kind as ObjectKind](id!)]));
  for (const route of withIds) {
    const before = JSON.stringify([await stateOf(owner.userId), await stateOf(intruder.userId)]);
    const theirs = await callRoute(route, { ...as, ids });
    const unknown = await callRoute(route, { ...as, ids: unknownIds });
    const after = JSON.stringify([await stateOf(owner.userId), await stateOf(intruder.userId)]);
    if (theirs.statusCode !== 404) wrong.push(`${route.key}: another user's object → ${theirs.statusCode} ${theirs.body.slice(0, 160)}`);
    else if (JSON.stringify(visible(theirs)) !== JSON.stringify(visible(unknown))) {
      wrong.push(`${route.key}: another user's object answers ${JSON.stringify(visible(theirs))}, an unknown id ${JSON.stringify(visible(unknown))}`);
    }
    if (after !== before) wrong.push(`${route.key}: state changed`);
  }
  return wrong;
}

describe('objects of other users', () => {
  it('knows every id a route takes: a kind with a builder, or a shared catalogue entry', () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const slot of idSlotsOf(route)) {
        const where = `${route.key} (${slot.where} ${slot.name})`;
        if (!slot.rule) problems.push(`${where}: add '${route.area}:${slot.name}' to ID_PARAMS in server/test-support/route-facts.ts`);
        else if (isOwned(slot.rule) && typeof make[slot.rule] !== 'function') {
          problems.push(`${where}: add a builder make.${slot.rule} to server/test-support/builders.ts`);
        } else if (isOwned(slot.rule) && !unknownIdOf[slot.rule]) {
          problems.push(`${where}: add unknownIdOf.${slot.rule} to server/test-support/builders.ts`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("answers another user's object exactly as an unknown id (404), on every route that takes one, and changes nothing", async () => {
    const owner = await make.user({ credits: '50' });
    const intruder = await make.user({ credits: '50' });
    const withIds = routes.filter((r) => idSlotsOf(r).some((s) => isOwned(s.rule)));
    expect(withIds.length).toBeGreaterThan(10);
    expect(await othersObjectProblems(withIds, owner, await objectsOf(owner), intruder, { session: intruder })).toEqual([]);
  });
});

describe('API keys (Authorization: Bearer)', () => {
  let owner: TestSession;
  let everyScope: string;
  let ids: Partial<Record<ObjectKind, string>>;
  /** A mutating call made with a key and no CSRF token: what changed for its owner, and the answer. */
  const stateAround = async (userId: string, call: () => Promise<LightMyRequestResponse>) => {
    const before = JSON.stringify(await stateOf(userId));
    const probe = adminProbeCalls;
    const res = await call();
    return { res, changed: JSON.stringify(await stateOf(userId)) !== before || adminProbeCalls !== probe };
  };
  beforeAll(async () => {
    owner = await make.user({ admin: true, credits: '50' });
    everyScope = await make.bearerKey(owner);
    ids = await objectsOf(owner);
  });

  it("answers 403 on every 'admin' route, even to an admin's key with every scope, and runs nothing", async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.auth === 'admin')) {
      const { res, changed } = await stateAround(owner.userId, () => callRoute(route, { bearer: everyScope, ids }));
      if (res.statusCode !== 403 || errorOf(res)?.code !== 'FORBIDDEN' || changed) wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 160)}${changed ? ' (state changed)' : ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 on every 'user' route no scope opens (the account's security, keys, payments, sharing), and changes nothing", async () => {
    const closed = appRoutes().filter((r) => r.auth === 'user' && !r.scope);
    expect(closed.map((r) => r.key)).toEqual(expect.arrayContaining(['POST /api/account/api-keys', 'GET /api/account/sessions', 'PUT /api/account/password']));
    const wrong: string[] = [];
    for (const route of closed) {
      const { res, changed } = await stateAround(owner.userId, () => callRoute(route, { bearer: everyScope, ids }));
      if (res.statusCode !== 403 || errorOf(res)?.code !== 'FORBIDDEN' || changed) wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 160)}${changed ? ' (state changed)' : ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 on every scoped route to a key without its scope, and changes nothing', async () => {
    const scoped = appRoutes().filter((r) => r.scope);
    expect(scoped.length).toBeGreaterThan(20);
    // A key for each scope, with every scope but that one (made with a user of their own: the owner's 10 are taken).
    const lacking = await make.user({ credits: '50' });
    const lackingIds = await objectsOf(lacking);
    const keyWithout = Object.fromEntries(await Promise.all(API_SCOPES.map(async (scope) => [scope, await make.bearerKey(lacking, API_SCOPES.filter((s) => s !== scope))])));
    const wrong: string[] = [];
    for (const route of scoped) {
      const key = keyWithout[route.scope!]!;
      const { res, changed } = await stateAround(lacking.userId, () => callRoute(route, { bearer: key, ids: lackingIds }));
      if (res.statusCode !== 403 || !errorOf(res)?.message.includes(`"${route.scope}" scope`) || changed) {
        wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 160)}${changed ? ' (state changed)' : ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers another user's object to a key exactly as an unknown id (404), on every scoped route that takes one, and changes nothing", async () => {
    const intruder = await make.user({ credits: '50' });
    const withIds = appRoutes().filter((r) => r.scope && idSlotsOf(r).some((s) => isOwned(s.rule)));
    expect(withIds.length).toBeGreaterThan(8);
    expect(await othersObjectProblems(withIds, owner, ids, intruder, { bearer: await make.bearerKey(intruder) })).toEqual([]);
  });

  it('answers 401 on every route to a revoked key, and changes nothing', async () => {
    const listed = (await t.call('GET', '/api/account/api-keys', { session: owner })).json() as { data: { keys: Array<{ id: string; prefix: string }> } };
    const id = listed.data.keys.find((k) => everyScope.startsWith(k.prefix))!.id;
    expect((await t.call('DELETE', `/api/account/api-keys/${id}`, { session: owner })).statusCode).toBe(200);
    const key = everyScope;
    const wrong: string[] = [];
    for (const route of appRoutes().filter((r) => r.auth !== 'webhook')) {
      const { res, changed } = await stateAround(owner.userId, () => callRoute(route, { bearer: key, ids }));
      if (res.statusCode !== 401 || errorOf(res)?.code !== 'UNAUTHENTICATED' || changed) wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a key with the scope through every scoped mutating route with no CSRF token (the control: the guard is not what answers)', async () => {
    const mutating = appRoutes().filter((r) => r.scope && MUTATING_METHODS.has(r.method));
    expect(mutating.length).toBeGreaterThan(5);
    // A user of its own: the calls that get through start work (batches, generations) that goes on after them.
    const actor = await make.user({ credits: '50' });
    const actorIds = await objectsOf(actor);
    const key = await make.bearerKey(actor);
    const wrong: string[] = [];
    for (const route of mutating) {
      const res = await callRoute(route, { bearer: key, ids: actorIds });
      const code = errorOf(res)?.code;
      if (res.statusCode === 401 || res.statusCode === 403 || code === 'CSRF_INVALID') wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });
});
