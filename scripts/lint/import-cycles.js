// Import cycles, type-only imports included. eslint-plugin-import-x's no-cycle skips `import type` and
// `import { type X }` with no option to count them (lib/rules/no-cycle.js), so a cycle held together by a type import
// passed lint. This module reads every relative import of a file with TypeScript's import scanner (static, type-only,
// `export … from`, dynamic `import()` and `import('…')` types alike) and is used twice:
//   - as the ESLint rule `local/no-cycle` (eslint.config.js): each import that leads back to its own file is reported
//     with the route of the cycle;
//   - as a command, `node scripts/lint/import-cycles.js`, which lists every cycle in the repository (one line per
//     strongly connected group of files) and exits 1 when there is one.
// Packages (bare specifiers) are not followed: a cycle needs two of our files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.tmp', '.git']);

/** A file's imports are read again when its modification time changes (an editor keeps ESLint running). */
const importCache = new Map();
const STAT_EVERY_MS = 1000;

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The source file a relative specifier names, or null (a package, a stylesheet, a file that does not exist). */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((ext) => base + ext),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((file) => SOURCE_EXTENSIONS.includes(path.extname(file)) && isFile(file)) ?? null;
}

/** The files `file` imports, every kind of import counted. */
function importsOf(file) {
  const now = Date.now();
  const cached = importCache.get(file);
  if (cached && now - cached.checkedAt < STAT_EVERY_MS) return cached.imports;
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  if (cached && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = now;
    return cached.imports;
  }
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = [...new Set(importedFiles.map((ref) => resolveImport(file, ref.fileName)).filter(Boolean))];
  importCache.set(file, { mtimeMs, checkedAt: now, imports });
  return imports;
}

/** The shortest import route from `start` to `goal` (both included), or null when `goal` is not reachable. */
function routeBetween(start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const route = [];
      for (let at = goal; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of importsOf(file)) {
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

const relative = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/** The ESLint rule: an import whose file leads back, through any imports, to the importing file. */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports count): {{route}}. Move the shared piece down so one side stops importing the other.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!SOURCE_EXTENSIONS.includes(path.extname(file))) return {};
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(file, source.value);
      if (target === null || target === file) return;
      const route = routeBetween(target, file);
      if (route) context.report({ node, messageId: 'cycle', data: { route: [file, ...route].map(relative).join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};

/** Every source file under `root`, build output and dependencies left out. */
export function sourceFiles(root = ROOT) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path.join(dir, entry.name));
      } else if (SOURCE_EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts')) {
        files.push(path.join(dir, entry.name));
      }
    }
  };
  walk(root);
  return files.sort();
}

/**
 * Every cycle among `files`: the strongly connected groups of two or more files (Tarjan), each with one shortest
 * cycle through its first file to show how it closes.
 */
export function findCycles(files) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  let counter = 0;
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of importsOf(file)) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file), index.get(next)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return groups
    .map((group) => {
      const [first] = group;
      const closing = importsOf(first)
        .filter((next) => group.includes(next))
        .map((next) => routeBetween(next, first))
        .filter(Boolean)
        .sort((a, b) => a.length - b.length)[0];
      return { files: group, cycle: [first, ...closing] };
    })
    .sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = findCycles(sourceFiles());
  for (const { files, cycle } of cycles) {
    console.log(`${files.length} files: ${cycle.map(relative).join(' -> ')}`);
    if (files.length > cycle.length - 1) console.log(`  group: ${files.map(relative).join(', ')}`);
  }
  console.log(`${cycles.length} import cycle group(s), type-only imports included`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
