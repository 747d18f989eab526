import type { AppContext } from '../../app-context';
import { ExchangeUnavailableError } from '../exchange/exchange-gateway';
import { membersDueForBalanceCheck, recordExchangeBalance } from './reward-compliance-repository';
import { cycleAt, cycleWindow } from './reward-cycle-calendar';
import { settleLockedRewards } from './settle-locked-rewards';

export interface BalanceRefresh {
  checked: number;
  /** The exchange stopped answering; the rest waits for the next run. */
  interrupted: boolean;
}

/**
 * Part of the compliance job: asks the exchange for the balance of linked members not checked
 * since the current cycle began, oldest check first, at most `balanceChecksPerRun` a run (the
 * gateway spaces its calls under the exchange's rate limit), then settles locked rewards — a
 * member whose balance is back above the minimum gets them released.
 */
export async function refreshExchangeBalances(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>,
): Promise<BalanceRefresh> {
  const { db, clock, config, integrations } = deps;
  const cycleStart = cycleWindow(config.rewards, Math.max(cycleAt(config.rewards, clock.now()), 1)).startsAt;
  const due = await membersDueForBalanceCheck(db, cycleStart, config.rewards.balanceChecksPerRun);
  let checked = 0;
  let interrupted = false;
  for (const member of due) {
    try {
      const check = await integrations.exchangeGateway.checkInvitee(member.bingx_uid);
      await recordExchangeBalance(db, member.id, check.balanceUsdt, clock.now());
      checked += 1;
    } catch (error) {
      if (!(error instanceof ExchangeUnavailableError)) throw error;
      interrupted = true;
      break;
    }
  }
  if (checked > 0) await settleLockedRewards(deps);
  return { checked, interrupted };
}
