import { toWireMoney } from '@uplink/contract/money';
import { toRewardFigures } from '@uplink/contract/reward-figures';
import type { RewardStats } from '@uplink/contract/reward-stats';
import { Decimal } from 'decimal.js';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { DomainError, forbidden } from '../../domain-error';
import { findLatestActivityAt, findLedgerBalance, findRewardLedgerTotals } from '../ledger/ledger-repository';
import { complianceTerms } from './compliance-terms';
import { findLockReasons, findOpenLocks } from './reward-compliance-repository';
import { cycleWindow } from './reward-cycle-calendar';
import { latestDistributedCycle } from './reward-cycle-runs-repository';
import { findEarningsByCycle, findPostedCreditsByType, findRoundedRewardsSum } from './rewards-repository';

/** Cycles the earnings chart shows. */
const chartedCycles = 12;
/**
 * A member's balances and earnings, for the member themself or an administrator (anyone else is
 * refused). Balances are the ledger account's totals; the breakdown splits the credits posted by
 * reward type, so directRewards + downlineRewards = totalRewards.
 */
export async function viewRewardStats(
  deps: Pick<AppContext, 'db' | 'clock' | 'config'>,
  caller: Pick<UserRow, 'id' | 'is_admin'>,
  memberId: string,
): Promise<RewardStats> {
  if (memberId !== caller.id && !caller.is_admin) throw forbidden('You can only view your own reward statistics');
  const { db, clock, config } = deps;
  const balance = isUuid(memberId) ? await findLedgerBalance(db, memberId) : undefined;
  if (!balance) throw new DomainError('USER_NOT_FOUND', 'User not found');
  const now = clock.now();
  const [byType, locks, lockReasons, earnings, ledgerTotals, latestActivity, roundedRows] = await Promise.all([
    findPostedCreditsByType(db, memberId),
    findOpenLocks(db, memberId),
    findLockReasons(db, memberId, config.exchange.minimumBalance, now),
    findEarningsByCycle(db, memberId, chartedCycles),
    findRewardLedgerTotals(db, memberId),
    findLatestActivityAt(db, memberId),
    findRoundedRewardsSum(db, memberId),
  ]);
  const notCopyingCycle = lockReasons.includes('NOT_COPYING') ? await latestDistributedCycle(db) : 0;
  return {
    currentBalance: toWireMoney(balance.available),
    totalRewards: toWireMoney(balance.creditsPosted),
    totalWithdrawn: toWireMoney(balance.debitsPosted),
    pendingWithdrawals: toWireMoney(balance.debitsPending),
    lockedRewards: toWireMoney(balance.creditsPending),
    rewardBreakdown: {
      calculatedTotal: toWireMoney(new Decimal(byType.direct).plus(byType.downline)),
      directRewards: toWireMoney(byType.direct),
      downlineRewards: toWireMoney(byType.downline),
    },
    lockReasons,
    compliance: complianceTerms(config.exchange),
    notCopyingIn:
      notCopyingCycle > 0
        ? { cycle: notCopyingCycle, endsAt: cycleWindow(config.rewards, notCopyingCycle).endsAt.toISOString() }
        : null,
    locked: locks.map((lock) => ({
      type: lock.reason_type === 'REWARD' ? 'DIRECT' : 'DOWNLINE',
      cycle: lock.cycle,
      amount: toWireMoney(lock.amount),
      lockedAt: lock.created_at.toISOString(),
      deadline: lock.forfeits_at.toISOString(),
    })),
    earningsByCycle: earnings.map((row) => ({
      cycle: row.cycle,
      startsAt: cycleWindow(config.rewards, row.cycle).startsAt.toISOString(),
      direct: toWireMoney(row.direct),
      downline: toWireMoney(row.downline),
    })),
    figures: toRewardFigures(
      ledgerTotals ?? { credited: '0', locked: '0', forfeited: '0', carried: '0' },
      caller.id === memberId ? 'member' : 'administrator',
      roundedRows,
    ),
    latestActivityAt: latestActivity?.toISOString() ?? null,
  };
}
