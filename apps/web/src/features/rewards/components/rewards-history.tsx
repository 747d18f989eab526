import { rewardsPageSizes } from '@uplink/contract/constants';
import type { RewardRecord } from '@uplink/contract/member-rewards';
import { type RewardSort, rewardTypes } from '@uplink/contract/reward-kinds';
import { rewardTexts } from '@uplink/contract/reward-texts';
import { FiguresNote } from '../../../components/figures-note';
import { ChoiceFilter, FilterBar, LevelFilter } from '../../../components/filter-bar';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import { rewardColumns } from '../../../components/reward-cells';
import { SelectField } from '../../../components/select-field';
import type { Column } from '../../../components/table';
import { TwoLineCell } from '../../../components/table-cells';
import { loadFailure } from '../../../lib/error-text';
import { useMemberRewards } from '../api/get-member-rewards';
import type { RewardsHistoryFilters } from '../utils/rewards-history-query';

const sortOptions: { value: RewardSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-rewardAmount', label: 'Highest amount' },
  { value: 'rewardAmount', label: 'Lowest amount' },
];
const pageSizeOptions = rewardsPageSizes.map((size) => ({ value: String(size), label: `${size} per page` }));

const columns: Column<RewardRecord>[] = [
  // A reward belongs to its cycle, whenever it was credited: the cycle heads each row.
  {
    key: 'cycle',
    header: 'Cycle',
    card: 'title',
    cell: (reward) => <span className="whitespace-nowrap tabular-nums">Cycle #{reward.cycle}</span>,
  },
  { ...rewardColumns.date, priority: 'low' },
  rewardColumns.type,
  rewardColumns.level,
  {
    key: 'from',
    header: 'From',
    priority: 'low',
    cell: (reward) =>
      reward.downlineUser ? (
        <TwoLineCell main={reward.downlineUser.name} detail={reward.downlineUser.userId} />
      ) : (
        <span className="text-slate-500">—</span>
      ),
  },
  rewardColumns.master,
  rewardColumns.amount,
  rewardColumns.state,
];

const wording: ListWording = {
  caption: 'Rewards history',
  noun: 'rewards',
  failure: loadFailure(rewardTexts.loadRewardsFailed, rewardTexts.loadRewardsError),
  emptyTitle: rewardTexts.emptyHistory,
  emptyDescription: 'Rewards appear here when your referrals pay their subscription and when your network trades.',
  noneMatching: 'No reward matches these filters.',
};

/** The member's rewards with type, level, sort and page-size filters and full pagination. */
export function RewardsHistory({
  filters,
  onFiltersChange,
  note,
}: {
  filters: RewardsHistoryFilters;
  onFiltersChange: (filters: RewardsHistoryFilters) => void;
  /** The server's line on how the rows, rounded to the cent, add up to Total Earned. */
  note: string | undefined;
}) {
  const rewards = useMemberRewards(filters);
  const refine = (change: Partial<RewardsHistoryFilters>) => onFiltersChange({ ...filters, ...change, page: 1 });
  const filtered = filters.type !== undefined || filters.level !== undefined;

  return (
    <div>
      <FilterBar columns="grid-cols-2 lg:grid-cols-4">
        <ChoiceFilter
          label="Type"
          allLabel={rewardTexts.allTypes}
          choices={rewardTypes}
          labelOf={(type) => rewardTexts.typeOptions[type]}
          value={filters.type}
          onChange={(type) => refine({ type })}
        />
        <LevelFilter level={filters.level} onChange={(level) => refine({ level })} />
        <SelectField
          label="Sort"
          options={sortOptions}
          value={filters.sort}
          onChange={(event) => refine({ sort: event.target.value as RewardSort })}
        />
        <SelectField
          label="Per page"
          options={pageSizeOptions}
          value={String(filters.limit)}
          onChange={(event) => refine({ limit: Number(event.target.value) })}
        />
      </FilterBar>
      <PagedTable
        query={rewards}
        rowsIn="rewards"
        wording={wording}
        filtered={filtered}
        summary="positions"
        pages="numbered with ends"
        onPageChange={(page) => onFiltersChange({ ...filters, page })}
        columns={columns}
        foldBelow="md"
      />
      {note ? <FiguresNote note={note} className="border-slate-100 border-t px-5 py-3 sm:px-6" /> : null}
    </div>
  );
}
