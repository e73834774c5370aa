/**
 * Regenerates gemini.json beside this file from Google's published protocol buffers of the Gemini API
 * (github.com/googleapis/googleapis, Apache-2.0): `google/ai/generativelanguage/v1beta/*.proto`, the source the
 * `generativelanguage` v1beta discovery document and the REST reference are generated from, and `google/rpc/*.proto`
 * for the error body.
 *
 *   node server/test-support/provider-schemas/derive-gemini.ts [path to a clone or bare git dir of googleapis/googleapis]
 *
 * Default source: /work/.mirror/googleapis+googleapis/repo (a git dir; the protos are read from its HEAD).
 *
 * The conversion follows the proto3 JSON mapping (https://protobuf.dev/programming-guides/json/), as the discovery
 * document does: each message is an object whose properties are the fields' JSON names (lowerCamelCase, the names the
 * discovery document and @google/genai use), enums are their value names, 64-bit integers a decimal string (or a
 * number, which parsers accept), bytes base64 strings, `google.protobuf.Struct`/`Value` any JSON, `Duration` a string
 * such as "3.5s". Every object is strict (`additionalProperties: false`): Google rejects an unknown field with
 * 400 INVALID_ARGUMENT ("Invalid JSON payload received. Unknown name …"), and the fake's answers are held to the same
 * names. The proto3 JSON parser also accepts the proto field names (snake_case); the schema lists the JSON names only,
 * which are what the SDK sends, so a request that drifts to the other spelling is noticed. Fields marked
 * `(google.api.field_behavior) = REQUIRED` are `required`, except the request's path parameter `model`
 * (`post: "/v1beta/{model=models/*}:generateContent" body: "*"` puts it in the URL, not the body), which is left out.
 * A `oneof` (Part's data: text | inlineData | …) is not expressed: at most one of them may be set.
 *
 * The error body is the REST mapping of google.rpc.Status (https://google.aip.dev/193#http11json-representation):
 * `{ error: { code, message, status: <google.rpc.Code name>, details: [Any] } }`, each detail one of the
 * google.rpc error_details messages with its `@type`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import protobuf from 'protobufjs';

const PACKAGE = 'google.ai.generativelanguage.v1beta';
/** The messages our calls send and read (validator('gemini')(name)); each brings every message it refers to. */
export const GEMINI_ROOT_MESSAGES = [`${PACKAGE}.GenerateContentRequest`, `${PACKAGE}.GenerateContentResponse`];
/** google.rpc error details Google's errors carry (ErrorInfo, RetryInfo, QuotaFailure, Help, …). */
const ERROR_DETAILS = [
  'ErrorInfo',
  'RetryInfo',
  'DebugInfo',
  'QuotaFailure',
  'PreconditionFailure',
  'BadRequest',
  'RequestInfo',
  'ResourceInfo',
  'Help',
  'LocalizedMessage',
];

type Schema = Record<string, unknown>;

const WELL_KNOWN: Record<string, Schema> = {
  'google.protobuf.Struct': { type: 'object', description: 'google.protobuf.Struct: any JSON object.' },
  'google.protobuf.Value': { description: 'google.protobuf.Value: any JSON value.' },
  'google.protobuf.ListValue': { type: 'array', description: 'google.protobuf.ListValue: any JSON array.' },
  'google.protobuf.Duration': { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]{1,9})?s$', description: 'google.protobuf.Duration, e.g. "3.5s".' },
  'google.protobuf.Timestamp': { type: 'string', format: 'date-time', description: 'google.protobuf.Timestamp (RFC 3339).' },
  'google.protobuf.FieldMask': { type: 'string', format: 'google-fieldmask' },
  'google.protobuf.Empty': { type: 'object', additionalProperties: false },
  'google.protobuf.Any': { type: 'object', required: ['@type'], properties: { '@type': { type: 'string' } } },
  'google.protobuf.DoubleValue': { type: 'number' },
  'google.protobuf.FloatValue': { type: 'number' },
  'google.protobuf.Int64Value': { anyOf: [{ type: 'string', pattern: '^-?[0-9]+$' }, { type: 'integer' }] },
  'google.protobuf.UInt64Value': { anyOf: [{ type: 'string', pattern: '^[0-9]+$' }, { type: 'integer', minimum: 0 }] },
  'google.protobuf.Int32Value': { type: 'integer' },
  'google.protobuf.UInt32Value': { type: 'integer', minimum: 0 },
  'google.protobuf.BoolValue': { type: 'boolean' },
  'google.protobuf.StringValue': { type: 'string' },
  'google.protobuf.BytesValue': { type: 'string', format: 'byte' },
};

const SCALARS: Record<string, Schema> = {
  string: { type: 'string' },
  bool: { type: 'boolean' },
  bytes: { type: 'string', format: 'byte' },
  double: { type: 'number' },
  float: { type: 'number' },
  int32: { type: 'integer', format: 'int32' },
  sint32: { type: 'integer', format: 'int32' },
  sfixed32: { type: 'integer', format: 'int32' },
  uint32: { type: 'integer', minimum: 0, format: 'uint32' },
  fixed32: { type: 'integer', minimum: 0, format: 'uint32' },
  int64: { anyOf: [{ type: 'string', pattern: '^-?[0-9]+$' }, { type: 'integer' }], format: 'int64' },
  sint64: { anyOf: [{ type: 'string', pattern: '^-?[0-9]+$' }, { type: 'integer' }], format: 'int64' },
  sfixed64: { anyOf: [{ type: 'string', pattern: '^-?[0-9]+$' }, { type: 'integer' }], format: 'int64' },
  uint64: { anyOf: [{ type: 'string', pattern: '^[0-9]+$' }, { type: 'integer', minimum: 0 }], format: 'uint64' },
  fixed64: { anyOf: [{ type: 'string', pattern: '^[0-9]+$' }, { type: 'integer', minimum: 0 }], format: 'uint64' },
};

/** proto3 JSON name: lowerCamelCase of the field name (unless json_name says otherwise). */
function jsonName(field: protobuf.Field): string {
  const explicit = field.options?.json_name as string | undefined;
  return explicit ?? field.name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function fullName(type: protobuf.ReflectionObject): string {
  return type.fullName.replace(/^\./, '');
}

function required(field: protobuf.Field): boolean {
  const parsed = (field as unknown as { parsedOptions?: Array<Record<string, unknown>> }).parsedOptions ?? [];
  return parsed.some((o) => o['(google.api.field_behavior)'] === 'REQUIRED') || field.options?.['(google.api.field_behavior)'] === 'REQUIRED';
}

export function derive(root: protobuf.Root) {
  const schemas: Record<string, Schema> = {};

  // Every message and enum the roots reach (the error details too), then their schema names: the simple name, or,
  // where two of them share one (GenerationConfig.Modality beside Modality), the nested one with its parent's in front.
  const reached = new Map<string, protobuf.Type | protobuf.Enum>();
  const walk = (type: protobuf.Type | protobuf.Enum) => {
    const full = fullName(type);
    if (reached.has(full) || WELL_KNOWN[full]) return;
    reached.set(full, type);
    if (type instanceof protobuf.Type) {
      for (const field of type.fieldsArray) {
        const resolved = field.resolve().resolvedType;
        if (resolved) walk(resolved as protobuf.Type | protobuf.Enum);
      }
    }
  };
  for (const rootName of GEMINI_ROOT_MESSAGES) walk(root.lookupType(rootName));
  for (const detail of ERROR_DETAILS) walk(root.lookupType(`google.rpc.${detail}`));
  const bySimple = new Map<string, number>();
  for (const type of reached.values()) bySimple.set(type.name, (bySimple.get(type.name) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const [full, type] of reached) {
    const shared = (bySimple.get(type.name) ?? 0) > 1 && type.parent instanceof protobuf.Type;
    names.set(full, shared ? `${type.parent!.name}${type.name}` : type.name);
  }
  if (new Set(names.values()).size !== names.size) throw new Error('two schemas would share a name');
  const nameOf = (type: protobuf.ReflectionObject) => names.get(fullName(type))!;

  function enumSchema(type: protobuf.Enum): Schema {
    return { type: 'string', enum: Object.keys(type.values), ...(type.comment ? { description: type.comment } : {}) };
  }

  function fieldSchema(field: protobuf.Field): Schema {
    const resolved = field.resolve().resolvedType;
    let item: Schema;
    if (resolved && WELL_KNOWN[fullName(resolved)]) item = WELL_KNOWN[fullName(resolved)]!;
    else if (resolved) item = { $ref: `#/components/schemas/${nameOf(resolved)}` };
    else if (SCALARS[field.type]) item = SCALARS[field.type]!;
    else throw new Error(`unknown type ${field.type} of ${field.fullName}`);
    let schema: Schema = item;
    if (field instanceof protobuf.MapField) schema = { type: 'object', additionalProperties: item };
    else if (field.repeated) schema = { type: 'array', items: item };
    if (field.comment) schema = schema.$ref ? { allOf: [schema], description: field.comment } : { ...schema, description: field.comment };
    return schema;
  }

  function messageSchema(type: protobuf.Type, omit: string[] = []): Schema {
    const properties: Record<string, Schema> = {};
    const requiredNames: string[] = [];
    for (const field of type.fieldsArray) {
      if (omit.includes(field.name)) continue;
      const name = jsonName(field);
      properties[name] = fieldSchema(field);
      if (required(field)) requiredNames.push(name);
    }
    return {
      type: 'object',
      ...(type.comment ? { description: type.comment } : {}),
      properties,
      ...(requiredNames.length ? { required: requiredNames } : {}),
      additionalProperties: false,
    };
  }

  for (const [full, type] of reached) {
    const name = nameOf(type);
    if (type instanceof protobuf.Enum) schemas[name] = enumSchema(type);
    // The path parameter of POST /v1beta/{model=models/*}:generateContent (body "*") is not part of the body.
    else schemas[name] = messageSchema(type, full === `${PACKAGE}.GenerateContentRequest` ? ['model'] : []);
  }

  // The REST error body: google.rpc.Status with the google.rpc.Code name in `status` (AIP-193).
  const code = root.lookupEnum('google.rpc.Code');
  schemas.Code = enumSchema(code);
  const details: Schema[] = [];
  for (const detail of ERROR_DETAILS) {
    const schema = schemas[detail]!;
    schemas[detail] = {
      ...schema,
      properties: { '@type': { const: `type.googleapis.com/google.rpc.${detail}` }, ...(schema.properties as object) },
      required: ['@type', ...((schema.required as string[] | undefined) ?? [])],
    };
    details.push({ $ref: `#/components/schemas/${detail}` });
  }
  const status = root.lookupType('google.rpc.Status');
  schemas.Status = {
    type: 'object',
    description: status.comment ?? undefined,
    properties: {
      code: { type: 'integer', description: 'The HTTP status code (google.rpc.Status.code as the REST mapping sends it).' },
      message: { type: 'string' },
      status: { $ref: '#/components/schemas/Code' },
      details: { type: 'array', items: { anyOf: details } },
    },
    required: ['code', 'message', 'status'],
    additionalProperties: false,
  };
  schemas.Error = {
    type: 'object',
    description: 'The body of an HTTP error answer (AIP-193): { error: Status }.',
    properties: { error: { $ref: '#/components/schemas/Status' } },
    required: ['error'],
    additionalProperties: false,
  };
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

function main() {
  const source = process.argv[2] ?? '/work/.mirror/googleapis+googleapis/repo';
  const gitDir = existsSync(path.join(source, '.git')) ? path.join(source, '.git') : source;
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  const commit = git('rev-parse', 'HEAD').toString('utf8').trim();
  const dir = mkdtempSync(path.join(tmpdir(), 'googleapis-'));
  try {
    const tar = path.join(dir, 'protos.tar');
    writeFileSync(tar, git('archive', '--format=tar', 'HEAD', 'google/ai/generativelanguage/v1beta', 'google/api', 'google/type', 'google/rpc', 'LICENSE'));
    execFileSync('tar', ['-xf', tar, '-C', dir]);
    const root = new protobuf.Root();
    // google/protobuf/*: protobufjs's own copies (its built-in common types, and descriptor.proto beside its package).
    const protobufDir = path.join(path.dirname(createRequire(import.meta.url).resolve('protobufjs/package.json')), 'google/protobuf');
    root.resolvePath = (_origin, target) => {
      if (path.isAbsolute(target)) return target;
      if (target === 'google/protobuf/descriptor.proto') return path.join(protobufDir, 'descriptor.proto');
      return target.startsWith('google/protobuf/') ? target : path.join(dir, target);
    };
    root.loadSync(
      [
        path.join(dir, 'google/ai/generativelanguage/v1beta/generative_service.proto'),
        path.join(dir, 'google/rpc/status.proto'),
        path.join(dir, 'google/rpc/code.proto'),
        path.join(dir, 'google/rpc/error_details.proto'),
      ],
      { keepCase: true, alternateCommentMode: true },
    );
    root.resolveAll();
    const schemas = derive(root);
    const licence = readFileSync(path.join(dir, 'LICENSE'), 'utf8').trim().split('\n')[0]!.trim();
    const out = {
      'x-derived-from': {
        source: `https://github.com/googleapis/googleapis/tree/${commit}/google/ai/generativelanguage/v1beta`,
        commit,
        licence: `${licence} 2.0 (Copyright Google LLC; https://github.com/googleapis/googleapis/blob/${commit}/LICENSE)`,
        note:
          `Package ${PACKAGE} (generative_service.proto, content.proto, safety.proto, citation.proto, retriever.proto) and google/rpc ` +
          `(status.proto, code.proto, error_details.proto): ${GEMINI_ROOT_MESSAGES.map((n) => n.split('.').pop()).join(', ')}, every message they refer to, ` +
          `and the REST error body (Error → Status, AIP-193), converted by the proto3 JSON mapping into JSON Schema (${Object.keys(schemas).length} schemas; ` +
          `strict objects, JSON names, REQUIRED fields required, the path parameter model left out of GenerateContentRequest). ` +
          `The generativelanguage v1beta discovery document is generated from these protos; it was not among the stored public copies. ` +
          `Regenerate with server/test-support/provider-schemas/derive-gemini.ts.`,
      },
      components: { schemas },
    };
    const target = new URL('./gemini.json', import.meta.url);
    writeFileSync(target, `${JSON.stringify(out, null, 1)}\n`);
    console.log(`wrote ${Object.keys(schemas).length} schemas (${Math.round(readFileSync(target).length / 1024)} KB) from ${commit}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
