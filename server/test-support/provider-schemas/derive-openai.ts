/**
 * Regenerates openai.json beside this file from OpenAI's published OpenAPI document (github.com/openai/openai-openapi,
 * MIT licence): the `components.schemas` our OpenAI adapter's calls touch, and every schema they `$ref`, transitively,
 * copied unchanged.
 *
 *   node server/test-support/provider-schemas/derive-openai.ts [path to a clone or bare git dir of openai/openai-openapi]
 *
 * Default source: /work/.mirror/openai+openai-openapi/repo (a git dir; openapi.json is read from its HEAD).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The schemas the adapter's requests and the fake's answers are held to (validator('openai')(name)). */
export const OPENAI_ROOT_SCHEMAS = [
  'CreateImageEditRequest',
  'ImagesResponse',
  'CreateChatCompletionRequest',
  'ChatCompletionRequestMessage',
  'ChatCompletionRequestSystemMessage',
  'ChatCompletionRequestUserMessage',
  'ChatCompletionRequestMessageContentPartText',
  'ChatCompletionRequestMessageContentPartImage',
  'CreateChatCompletionResponse',
  'CreateTranscriptionRequest',
  'CreateTranscriptionResponseJson',
  'CreateTranscriptionResponseVerboseJson',
  'ErrorResponse',
];

type Schemas = Record<string, unknown>;

/** The named schemas and every schema reachable from them through `#/components/schemas/…` references. */
export function closure(schemas: Schemas, roots: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    if (!(name in schemas)) throw new Error(`the document has no schema ${name}`);
    seen.add(name);
    for (const match of JSON.stringify(schemas[name]).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) stack.push(decodeURIComponent(match[1]!));
  }
  return [...seen].sort();
}

function main() {
  const source = process.argv[2] ?? '/work/.mirror/openai+openai-openapi/repo';
  const gitDir = existsSync(path.join(source, '.git')) ? path.join(source, '.git') : source;
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
  const commit = git('rev-parse', 'HEAD').trim();
  const doc = JSON.parse(git('show', 'HEAD:openapi.json')) as { openapi: string; info: { version: string }; components: { schemas: Schemas } };
  const licence = git('show', 'HEAD:LICENSE').split('\n')[0]!.trim();
  const names = closure(doc.components.schemas, OPENAI_ROOT_SCHEMAS);
  const out = {
    'x-derived-from': {
      source: 'https://github.com/openai/openai-openapi/blob/' + commit + '/openapi.json',
      commit,
      licence: `${licence} (Copyright OpenAI; https://github.com/openai/openai-openapi/blob/${commit}/LICENSE)`,
      note:
        `OpenAPI ${doc.openapi}, API version ${doc.info.version}: components.schemas ${OPENAI_ROOT_SCHEMAS.join(', ')} and every schema they $ref, ` +
        `transitively (${names.length} schemas), unchanged. Regenerate with server/test-support/provider-schemas/derive-openai.ts.`,
    },
    components: { schemas: Object.fromEntries(names.map((name) => [name, doc.components.schemas[name]])) },
  };
  const target = new URL('./openai.json', import.meta.url);
  writeFileSync(target, `${JSON.stringify(out, null, 1)}\n`);
  const size = readFileSync(target).length;
  console.log(`wrote ${names.length} schemas (${Math.round(size / 1024)} KB) from ${commit}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
