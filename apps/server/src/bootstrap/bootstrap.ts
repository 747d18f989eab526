import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { seedDemoNetwork } from './demo-network';
import { ensureRootAdmin } from './root-admin';
import type { BootstrapResult } from './startup-banner';

/** Runs on every start: the root administrator always, the demo network when `seedDemo` is on. */
export async function runBootstrap(db: Kysely<Database>, config: Config): Promise<BootstrapResult> {
  const rootAdmin = await ensureRootAdmin(db, config);
  const demo = config.seedDemo ? await seedDemoNetwork(db, config, rootAdmin.id) : undefined;
  return { rootAdmin, demo };
}
