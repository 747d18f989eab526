import type { UseQueryResult } from '@tanstack/react-query';
import type { RewardStats } from '@uplink/contract/reward-stats';
import { Button } from '../../../components/button';
import { WalletIcon } from '../../../components/icons';
import { EarningsChart } from './earnings-chart';
import { IncomeBreakdown } from './income-breakdown';
import { LockedRewards } from './locked-rewards';
import { canRequestWithdrawal, RewardBalance } from './reward-balance';

/** The member's Balance Overview with 'Request Withdrawal', the breakdown, locked rewards and earnings per cycle. */
export function RewardsOverview({
  stats,
  onRequestWithdrawal,
}: {
  stats: UseQueryResult<RewardStats>;
  onRequestWithdrawal: () => void;
}) {
  return (
    <>
      <RewardBalance
        stats={stats}
        actions={
          <Button
            icon={<WalletIcon size={18} />}
            disabled={!canRequestWithdrawal(stats.data, stats.isPending)}
            onClick={onRequestWithdrawal}
          >
            Request Withdrawal
          </Button>
        }
      />
      <IncomeBreakdown stats={stats.data} loading={stats.isPending} />
      {stats.data ? <LockedRewards stats={stats.data} /> : null}
      <EarningsChart cycles={stats.data?.earningsByCycle ?? []} />
    </>
  );
}
