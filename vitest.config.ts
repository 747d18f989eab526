import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Creating an in-memory PGlite compiles Postgres from WASM: slow on a loaded 2-core machine.
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/scripts/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
        },
      },
      {
        // Screens rendered in a DOM and clicked through (Testing Library), their API answered by MSW.
        extends: true,
        test: {
          name: 'web screens',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup-screens.ts'],
          // One module graph per worker for every screen file (a fresh one per file tripled the time):
          // each test unmounts its screen and resets the API handlers and the storage.
          isolate: false,
        },
      },
    ],
  },
});
