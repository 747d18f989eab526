import type { AppContext } from '../../app-context';
import type { Config } from '../../config/load-config';
import { type SettledLocks, settleOpenLocks } from './reward-compliance-repository';

/**
 * Releases the locked rewards of members who are compliant again and forfeits those whose
 * compliance window has passed; run after every cycle, every balance refresh and by the hour.
 */
export function settleLockedRewards(
  deps: Pick<AppContext, 'db' | 'clock'> & { config: Pick<Config, 'exchange'> },
): Promise<SettledLocks> {
  return settleOpenLocks(deps.db, deps.config.exchange.minimumBalance, deps.clock.now());
}
