import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { Tabs } from '../../../components/tabs';
import { memberRewardsKeys } from '../../../features/rewards/api/get-member-rewards';
import { useRewardStats } from '../../../features/rewards/api/get-reward-stats';
import { RewardsHistory } from '../../../features/rewards/components/rewards-history';
import { RewardsOverview } from '../../../features/rewards/components/rewards-overview';
import { StatementDownload } from '../../../features/rewards/components/statement-download';
import {
  readRewardsHistoryFilters,
  writeRewardsHistoryFilters,
} from '../../../features/rewards/utils/rewards-history-query';
import { WithdrawalHistoryTab } from '../../../features/withdrawals/components/withdrawal-history-tab';
import {
  useWithdrawalModalOnDemand,
  WithdrawalModalOnDemand,
} from '../../../features/withdrawals/components/withdrawal-modal-on-demand';
import { useAuth } from '../../../lib/auth';
import { useQueryClient } from '../../../lib/query';
import { useSearchParams } from '../../../lib/router/router';

export default function RewardsPage() {
  const { user } = useAuth();
  const stats = useRewardStats(user?._id);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = readRewardsHistoryFilters(params);
  const tab = params.get('tab') === 'withdrawals' ? 'withdrawals' : 'rewards';
  const withdrawal = useWithdrawalModalOnDemand();
  const selectTab = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === 'withdrawals') next.set('tab', 'withdrawals');
      else next.delete('tab');
      return next;
    });

  return (
    <>
      <PageHeader
        title="Rewards"
        subtitle="Your Earnings"
        actions={
          <RefreshButton
            busy={stats.isFetching}
            onClick={() => {
              stats.refetch();
              queryClient.invalidateQueries({ queryKey: memberRewardsKeys.all });
            }}
          />
        }
      />
      <div className="space-y-6">
        <RewardsOverview
          stats={stats}
          onRequestWithdrawal={() => void withdrawal.request()}
          requestingWithdrawal={withdrawal.loading}
          withdrawalFormFailed={withdrawal.failed}
        />
        <Card>
          <Tabs
            label="History"
            selected={tab}
            onSelect={selectTab}
            tabs={[
              { id: 'withdrawals', label: 'Withdrawal History', panel: <WithdrawalHistoryTab /> },
              {
                id: 'rewards',
                label: 'Rewards History',
                panel: (
                  <RewardsHistory
                    note={stats.data?.figures.note}
                    filters={filters}
                    onFiltersChange={(next) => setParams((current) => writeRewardsHistoryFilters(next, current))}
                  />
                ),
              },
            ]}
          />
        </Card>
        <StatementDownload latestActivityAt={stats.data?.latestActivityAt ?? null} />
      </div>
      <WithdrawalModalOnDemand
        loaded={withdrawal.loaded}
        open={withdrawal.open}
        onClose={withdrawal.close}
        // The new withdrawal is the first row of the history: show it behind the confirmation.
        onWithdrawn={() => selectTab('withdrawals')}
        balance={stats.data?.currentBalance ?? 0}
      />
    </>
  );
}
