import { searchDebounceMs } from '@uplink/contract/constants';
import type { AdminRewardRecord, RewardType } from '@uplink/contract/rewards';
import { useState } from 'react';
import { Card, CardHeader } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useAdminRewards } from '../../../features/admin-rewards/api/get-admin-rewards';
import { useRewardCycleRuns } from '../../../features/admin-rewards/api/get-reward-cycle-runs';
import { AdminRewardStatCards } from '../../../features/admin-rewards/components/admin-reward-stat-cards';
import { AdminRewardsFilters } from '../../../features/admin-rewards/components/admin-rewards-filters';
import { AdminRewardsTable } from '../../../features/admin-rewards/components/admin-rewards-table';
import { RewardCycleRunsCard } from '../../../features/admin-rewards/components/reward-cycle-runs-card';
import { RewardDetailsModal } from '../../../features/admin-rewards/components/reward-details-modal';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export default function AdminRewardsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<RewardType | undefined>(undefined);
  const [level, setLevel] = useState<number | undefined>(undefined);
  const settledSearch = useDebouncedValue(search.trim(), searchDebounceMs);
  const [searched, setSearched] = useState(settledSearch);
  if (searched !== settledSearch) {
    setSearched(settledSearch);
    setPage(1);
  }
  const [runsPage, setRunsPage] = useState(1);
  const [selected, setSelected] = useState<AdminRewardRecord | null>(null);
  const rewards = useAdminRewards({ page, search: settledSearch, type, level });
  const runs = useRewardCycleRuns(runsPage);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Rewards"
        subtitle="Reward Distribution"
        actions={
          <RefreshButton
            busy={rewards.isFetching || runs.isFetching}
            onClick={() => {
              rewards.refetch();
              runs.refetch();
            }}
          />
        }
      />
      <AdminRewardStatCards statistics={rewards.data?.statistics} loading={rewards.isPending} />
      <Card>
        <CardHeader title="All rewards" subtitle="Every member's rewards, newest first" />
        <AdminRewardsFilters
          search={search}
          type={type}
          level={level}
          onSearchChange={setSearch}
          onTypeChange={(next) => {
            setType(next);
            setPage(1);
          }}
          onLevelChange={(next) => {
            setLevel(next);
            setPage(1);
          }}
        />
        <AdminRewardsTable
          rewards={rewards.data}
          fetching={rewards.isFetching}
          error={rewards.error}
          filtered={settledSearch !== '' || type !== undefined || level !== undefined}
          onRetry={() => rewards.refetch()}
          onPageChange={setPage}
          onOpen={setSelected}
        />
      </Card>
      <RewardCycleRunsCard
        runs={runs.data}
        fetching={runs.isFetching}
        error={runs.error}
        onRetry={() => runs.refetch()}
        onPageChange={setRunsPage}
      />
      <RewardDetailsModal reward={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
