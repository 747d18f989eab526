import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Integrations } from '../app-context';
import { type Config, loadConfig } from '../config/load-config';
import type { DatabaseHandle } from '../db/database';
import { TestClock } from './test-clock';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** The app's clock: the system time until the test sets it. */
  clock: TestClock;
  close(): Promise<void>;
}

/** The configuration of a test app: no demo data, no web build, a fixed session secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      PUBLIC_URL: 'http://uplink.test',
      DATA_DIR: '/tmp/uplink-test-data',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    }),
    webDistDir: '/nonexistent',
    ...overrides,
  };
}

/** The real app on a fresh database, for API tests that go through HTTP (`app.inject`). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** Fakes or local nodes for the outside systems (exchange, chain); by default none is reached. */
  integrations: Partial<Integrations> = { depositChain: null },
  /** A test database opened with other settings; by default a fresh one. */
  openedDatabase?: DatabaseHandle,
): Promise<TestApp> {
  const database = openedDatabase ?? (await createTestDatabase());
  const config = testConfig(overrides);
  const clock = new TestClock();
  const app = await buildApp({ config, db: database.db, readDb: database.readDb, logger: false, integrations, clock });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
