import type { AdminMemberReward, AdminUserDetail } from '@uplink/contract/admin-users';
import { formatCount, formatUsdt, fullName } from '@uplink/contract/format';
import { rewardTexts } from '@uplink/contract/reward-texts';
import { GiftIcon, TrendingUpIcon, UsersIcon } from '../../../components/icons';
import { RewardTypeBadge, rewardColumns, rewardFigureColumns } from '../../../components/reward-cells';
import type { Column } from '../../../components/table';
import type { RewardTypeFilter } from '../utils/loaded-page-filters';
import { LoadedPageTab } from './loaded-page-tab';

const typeOptions: { value: RewardTypeFilter; label: string }[] = [
  { value: 'ALL', label: rewardTexts.allTypes },
  { value: 'DIRECT', label: 'Direct' },
  { value: 'DOWNLINE', label: 'Downline' },
];

const columns: Column<AdminMemberReward>[] = [
  {
    ...rewardColumns.type,
    card: 'title',
    cell: (reward) => (
      <div className="space-y-1">
        <RewardTypeBadge type={reward.type} />
        {reward.downlineUser ? <p className="text-slate-500 text-xs">From: {fullName(reward.downlineUser)}</p> : null}
      </div>
    ),
  },
  ...rewardFigureColumns,
];

/** The Rewards tab: the member's reward totals and a page of rewards, filtered by type on that page. */
export function MemberRewardsPanel({
  rewards,
  note,
  fetching,
  onPageChange,
}: {
  rewards: NonNullable<AdminUserDetail['rewards']>;
  /** How the rows, rounded to the cent, stand against the ledger (the member's `rewardFigures`). */
  note: string;
  fetching: boolean;
  onPageChange: (page: number) => void;
}) {
  const { statistics } = rewards;
  return (
    <LoadedPageTab
      statisticsGrid="grid grid-cols-1 gap-4 sm:grid-cols-3"
      statistics={[
        {
          label: 'Total Amount',
          value: formatUsdt(statistics.totalRewardAmount),
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
      filter={{
        label: 'Type',
        field: 'type',
        options: typeOptions,
        noneShown: 'None of this type on this page.',
      }}
      loaded={rewards}
      noun="rewards"
      fetching={fetching}
      onPageChange={onPageChange}
      columns={columns}
      emptyTitle={rewardTexts.emptyHistory}
      note={note}
    />
  );
}
