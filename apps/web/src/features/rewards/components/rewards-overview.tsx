import type { UseQueryResult } from '@tanstack/react-query';
import { type RewardStats, rewardTexts } from '@uplink/contract/rewards';
import { LoadError } from '../../../components/query-state';
import { CurrentBalanceCard } from './current-balance-card';
import { EarningsChart } from './earnings-chart';
import { IncomeBreakdown } from './income-breakdown';
import { LockedRewards } from './locked-rewards';

/** The member's balance with 'Request Withdrawal', the breakdown, locked rewards and earnings per cycle. */
export function RewardsOverview({
  stats,
  onRequestWithdrawal,
}: {
  stats: UseQueryResult<RewardStats>;
  onRequestWithdrawal: () => void;
}) {
  return (
    <>
      {stats.isError ? <LoadError title={rewardTexts.loadStatsFailed} onRetry={() => stats.refetch()} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <CurrentBalanceCard stats={stats.data} loading={stats.isPending} onRequestWithdrawal={onRequestWithdrawal} />
        <IncomeBreakdown stats={stats.data} loading={stats.isPending} />
      </div>
      {stats.data ? <LockedRewards stats={stats.data} /> : null}
      <EarningsChart cycles={stats.data?.earningsByCycle ?? []} />
    </>
  );
}
