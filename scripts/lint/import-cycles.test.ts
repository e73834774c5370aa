import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCycles, noCycle, sourceFiles } from './import-cycles.js';

// Real files in a temporary folder: the rule reads the imports from disk, as it does in the repository.
let root: string;
const file = (name: string) => path.join(root, name);
const write = (name: string, text: string) => {
  mkdirSync(path.dirname(file(name)), { recursive: true });
  writeFileSync(file(name), text);
};

function lint(name: string) {
  const linter = new Linter({ configType: 'flat', cwd: root });
  return linter.verify(
    readFileSync(file(name), 'utf8'),
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { local: { rules: { 'no-cycle': noCycle } } },
        rules: { 'local/no-cycle': 'error' },
      },
    ],
    file(name),
  );
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  // types.ts -> vision/index.ts -> vision/client.ts -> types.ts, closed by a type-only import (the issue 27 cycle).
  write('types.ts', "import type { Vision } from './vision/index.ts';\nexport class ProviderError extends Error {}\nexport interface Providers { vision: Vision }\n");
  write('vision/index.ts', "import { Client } from './client.ts';\nexport interface Vision { run(): void }\nexport const client = new Client();\n");
  write('vision/client.ts', "import { ProviderError } from '../types.ts';\nexport class Client { fail() { throw new ProviderError(); } }\n");
  // A pair held together by `import { type X }` and `export type … from`.
  write('pair/a.ts', "import { type B } from './b.ts';\nexport type A = B;\n");
  write('pair/b.ts', "export type { A as B } from './a.ts';\n");
  // No cycle: a chain, a package, a stylesheet and a missing file.
  write('chain/top.ts', "import { bottom } from './bottom.ts';\nimport 'node:fs';\nimport './style.css';\nimport './gone.ts';\nexport const top = bottom;\n");
  write('chain/bottom.ts', 'export const bottom = 1;\n');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local/no-cycle', () => {
  it('reports a cycle closed by a type-only import, with its route', () => {
    const [problem, ...rest] = lint('types.ts');
    expect(rest).toEqual([]);
    expect(problem?.ruleId).toBe('local/no-cycle');
    expect(problem?.line).toBe(1);
    const route = path.relative(process.cwd(), root).split(path.sep).join('/');
    expect(problem?.message).toContain(`${route}/types.ts -> ${route}/vision/index.ts -> ${route}/vision/client.ts -> ${route}/types.ts`);
  });

  it('reports it from every file in the cycle', () => {
    expect(lint('vision/index.ts').map((p) => p.line)).toEqual([1]);
    expect(lint('vision/client.ts').map((p) => p.line)).toEqual([1]);
  });

  it('counts `import { type X }` and `export type … from`', () => {
    expect(lint('pair/a.ts')).toHaveLength(1);
    expect(lint('pair/b.ts')).toHaveLength(1);
  });

  it('passes a chain without a way back, packages, stylesheets and missing files', () => {
    expect(lint('chain/top.ts')).toEqual([]);
    expect(lint('chain/bottom.ts')).toEqual([]);
  });
});

describe('findCycles', () => {
  it('lists each group of files in a cycle once, with a cycle through it', () => {
    const cycles = findCycles(sourceFiles(root));
    expect(cycles.map((c) => c.files.map((f) => path.relative(root, f)))).toEqual([
      [path.join('pair', 'a.ts'), path.join('pair', 'b.ts')],
      ['types.ts', path.join('vision', 'client.ts'), path.join('vision', 'index.ts')],
    ]);
    expect(cycles[1]?.cycle.map((f) => path.relative(root, f))).toEqual(['types.ts', path.join('vision', 'index.ts'), path.join('vision', 'client.ts'), 'types.ts']);
  });
});
