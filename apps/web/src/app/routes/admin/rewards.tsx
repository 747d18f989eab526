import type { AdminRewardRecord } from '@uplink/contract/admin-rewards';
import type { RewardType } from '@uplink/contract/member-rewards';
import { useState } from 'react';
import { Card, CardHeader } from '../../../components/card';
import { CsvExportButton } from '../../../components/csv-export-button';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useAdminRewards } from '../../../features/admin-rewards/api/get-admin-rewards';
import { useRewardCycleRuns } from '../../../features/admin-rewards/api/get-reward-cycle-runs';
import { AdminRewardStatCards } from '../../../features/admin-rewards/components/admin-reward-stat-cards';
import { AdminRewardsFilters } from '../../../features/admin-rewards/components/admin-rewards-filters';
import { AdminRewardsTable } from '../../../features/admin-rewards/components/admin-rewards-table';
import { RewardCycleRunsCard } from '../../../features/admin-rewards/components/reward-cycle-runs-card';
import { RewardDetailsModal } from '../../../features/admin-rewards/components/reward-details-modal';
import { useSearchedPage } from '../../../hooks/use-searched-page';
import { usePermissions } from '../../../lib/permissions';

export default function AdminRewardsPage() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<RewardType | undefined>(undefined);
  const [level, setLevel] = useState<number | undefined>(undefined);
  const { settled, page, setPage } = useSearchedPage({ search }, { type, level });
  const [runsPage, setRunsPage] = useState(1);
  const [selected, setSelected] = useState<AdminRewardRecord | null>(null);
  const rewards = useAdminRewards({ page, search: settled.search, type, level });
  const runs = useRewardCycleRuns({ page: runsPage });
  const permits = usePermissions();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Rewards"
        subtitle="Reward Distribution"
        actions={
          <>
            {permits('rewards.export') ? (
              <CsvExportButton path="/rewards/admin/all/export" query={{ search: settled.search, type, level }} />
            ) : null}
            <RefreshButton
              busy={rewards.isFetching || runs.isFetching}
              onClick={() => {
                rewards.refetch();
                runs.refetch();
              }}
            />
          </>
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
          onTypeChange={setType}
          onLevelChange={setLevel}
        />
        <AdminRewardsTable
          rewards={rewards}
          filtered={settled.search !== '' || type !== undefined || level !== undefined}
          onPageChange={setPage}
          onOpen={setSelected}
        />
      </Card>
      <RewardCycleRunsCard runs={runs} onPageChange={setRunsPage} />
      <RewardDetailsModal reward={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
