import { formatUsdt } from '@uplink/contract/format';
import type { RewardStats } from '@uplink/contract/reward-stats';
import { rewardTexts } from '@uplink/contract/reward-texts';
import type { ReactNode } from 'react';
import { type BalanceFigures, BalanceOverview } from '../../../components/balance-overview';
import { Card, CardHeader } from '../../../components/card';
import { LoadError } from '../../../components/query-state';
import type { UseQueryResult } from '../../../lib/query';

/** The member's balances as Balance Overview shows them. */
export const balanceFiguresOf = (stats: RewardStats): BalanceFigures => ({
  available: stats.currentBalance,
  pendingWithdrawals: stats.pendingWithdrawals,
  totalEarned: stats.totalRewards,
  totalWithdrawn: stats.totalWithdrawn,
  locked: stats.lockedRewards,
});

/** A withdrawal can be asked for once the balance has loaded and is above zero. */
export function canRequestWithdrawal(stats: RewardStats | undefined, loading: boolean): boolean {
  return !loading && stats !== undefined && stats.currentBalance > 0;
}

/** Why a loaded balance allows no withdrawal, said beside the withheld button; null when it allows one. */
export function withdrawalWithheldReason(stats: RewardStats | undefined): string | null {
  if (stats === undefined || stats.currentBalance > 0) return null;
  return stats.pendingWithdrawals > 0
    ? `Nothing left to withdraw: ${formatUsdt(stats.pendingWithdrawals)} is already requested.`
    : `Nothing to withdraw yet: your available balance is ${formatUsdt(0)}.`;
}

/** The member's Balance Overview card (dashboard and /rewards), `actions` in its header. */
export function RewardBalance({ stats, actions }: { stats: UseQueryResult<RewardStats>; actions: ReactNode }) {
  return (
    <Card>
      <CardHeader title="Balance Overview" actions={actions} />
      <div className="p-5 sm:p-6">
        {stats.isError ? (
          <LoadError title={rewardTexts.loadStatsFailed} onRetry={() => stats.refetch()} />
        ) : (
          <BalanceOverview figures={stats.data && balanceFiguresOf(stats.data)} loading={stats.isPending} />
        )}
      </div>
    </Card>
  );
}
