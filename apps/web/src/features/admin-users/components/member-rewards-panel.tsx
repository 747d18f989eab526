import type { AdminMemberReward, AdminUserDetail } from '@uplink/contract/admin-users';
import { formatCount, formatMoney, fullName } from '@uplink/contract/format';
import { rewardTexts } from '@uplink/contract/rewards';
import { useState } from 'react';
import { GiftIcon, TrendingUpIcon, UsersIcon } from '../../../components/icons';
import { PagingFooter } from '../../../components/pagination';
import { RewardTypeBadge, rewardColumns } from '../../../components/reward-cells';
import { SelectField } from '../../../components/select-field';
import { StatCards } from '../../../components/stat-card';
import { type Column, DataTable } from '../../../components/table';
import { type RewardTypeFilter, rewardsOfType } from '../utils/loaded-page-filters';

const typeOptions: { value: RewardTypeFilter; label: string }[] = [
  { value: 'ALL', label: rewardTexts.allTypes },
  { value: 'DIRECT', label: 'Direct' },
  { value: 'DOWNLINE', label: 'Downline' },
];

const columns: Column<AdminMemberReward>[] = [
  {
    ...rewardColumns.type,
    cell: (reward) => (
      <div className="space-y-1">
        <RewardTypeBadge type={reward.type} />
        {reward.downlineUser ? <p className="text-slate-500 text-xs">From: {fullName(reward.downlineUser)}</p> : null}
      </div>
    ),
  },
  rewardColumns.level,
  rewardColumns.amount,
  rewardColumns.master,
  rewardColumns.cycle,
  rewardColumns.state,
  rewardColumns.date,
];

/** The Rewards tab: the member's reward totals and a page of rewards, filtered by type on that page. */
export function MemberRewardsPanel({
  rewards,
  fetching,
  onPageChange,
}: {
  rewards: NonNullable<AdminUserDetail['rewards']>;
  fetching: boolean;
  onPageChange: (page: number) => void;
}) {
  const [type, setType] = useState<RewardTypeFilter>('ALL');
  const shown = rewardsOfType(rewards.data, type);
  const { statistics, pagination } = rewards;
  return (
    <div>
      <div className="space-y-4 border-slate-100 border-b p-5 sm:p-6">
        <StatCards
          grid="grid grid-cols-1 gap-4 sm:grid-cols-3"
          statistics={[
            {
              label: 'Total Amount',
              value: formatMoney(statistics.totalRewardAmount, { unit: 'USD' }),
              hint: formatCount(statistics.total, ['reward', 'rewards']),
              icon: GiftIcon,
            },
            {
              label: 'Direct Rewards',
              value: formatCount(statistics.directRewardsCount),
              icon: UsersIcon,
              accent: 'violet',
            },
            {
              label: 'Downline Rewards',
              value: formatCount(statistics.downlineRewardsCount),
              icon: TrendingUpIcon,
              accent: 'sky',
            },
          ]}
        />
        <SelectField
          label="Type"
          options={typeOptions}
          value={type}
          onChange={(event) => setType(event.target.value as RewardTypeFilter)}
          hint="Filters the rewards of the page shown."
          className="sm:w-64"
        />
      </div>
      <DataTable
        caption="Rewards of this member"
        columns={columns}
        rows={shown}
        rowKey={(reward) => reward._id}
        loading={fetching}
        emptyTitle={rewardTexts.emptyHistory}
        emptyDescription={type !== 'ALL' && rewards.data.length > 0 ? 'None of this type on this page.' : undefined}
      />
      <PagingFooter
        currentPage={pagination.currentPage}
        totalPages={pagination.totalPages}
        total={pagination.totalRecords}
        shown={shown.length}
        noun="rewards"
        onPageChange={onPageChange}
        disabled={fetching}
        pages="previous and next"
      />
    </div>
  );
}
