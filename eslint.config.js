// ESLint enforces the boundaries in docs/ARCHITECTURE.md: a rule that only lives in a document gets broken by the
// next feature that copies the nearest file. Zero warnings are allowed (`--max-warnings 0`).
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { noCycle } from './scripts/lint/import-cycles.js';

// Pieces that several features use live below the features (web/components/ui, web/lib) or in this one folder,
// which every feature may import and which imports no feature itself.
const SHARED_FEATURE = 'ai-shared';
const features = readdirSync(new URL('./web/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== SHARED_FEATURE)
  .map((entry) => entry.name);

// The files allowed to touch the database: repositories own the SQL (a large one split into a repository/ folder
// beside it), server/db the schema and client, server/jobs runs pg-boss on the same database, the test harness opens
// databases. Everything else goes through a repository.
const DATABASE_OWNERS = [
  'server/modules/*/repository.ts',
  'server/modules/*/repository/**',
  'server/db/**',
  'server/jobs/**',
  'server/test-support/**',
];

const MODULE_FILE_MAX_LINES = 350;

export default defineConfig([
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },

  tseslint.configs.recommended,

  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },

  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, local: { rules: { 'no-cycle': noCycle } } },
    settings: {
      // no-cycle follows only files with these extensions (its default is .js alone, which sees no cycle at all).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Every relative import names its file (`./x.ts`, tsconfig's allowImportingTsExtensions), so the plain node
      // resolver finds it; the extension list only matters for a specifier written without one.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // No import cycle, type-only imports included (import-x/no-cycle skips `import type` and has no option to
      // count it). `node scripts/lint/import-cycles.js` lists every cycle in the repository at once.
      'local/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Pages compose features; a feature never reaches into another one.
            ...features.map((feature) => ({
              target: `./web/features/${feature}`,
              from: './web/features',
              except: [`./${feature}`, `./${SHARED_FEATURE}`],
              message: `web/features/${feature} may import only itself, web/features/${SHARED_FEATURE}, web/lib and web/components: move the shared piece down.`,
            })),
            {
              target: `./web/features/${SHARED_FEATURE}`,
              from: './web/features',
              except: [`./${SHARED_FEATURE}`],
              message: `web/features/${SHARED_FEATURE} is imported by features and imports none of them.`,
            },
            {
              // web/app composes the features into pages (layout, home, tool page, dashboard); nothing below imports it.
              target: './web/features',
              from: './web/app',
              message: 'web/app composes features; a feature never imports it: move the shared piece down to web/lib or web/components.',
            },
            {
              target: ['./web/lib', './web/components'],
              from: ['./web/features', './web/app'],
              message: 'web/lib and web/components sit below the features: pass what they need in, or move the piece down.',
            },
            {
              target: ['./server/http', './server/providers'],
              from: './server/modules',
              message: 'HTTP plumbing and provider adapters sit below the modules: pass what they need in, or move the type to contract/ or server/lib/.',
            },
            {
              // credits ↔ payments and credits ↔ pricing: /api/credits/packages and /api/credits/predict-cost are
              // registered by the module that owns them, so the ledger depends on neither.
              target: './server/modules/credits',
              from: ['./server/modules/payments', './server/modules/pricing'],
              message: 'credits is below payments and pricing: register the route in the module that owns it.',
            },
            {
              target: './contract',
              from: ['./server', './web'],
              message: 'contract/ is shared by server and browser and depends on neither.',
            },
          ],
        },
      ],
    },
  },

  {
    // No server module file over 350 lines, comments and blank lines counted (what `wc -l` says): a longer one does
    // several jobs, so split it by job (payments: one handler per Stripe event). Tests are exempt.
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines': ['error', { max: MODULE_FILE_MAX_LINES, skipBlankLines: false, skipComments: false }] },
  },

  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      ...DATABASE_OWNERS,
      // API tests check what a call left in the database.
      '**/*.api.test.ts',
      // Benchmarks seed and measure the database directly.
      'scripts/bench/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(drizzle-orm|pg|pg-boss|@electric-sql/pglite)(/|$)',
              // A type (a row shape, `SQL`) carries no query; only values reach the database.
              allowTypeImports: true,
              message: 'Only repositories (server/modules/*/repository.ts), server/db, server/jobs and server/test-support touch the database: add a repository function.',
            },
            {
              regex: '(^|/)db/schema(/|$)',
              allowTypeImports: true,
              message: 'Only repositories (server/modules/*/repository.ts), server/db, server/jobs and server/test-support touch the database: add a repository function.',
            },
          ],
        },
      ],
    },
  },
]);
