import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Projects: unit tests beside the code (node), web component tests (happy-dom), and the API suite
 * through buildApp() on PGlite, run again on PostgreSQL when TEST_DATABASE_URL is set.
 */
const apiFiles = ['server/**/*.api.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;
/**
 * A hang guard, not a speed check, set on each project (a project does not inherit the root's test options): a
 * CPU-bound test (the effect library on a real photo, the local engines) takes several times longer while the other
 * workers load the machine; vitest's default of 5 s failed one in CI, and 30 s failed the fuzz test (24 broken inputs
 * on every route, 26 s in a passing run) on a busier CI machine.
 */
const TEST_TIMEOUT = 120_000;

/**
 * The API projects' files share their worker's modules (isolate: false): each file builds its own app on its own
 * database (server/test-support/app.ts), so what a worker keeps between files is the imported code, the PGlite
 * WebAssembly and the migrated data folder, not state. Importing the whole server once per worker instead of once per
 * file: 10 API files took 28 s instead of 83 s.
 */
/**
 * PGlite's WebAssembly on Liftoff alone, never tiered up to TurboFan. Node 24's V8 can abort a process that churns
 * PGlite instances ("Check failed: jit_page_->allocations_.erase(addr) == 1" in UnregisterWasmAllocation, while it
 * frees wasm code: nodejs/node#64500, open); it killed an API worker in 2 of about 8 CI runs here. Without tier-up no
 * compiled function is replaced, so none is freed while the process lives. It is also faster for these short-lived
 * workers: 5 API files took 48 s instead of 56 s (no TurboFan compiles on the 2 cores), the whole api-pglite project 4m18s
 * against 4m25s.
 */
const WASM_WITHOUT_TIER_UP = ['--liftoff-only'];
const api = { include: apiFiles, environment: 'node' as const, isolate: false, execArgv: WASM_WITHOUT_TIER_UP, testTimeout: TEST_TIMEOUT, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // One test file at a time per core, and one more: many API tests wait (slow fake providers, timers, a queue), and
    // the extra worker fills those waits. The whole suite on 2 cores: 400 s with 2 workers, 334 s with 3, 358 s with
    // 4 (each worker imports the server once). Vitest's default keeps a core for itself (one worker here).
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: apiFiles,
          environment: 'node',
          testTimeout: TEST_TIMEOUT,
        },
      },
      {
        test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'], environment: 'happy-dom', setupFiles: ['web/test-support/setup.ts'], testTimeout: TEST_TIMEOUT },
      },
      {
        test: { ...api, name: 'api-pglite', env: { TEST_DB: 'pglite' } },
      },
      ...(postgres
        ? [
            { test: { ...api, name: 'api-postgres', env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgres } } },
          ]
        : []),
    ],
  },
});
