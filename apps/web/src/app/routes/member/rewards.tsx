import { formatMoney } from '@uplink/contract/format';
import { rewardTexts } from '@uplink/contract/rewards';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardBody } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { WalletIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useRewardStats } from '../../../features/rewards/api/get-reward-stats';
import { EarningsChart } from '../../../features/rewards/components/earnings-chart';
import { HistoryTabs } from '../../../features/rewards/components/history-tabs';
import { IncomeBreakdown } from '../../../features/rewards/components/income-breakdown';
import { LockedRewards } from '../../../features/rewards/components/locked-rewards';
import { RewardsHistory } from '../../../features/rewards/components/rewards-history';
import {
  readRewardsHistoryFilters,
  writeRewardsHistoryFilters,
} from '../../../features/rewards/utils/rewards-history-query';
import { useAuth } from '../../../lib/auth';

export default function RewardsPage() {
  const { user } = useAuth();
  const stats = useRewardStats(user?._id);
  const [params, setParams] = useSearchParams();
  const filters = readRewardsHistoryFilters(params);
  const tab = params.get('tab') === 'withdrawals' ? 'withdrawals' : 'rewards';
  const balance = stats.data?.currentBalance;

  return (
    <>
      <PageHeader
        title="Rewards"
        subtitle="Your Earnings"
        actions={<RefreshButton busy={stats.isFetching} onClick={() => stats.refetch()} />}
      />
      <div className="space-y-6">
        {stats.isError ? (
          <Alert tone="error" title={rewardTexts.loadStatsFailed}>
            <Button variant="secondary" size="sm" className="mt-1" onClick={() => stats.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Card>
            <CardBody className="flex h-full flex-col justify-between gap-5">
              <div>
                <p className="font-medium text-slate-600 text-sm">Current balance</p>
                <p className="mt-2 font-bold text-3xl text-slate-900 tabular-nums" data-testid="current-balance">
                  {balance === undefined ? '—' : formatMoney(balance, { unit: 'USDT' })}
                </p>
                {stats.data && stats.data.pendingWithdrawals > 0 ? (
                  <p className="mt-1 text-slate-500 text-sm">
                    {formatMoney(stats.data.pendingWithdrawals, { unit: 'USDT' })} held for pending withdrawals
                  </p>
                ) : null}
              </div>
              <Button
                icon={<WalletIcon size={18} />}
                disabled={stats.isPending || balance === undefined || balance <= 0}
              >
                Request Withdrawal
              </Button>
            </CardBody>
          </Card>
          <IncomeBreakdown stats={stats.data} loading={stats.isPending} />
        </div>
        {stats.data ? <LockedRewards stats={stats.data} /> : null}
        <EarningsChart cycles={stats.data?.earningsByCycle ?? []} />
        <Card>
          <HistoryTabs
            selected={tab}
            onSelect={(id) =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                if (id === 'withdrawals') next.set('tab', 'withdrawals');
                else next.delete('tab');
                return next;
              })
            }
            tabs={[
              {
                id: 'withdrawals',
                label: 'Withdrawal History',
                panel: <EmptyState title="No withdrawals found" description="Your withdrawal requests appear here." />,
              },
              {
                id: 'rewards',
                label: 'Rewards History',
                panel: (
                  <RewardsHistory
                    filters={filters}
                    onFiltersChange={(next) => setParams((current) => writeRewardsHistoryFilters(next, current))}
                  />
                ),
              },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
