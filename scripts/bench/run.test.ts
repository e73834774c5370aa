import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkNames, markdownTable, resultRows } from './run.ts';
import { ratioOf } from './stats.ts';

describe('npm run bench', () => {
  it('runs the files that export nothing, and skips helpers, parts and child-process scripts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-names-'));
    fs.writeFileSync(path.join(dir, 'ledger.ts'), "import { report } from './stats.ts';\nreport([]);\n");
    fs.writeFileSync(path.join(dir, 'stats.ts'), 'export function report() {}\n');
    fs.writeFileSync(path.join(dir, 'server.ts'), '// not a benchmark: the server a benchmark starts\nlisten();\n');
    fs.writeFileSync(path.join(dir, 'ledger.test.ts'), "it('x', () => {});\n");
    expect(benchmarkNames(dir)).toEqual(['ledger']);
  });

  it('finds this folder’s benchmarks and none of its helpers', () => {
    const names = benchmarkNames();
    expect(names).toEqual(expect.arrayContaining(['ledger', 'files', 'ai', 'lighthouse']));
    for (const helper of ['stats', 'scratch-postgres', 'run', 'headshot', 'thumbnail']) expect(names).not.toContain(helper);
  });

  it('prints each result with its anchor, ratio and goal, and escapes Markdown cells', () => {
    const rows = resultRows([
      { benchmark: 'ledger', measure: 'hold + capture | PGlite', value: 1234.5, unit: 'ops/s', anchor: 'single-row UPDATE', anchorValue: 2000, ratio: ratioOf(1234.5, 2000, 'higher'), better: 'higher', goal: 'ratio ≥ 0.50', met: true },
      { benchmark: 'files', measure: 'first page p95', value: 31.25, unit: 'ms', better: 'lower', goal: 'p95 < 20 ms', met: false },
    ]);
    expect(rows[0]).toEqual({ benchmark: 'ledger', measure: 'hold + capture | PGlite', value: '1,235 ops/s', anchor: 'single-row UPDATE: 2,000 ops/s', ratio: '0.62x', goal: 'ratio ≥ 0.50', met: 'yes' });
    expect(rows[1]).toMatchObject({ value: '31.3 ms', anchor: '-', ratio: '-', met: 'NO' });
    const md = markdownTable(rows).split('\n');
    expect(md[0]).toBe('| benchmark | measure | value | anchor | ratio | goal | met |');
    expect(md[2]).toContain('hold + capture \\| PGlite');
  });

  it('says how many times better or worse, whichever way is better', () => {
    expect(ratioOf(50, 100, 'higher')).toBe(0.5);
    expect(ratioOf(50, 100, 'lower')).toBe(2);
    expect(ratioOf(0, 100, 'lower')).toBe(0);
  });
});
