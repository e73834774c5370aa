import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../test-support/app.ts';
import type { ObjectKind } from '../test-support/builders.ts';
import { openApiPath, type JsonSchema, type OpenApiDocument, type OpenApiOperation } from '../test-support/fuzz.ts';
import { idRuleOf, looksLikeId, VALID_BODIES, type SampleBody } from '../test-support/route-facts.ts';
import { captureRoutes, MUTATING_METHODS, type ApiRoute } from '../test-support/route-table.ts';

/**
 * Issue 13's Safety line, for every admin write of the app's route table: bad input answers 400 in the envelope with
 * the field named, and changes nothing (no audit row, no row of any table). Each route starts from its valid call
 * (VALID_BODIES in route-facts.ts, on fresh objects from ID_PARAMS) and is sent broken variants of it, one at a time;
 * the valid call itself then follows, as the control that the snapshot sees this route's write.
 */

/** Admin writes with no input to break: no body, no id, no query. A new route lands here only with a reason. */
const NO_INPUT: Record<string, string> = {
  'POST /api/admin/pricing-sync': 'adds the catalogue prices that are missing: takes no body, id or query',
  'POST /api/admin/pricing-sync-to-prod': 'sends the pricing table to production: takes no body, id or query',
  'POST /api/admin/tools-sync': 'syncs the tools with the catalogue: takes no body, id or query',
};

const UNKNOWN_KEY = 'unexpected_field';
const BAD_ID = 'not-an-id';

let t: TestApp;
let routes: ApiRoute[];
let doc: OpenApiDocument;
let tables: string[];

beforeAll(async () => {
  const captured = await captureRoutes(() => createTestApp());
  t = captured.built;
  routes = captured.routes.filter((r) => r.auth === 'admin' && MUTATING_METHODS.has(r.method));
  doc = (await t.call('GET', '/api/docs/json')).json() as OpenApiDocument;
  const listed = await rows<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`);
  // Every table, sessions included: the test clock never moves, so not even a session's activity time may change.
  tables = listed.map((r) => r.name).sort();
});
afterAll(async () => {
  await t?.close();
});

async function rows<R>(query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
}

/** The audit log's row count, and a digest (row count and hash of every row) of every table: a write shows in one. */
async function snapshot() {
  const union = tables.map((name) => `select '${name}' as name, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${name}" x`);
  const digests = await rows<{ name: string; digest: string }>(sql.raw(union.join(' union all ')));
  const [audit] = await rows<{ n: string | number }>(sql`select count(*) as n from admin_audit`);
  return { audit: Number(audit!.n), tables: Object.fromEntries(digests.map((r) => [r.name, r.digest])) };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;
const changedTables = (a: Snapshot, b: Snapshot) => tables.filter((name) => a.tables[name] !== b.tables[name]);

const operationOf = (route: ApiRoute): OpenApiOperation | undefined => doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
const bodySchemaOf = (route: ApiRoute): JsonSchema | undefined => operationOf(route)?.requestBody?.content?.['application/json']?.schema;

/** The JSON types a schema accepts (integer counts as number); empty when it says nothing (any value). */
function acceptedTypes(schema: JsonSchema | undefined): Set<string> {
  if (!schema) return new Set();
  const own = [schema.type ?? []].flat().map((type) => (type === 'integer' ? 'number' : type));
  if (!schema.type && schema.enum) own.push(...schema.enum.map(jsonType));
  if ((schema as { nullable?: boolean }).nullable) own.push('null');
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((s) => [...acceptedTypes(s)]);
  return new Set([...own, ...nested]);
}
const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** A value of a type the field refuses, unlike its valid value's type (a string becomes a number, anything else a string…). */
function wrongTypeFor(valid: unknown, schema: JsonSchema | undefined): unknown {
  const accepted = acceptedTypes(schema);
  if (accepted.size === 0) return undefined;
  const candidates: unknown[] = ['wrong type', 12345, true, { wrong: 'type' }, ['wrong type']];
  return candidates.find((c) => jsonType(c) !== jsonType(valid) && !accepted.has(jsonType(c)));
}

/** One broken call: `body` undefined sends none; `field` is what the envelope must name (null: any, for no body). */
interface Variant {
  label: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  field: string | null;
  /** An id of the wrong shape may answer as an unknown one: 404 NOT_FOUND. */
  notFoundOk?: boolean;
}

/** A route's valid call on fresh objects: the path, query and body every variant starts from. */
async function validCall(route: ApiRoute, admin: TestSession) {
  const problems: string[] = [];
  const op = operationOf(route);
  const schema = bodySchemaOf(route);
  const idNames = new Set([
    ...route.params,
    ...Object.keys(schema?.properties ?? {}).filter(looksLikeId),
    ...(op?.parameters ?? []).filter((p) => p.in === 'query' && looksLikeId(p.name)).map((p) => p.name),
  ]);
  const values: Record<string, string> = {};
  const ids: Partial<Record<ObjectKind, string>> = {};
  for (const name of idNames) {
    const rule = idRuleOf(route, name);
    if (typeof rule === 'string') values[name] = ids[rule] = await t.make[rule](admin);
    else if (rule?.value) values[name] = await rule.value(t, admin, route);
    else problems.push(`${route.key}: '${route.area}:${name}' needs a value in ID_PARAMS (server/test-support/route-facts.ts)`);
  }
  const known: SampleBody | undefined = await VALID_BODIES[route.key]?.(ids, { t, values });
  if (schema && !known) problems.push(`${route.key}: takes a body but has no valid one in VALID_BODIES (server/test-support/route-facts.ts)`);
  if (known && 'raw' in known) problems.push(`${route.key}: a raw (multipart) body cannot be broken field by field here`);
  const pathWith = (bad: Record<string, string> = {}) => route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(bad[name] ?? values[name] ?? ''));
  const body = known && 'json' in known ? (known.json as Record<string, unknown>) : undefined;
  return { problems, path: pathWith(), pathWith, query: known?.query ?? {}, body };
}

/** Every broken variant of a valid call. */
function variantsOf(route: ApiRoute, valid: Awaited<ReturnType<typeof validCall>>): { variants: Variant[]; problems: string[] } {
  const problems: string[] = [];
  const variants: Variant[] = [];
  const base = { path: valid.path, query: valid.query, body: valid.body };
  const schema = bodySchemaOf(route);
  if (schema && valid.body) {
    const body = valid.body;
    const without = (key: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));
    variants.push({ ...base, label: 'no body', body: undefined, field: null });
    for (const key of schema.required ?? []) variants.push({ ...base, label: `${key} missing`, body: without(key), field: key });
    // Every field the body may hold, sent or not: an optional field is checked as much as a required one.
    for (const key of new Set([...Object.keys(schema.properties ?? {}), ...Object.keys(body)])) {
      const value = body[key];
      const wrong = wrongTypeFor(value, schema.properties?.[key]);
      if (wrong === undefined) problems.push(`${route.key}: body field ${key} accepts any type, so no wrong type can be sent`);
      else variants.push({ ...base, label: `${key} as ${jsonType(wrong)}`, body: { ...body, [key]: wrong }, field: key });
      if (looksLikeId(key) && value !== null && value !== undefined) {
        const badId = typeof value === 'number' ? -1 : BAD_ID;
        variants.push({ ...base, label: `${key} of the wrong shape`, body: { ...body, [key]: badId }, field: key });
      }
    }
    variants.push({ ...base, label: 'an unknown key', body: { ...body, [UNKNOWN_KEY]: 'x' }, field: UNKNOWN_KEY });
  }
  for (const name of route.params) {
    variants.push({ ...base, label: `path ${name} of the wrong shape`, path: valid.pathWith({ [name]: BAD_ID }), field: name, notFoundOk: true });
  }
  for (const p of operationOf(route)?.parameters ?? []) {
    if (p.in !== 'query') continue;
    const rest = Object.fromEntries(Object.entries(valid.query).filter(([name]) => name !== p.name));
    if (p.required) variants.push({ ...base, label: `query ${p.name} missing`, query: rest, field: p.name });
    if (p.schema.enum) variants.push({ ...base, label: `query ${p.name} not one of its values`, query: { ...rest, [p.name]: 'not-a-value' }, field: p.name });
  }
  return { variants, problems };
}

const urlOf = (path: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

/** What is wrong with a refused call's answer, or null when it is the 400 envelope naming the field. */
function wrongAnswer(res: LightMyRequestResponse, v: Variant): string | null {
  let parsed: { success?: unknown; error?: { code?: unknown; message?: unknown; field?: unknown } };
  try {
    parsed = res.json();
  } catch {
    return `${res.statusCode}, not JSON: ${res.body.slice(0, 120)}`;
  }
  const error = parsed.error;
  const envelope = parsed.success === false && typeof error?.message === 'string' && error.message.length > 0;
  if (v.notFoundOk && res.statusCode === 404 && envelope && error?.code === 'NOT_FOUND') return null;
  if (res.statusCode !== 400 || !envelope || error?.code !== 'VALIDATION_ERROR') return `${res.statusCode} ${res.body.slice(0, 160)}`;
  if (v.field !== null && error?.field !== v.field) return `names field ${JSON.stringify(error?.field)}, not ${v.field}: ${res.body.slice(0, 160)}`;
  return null;
}

describe('bad input on every admin write', () => {
  it('finds the admin writes in the route table, and keeps the no-input list to routes that take no input', () => {
    expect(routes.length).toBeGreaterThan(15);
    const keys = new Set(routes.map((r) => r.key));
    const stale = Object.keys(NO_INPUT).filter((key) => !keys.has(key));
    expect(stale).toEqual([]);
    const withInput = routes.filter((r) => NO_INPUT[r.key] && (r.params.length > 0 || bodySchemaOf(r) || operationOf(r)?.parameters?.length));
    expect(withInput.map((r) => r.key)).toEqual([]);
  });

  it('answers 400 naming the field, and changes nothing, for every broken variant; the valid call then writes', async () => {
    const admin = await t.make.user({ admin: true });
    const wrong: string[] = [];
    let sent = 0;
    for (const route of routes) {
      if (NO_INPUT[route.key]) continue;
      const valid = await validCall(route, admin);
      const { variants, problems } = variantsOf(route, valid);
      wrong.push(...valid.problems, ...problems);
      if (valid.problems.length) continue;
      if (variants.length === 0) wrong.push(`${route.key}: no broken variant could be made; list it in NO_INPUT with the reason`);
      for (const v of variants) {
        const before = await snapshot();
        const res = await t.call(route.method, urlOf(v.path, v.query), { session: admin, ...(v.body === undefined ? {} : { body: v.body }) });
        const after = await snapshot();
        sent += 1;
        const answer = wrongAnswer(res, v);
        if (answer) wrong.push(`${route.key} with ${v.label} → ${answer}`);
        if (after.audit !== before.audit) wrong.push(`${route.key} with ${v.label}: wrote ${after.audit - before.audit} audit row(s)`);
        const changed = changedTables(before, after);
        if (changed.length) wrong.push(`${route.key} with ${v.label}: changed ${changed.join(', ')}`);
      }
      // The control: the same call unbroken succeeds, is audited, and shows in the snapshot.
      const before = await snapshot();
      const res = await t.call(route.method, urlOf(valid.path, valid.query), { session: admin, ...(valid.body === undefined ? {} : { body: valid.body }) });
      const after = await snapshot();
      if (res.statusCode !== 200) wrong.push(`${route.key}: the valid call → ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (after.audit !== before.audit + 1 || changedTables(before, after).length < 2) {
        wrong.push(`${route.key}: the valid call was not seen (audit ${before.audit} → ${after.audit}, changed ${changedTables(before, after).join(', ') || 'nothing'})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 2);
  });
});
