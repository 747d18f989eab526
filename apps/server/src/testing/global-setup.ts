import { prepareMigratedStart } from './test-database';

/** Vitest's global setup of the node tests: one migrated database the run's test files start from. */
export default async function setup() {
  return prepareMigratedStart();
}
