/**
 * `npm run bench`: runs every benchmark in scripts/bench/, one after another in its own process (so one cannot warm or
 * load the next), and prints one table of what each reported: the measure, its anchor measured side by side in the
 * same run, the ratio, and the goal. Each benchmark's own detailed tables go to its log (the folder is printed).
 *
 * A benchmark is a file here that exports nothing; files that export (stats.ts, scratch-postgres.ts, the parts that
 * ai.ts runs) are helpers, and a file whose first line is `// not a benchmark` (a child process a benchmark starts)
 * is skipped too.
 *
 *   npm run bench                      every benchmark
 *   npm run bench -- ledger files      only these
 *   npm run bench -- --write           and rewrite the table in docs/BENCHMARKS.md with this machine's description
 *
 * PostgreSQL is measured when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (the role must be allowed to CREATE
 * DATABASE); Lighthouse needs the built app (`npm run build`). Exits 1 when a benchmark fails, not when a goal is
 * missed: the table says which goals are met.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchPostgresUrl } from './scratch-postgres.ts';
import { fmt, table, type BenchResult } from './stats.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const SELF = path.basename(fileURLToPath(import.meta.url));
/** Node flags a benchmark needs beyond tsx. */
const NODE_FLAGS: Record<string, string[]> = { 'export-memory': ['--expose-gc'] };
/** Why a benchmark cannot run here now, if it cannot. */
const PRECONDITIONS: Record<string, () => string | null> = {
  lighthouse: () => (fs.existsSync(path.join(process.env.E2E_WEB_ROOT ?? path.join(root, 'dist', 'web'), 'index.html')) ? null : 'the app is not built (npm run build)'),
};

export function benchmarkNames(dir = here): string[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && file !== SELF && !file.endsWith('.test.ts'))
    .filter((file) => {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      return !/^export /m.test(source) && !source.startsWith('// not a benchmark');
    })
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
}

function run(name: string, reportFile: string, logFile: string): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...(NODE_FLAGS[name] ?? []), '--import', 'tsx', path.join(here, `${name}.ts`)], {
    cwd: root,
    env: { ...process.env, BENCH_REPORT: reportFile },
    stdio: ['ignore', log, log],
  });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      fs.closeSync(log);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 });
    });
  });
}

const number = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : Math.abs(n) >= 10 ? fmt(n, 1) : fmt(n, 2));

export function resultRows(results: BenchResult[]): Array<Record<string, string>> {
  return results.map((r) => ({
    benchmark: r.benchmark,
    measure: r.measure,
    value: `${number(r.value)} ${r.unit}`,
    anchor: r.anchor ? `${r.anchor}: ${number(r.anchorValue ?? 0)} ${r.unit}` : '-',
    ratio: r.ratio === undefined ? '-' : `${fmt(r.ratio, 2)}x`,
    goal: r.goal ?? '-',
    met: r.met === undefined ? '-' : r.met ? 'yes' : 'NO',
  }));
}

/** The same rows as a Markdown table (for docs/BENCHMARKS.md). */
export function markdownTable(rows: Array<Record<string, string>>): string {
  const headers = Object.keys(rows[0] ?? {});
  const cell = (s: string) => s.replaceAll('|', '\\|');
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${headers.map((h) => cell(r[h] ?? '')).join(' | ')} |`)].join('\n');
}

async function machine(): Promise<string> {
  const cpus = os.cpus();
  let postgres = 'not measured (no BENCH_DATABASE_URL or TEST_DATABASE_URL)';
  const url = benchPostgresUrl();
  if (url) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      postgres = String((await client.query('show server_version')).rows[0].server_version);
    } catch (error) {
      postgres = `unreachable (${(error as Error).message})`;
    } finally {
      await client.end().catch(() => {});
    }
  }
  return [
    `- CPU: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown'}`,
    `- memory: ${fmt(os.totalmem() / 1024 ** 3, 0)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node ${process.versions.node}; PostgreSQL ${postgres}, on the same machine`,
  ].join('\n');
}

function writeDoc(markdown: string, about: string, date: string) {
  const doc = path.join(root, 'docs', 'BENCHMARKS.md');
  const start = '<!-- bench:table -->';
  const end = '<!-- /bench:table -->';
  const text = fs.readFileSync(doc, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${doc} has no ${start} … ${end} section`);
  const section = `${start}\nRun on ${date}:\n\n${about}\n\n${markdown}\n${end}`;
  fs.writeFileSync(doc, text.slice(0, from) + section + text.slice(to + end.length));
  console.log(`\nWrote the table into ${path.relative(root, doc)}`);
}

async function main() {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const all = benchmarkNames();
  const asked = args.filter((a) => !a.startsWith('--'));
  const unknown = asked.filter((a) => !all.includes(a));
  if (unknown.length) throw new Error(`No benchmark named ${unknown.join(', ')}; there are: ${all.join(', ')}`);
  const names = asked.length ? asked : all;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-bench-'));
  const reportFile = path.join(dir, 'results.jsonl');
  fs.writeFileSync(reportFile, '');
  console.log(`Benchmarks: ${names.join(', ')}\nLogs (each benchmark's own tables): ${dir}\n`);

  const failed: string[] = [];
  const skipped: string[] = [];
  for (const name of names) {
    const blocked = PRECONDITIONS[name]?.();
    if (blocked) {
      skipped.push(`${name} (${blocked})`);
      console.log(`- ${name}: skipped, ${blocked}`);
      continue;
    }
    const { code, seconds } = await run(name, reportFile, path.join(dir, `${name}.log`));
    if (code !== 0) failed.push(name);
    console.log(`- ${name}: ${code === 0 ? 'done' : `FAILED (exit ${code}), see ${path.join(dir, `${name}.log`)}`} in ${fmt(seconds, 0)} s`);
  }

  const results = fs
    .readFileSync(reportFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BenchResult);
  const rows = resultRows(results);
  console.log(`\n${rows.length ? table(rows) : '(no results reported)'}`);
  const missed = results.filter((r) => r.met === false);
  const goals = results.filter((r) => r.met !== undefined).length;
  console.log(`\nGoals met: ${goals - missed.length} of ${goals}${skipped.length ? `; skipped: ${skipped.join(', ')}` : ''}`);

  if (write && rows.length) writeDoc(markdownTable(rows), await machine(), new Date().toISOString().slice(0, 10));
  if (failed.length) {
    console.error(`\nFailed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
