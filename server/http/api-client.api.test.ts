import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { makePng } from '../test-support/media.ts';

/**
 * The OpenAPI document is good enough to script against: a TypeScript client generated from it (openapi-typescript's
 * types, used through openapi-fetch) compiles under `--strict`, then runs against the app on a real port with nothing
 * but an API key: profile, a paid tool, its generation, and the result file.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Inside the project, so the client resolves openapi-fetch from its node_modules as a user's project would.
const dir = path.join(root, 'node_modules', '.cache', `ampkit-api-client-${process.pid}`);

/** What a user would write with the generated types: every path, body and answer checked by the compiler. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

export async function script(baseUrl: string, apiKey: string, imageData: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${apiKey}\` } });
  const profile = await client.GET('/api/auth/profile');
  if (!profile.data) throw new Error(\`profile: \${JSON.stringify(profile.error)}\`);
  const email: string = profile.data.data.user.email;
  const balance: string = profile.data.data.credits.balance;

  const made = await client.POST('/api/ai/generate-image', {
    body: { imageData, userPrompt: 'make it black and white' },
    headers: { 'Idempotency-Key': 'generated-client-1' },
  });
  if (!made.data) throw new Error(\`generate: \${JSON.stringify(made.error)}\`);
  const generationId: string | undefined = 'generation_id' in made.data.data ? made.data.data.generation_id : undefined;
  if (!generationId) throw new Error('no generation id');

  const status = await client.GET('/api/generations/{id}', { params: { path: { id: generationId } } });
  if (!status.data) throw new Error(\`status: \${JSON.stringify(status.error)}\`);
  const state: string = status.data.data.status;

  const files = await client.GET('/api/files/list', { params: { query: { limit: 10 } } });
  if (!files.data) throw new Error(\`files: \${JSON.stringify(files.error)}\`);
  const fileCount: number = files.data.data.files.length;
  return { email, balance, generationId, state, fileCount };
}
`;

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  fs.mkdirSync(dir, { recursive: true });
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('a TypeScript client generated from /api/docs/json', () => {
  it('compiles under --strict and runs a paid tool with only an API key', async () => {
    const doc = (await fetch(`${baseUrl}/api/docs/json`)).json();
    fs.writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(await doc)));
    fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT);

    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowImportingTsExtensions: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    const owner = await t.make.user({ credits: '3' });
    const key = await t.make.bearerKey(owner, ['account:read', 'generate', 'files:read']);
    const { script } = (await import(path.join(dir, 'client.ts'))) as { script: (base: string, key: string, image: string) => Promise<Record<string, unknown>> };
    const ran = await script(baseUrl, key, (await makePng(64, 48)).toString('base64'));
    expect(ran).toMatchObject({ email: owner.email, state: 'completed', fileCount: 1 });
  }, 120_000);
});
