import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    // Creating an in-memory PGlite compiles Postgres from WASM: slow on a loaded 2-core machine.
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
