import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Projects: unit tests beside the code (node), web component tests (happy-dom), and the API suite
 * through buildApp() on PGlite, run again on PostgreSQL when TEST_DATABASE_URL is set.
 */
const apiFiles = ['server/**/*.api.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // One test file at a time per core. Vitest's default keeps a core for itself (one worker on a 2-core machine),
    // while most of its own work is waiting; the files of all four projects share these workers.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: apiFiles,
          environment: 'node',
        },
      },
      {
        test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiFiles,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiFiles,
                environment: 'node' as const,
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgres },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
