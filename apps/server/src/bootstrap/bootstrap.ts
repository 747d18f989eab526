import type { Kysely } from 'kysely';
import type { Config } from '../config/load-config';
import type { Database } from '../db/schema';
import { syncComplianceLine } from '../modules/invitations/invitee-stages-job';
import { seedDemoNetwork } from './demo-network';
import { seedDemoRewards } from './demo-rewards';
import { ensureRootAdmin } from './root-admin';
import type { BootstrapResult } from './startup-banner';

/** Runs on every start: the root administrator and the invitees' compliance line always; the demo network and its rewards once, when `seedDemo` is on. */
export async function runBootstrap(db: Kysely<Database>, config: Config): Promise<BootstrapResult> {
  const rootAdmin = await ensureRootAdmin(db, config);
  await syncComplianceLine(db, config.exchange.minimumBalance);
  const demo = config.seedDemo ? await seedDemoNetwork(db, config, rootAdmin.id) : undefined;
  if (demo?.created) await seedDemoRewards(db, config);
  return { rootAdmin, demo };
}
