import { dashboardRecentCount, type OverallStats } from '@uplink/contract/admin-users';
import { fullName } from '@uplink/contract/format';
import { toWireMoney } from '@uplink/contract/money';
import { toRewardFigures } from '@uplink/contract/reward-figures';
import { Decimal } from 'decimal.js';
import type { AppContext } from '../../app-context';
import { findAllRewardLedgerTotals } from '../ledger/ledger-repository';
import { findWithdrawalTotals } from '../withdrawals/withdrawals-repository';
import { hasCompletedOnboarding } from './admin-user-record';
import {
  countMembersJoinedSince,
  findRecentMembers,
  findRecentWithdrawals,
  findUserCounts,
} from './admin-users-repository';

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** The admin dashboard: every figure from a maintained counter or a short index range. */
export async function viewOverallStats(deps: Pick<AppContext, 'readDb' | 'clock'>): Promise<OverallStats> {
  const now = deps.clock.now();
  const [counts, joinedToday, withdrawalTotals, distributed, recentWithdrawals, recentMembers] = await Promise.all([
    findUserCounts(deps.readDb),
    countMembersJoinedSince(deps.readDb, startOfUtcDay(now)),
    findWithdrawalTotals(deps.readDb),
    findAllRewardLedgerTotals(deps.readDb),
    findRecentWithdrawals(deps.readDb, dashboardRecentCount),
    findRecentMembers(deps.readDb, dashboardRecentCount),
  ]);
  const withdrawalsOf = (status: string) => withdrawalTotals.find((row) => row.status === status);
  return {
    users: {
      totalUsers: Number(counts.total),
      completedOnboarding: Number(counts.onboarded),
      newUsersToday: joinedToday,
    },
    withdrawals: {
      pendingCount: Number(withdrawalsOf('PENDING')?.withdrawals ?? 0),
      totalAmount: toWireMoney(
        new Decimal(withdrawalsOf('APPROVED')?.amount ?? 0).plus(withdrawalsOf('PENDING')?.amount ?? 0),
      ),
    },
    rewards: { totalDistributed: toWireMoney(distributed.credited), figures: toRewardFigures(distributed, 'members') },
    recentWithdrawals: recentWithdrawals.map((row) => ({
      _id: row.id,
      user: { name: fullName({ firstName: row.first_name, lastName: row.last_name }) },
      amount: toWireMoney(row.amount),
      status: row.status,
      createdAt: row.requested_at.toISOString(),
    })),
    recentJoinedUsers: recentMembers.map((row) => ({
      _id: row.id,
      name: fullName({ firstName: row.first_name, lastName: row.last_name }),
      email: row.email,
      joinedAt: row.created_at.toISOString(),
      onboardingCompleted: hasCompletedOnboarding(row),
    })),
  };
}
