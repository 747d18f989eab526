import { levelOptions, rewardsPageSizes } from '@uplink/contract/constants';
import { formatCount, formatDateTime, formatMoney } from '@uplink/contract/format';
import { type RewardRecord, type RewardSort, rewardTexts } from '@uplink/contract/rewards';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { RewardStateBadge, RewardTypeBadge } from '../../../components/reward-badges';
import { SelectField } from '../../../components/select-field';
import { type Column, DataTable } from '../../../components/table';
import { errorText } from '../../../lib/error-text';
import { useMemberRewards } from '../api/get-member-rewards';
import type { RewardsHistoryFilters } from '../utils/rewards-history-query';

const typeOptions = [
  { value: '', label: rewardTexts.allTypes },
  { value: 'DIRECT', label: rewardTexts.typeOptions.DIRECT },
  { value: 'DOWNLINE', label: rewardTexts.typeOptions.DOWNLINE },
];
const levelFilterOptions = [
  { value: '', label: 'All Levels' },
  ...levelOptions.map((level) => ({ value: String(level), label: `Level ${level}` })),
];
const sortOptions: { value: RewardSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-rewardAmount', label: 'Highest amount' },
  { value: 'rewardAmount', label: 'Lowest amount' },
];
const pageSizeOptions = rewardsPageSizes.map((size) => ({ value: String(size), label: `${size} per page` }));

const columns: Column<RewardRecord>[] = [
  {
    key: 'date',
    header: 'Date',
    cell: (reward) => <span className="whitespace-nowrap">{formatDateTime(reward.createdAt)}</span>,
  },
  {
    key: 'type',
    header: 'Type',
    cell: (reward) => <RewardTypeBadge type={reward.type} />,
  },
  { key: 'level', header: 'Level', cell: (reward) => `Level ${reward.level}` },
  {
    key: 'from',
    header: 'From',
    cell: (reward) =>
      reward.downlineUser ? (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{reward.downlineUser.name}</p>
          <p className="text-slate-500 text-xs">{reward.downlineUser.userId}</p>
        </div>
      ) : (
        <span className="text-slate-500">—</span>
      ),
  },
  {
    key: 'master',
    header: 'Master amount',
    className: 'text-right',
    cell: (reward) => <span className="whitespace-nowrap tabular-nums">{formatMoney(reward.masterAmount)}</span>,
  },
  {
    key: 'percent',
    header: 'Percent',
    className: 'text-right',
    cell: (reward) => <span className="tabular-nums">{reward.percent}%</span>,
  },
  {
    key: 'amount',
    header: 'Amount',
    className: 'text-right',
    cell: (reward) => (
      <span className="whitespace-nowrap font-semibold text-slate-900 tabular-nums">
        {formatMoney(reward.rewardAmount, { unit: 'USDT' })}
      </span>
    ),
  },
  {
    key: 'state',
    header: 'State',
    cell: (reward) => <RewardStateBadge state={reward.state} />,
  },
];

/** The member's rewards with type, level, sort and page-size filters and full pagination. */
export function RewardsHistory({
  filters,
  onFiltersChange,
}: {
  filters: RewardsHistoryFilters;
  onFiltersChange: (filters: RewardsHistoryFilters) => void;
}) {
  const rewards = useMemberRewards(filters);
  const data = rewards.data;
  const refine = (change: Partial<RewardsHistoryFilters>) => onFiltersChange({ ...filters, ...change, page: 1 });
  const firstShown = data && data.rewards.length > 0 ? (filters.page - 1) * data.pagination.limit + 1 : 0;
  const filtered = filters.type !== undefined || filters.level !== undefined;

  return (
    <div>
      <div className="grid grid-cols-2 gap-3 border-slate-100 border-b px-5 py-4 sm:px-6 lg:grid-cols-4">
        <SelectField
          label="Type"
          options={typeOptions}
          value={filters.type ?? ''}
          onChange={(event) => refine({ type: (event.target.value || undefined) as RewardsHistoryFilters['type'] })}
        />
        <SelectField
          label="Level"
          options={levelFilterOptions}
          value={filters.level === undefined ? '' : String(filters.level)}
          onChange={(event) => refine({ level: event.target.value ? Number(event.target.value) : undefined })}
        />
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
      </div>
      {rewards.isError ? (
        <LoadError
          title={errorText(rewards.error, {
            refusal: rewardTexts.loadRewardsFailed,
            noAnswer: rewardTexts.loadRewardsError,
            exception: rewardTexts.loadRewardsError,
          })}
          onRetry={() => rewards.refetch()}
        />
      ) : (
        <>
          <DataTable
            caption="Rewards history"
            columns={columns}
            rows={data?.rewards ?? []}
            rowKey={(reward) => reward._id}
            loading={rewards.isFetching}
            emptyTitle={rewardTexts.emptyHistory}
            emptyDescription={
              filtered
                ? 'No reward matches these filters.'
                : 'Rewards appear here when your referrals pay their subscription and when your network trades.'
            }
          />
          {data && data.pagination.totalRecords > 0 ? (
            <div className="border-slate-100 border-t px-5 py-4">
              <Pagination
                currentPage={data.pagination.currentPage}
                totalPages={data.pagination.totalPages}
                onPageChange={(page) => onFiltersChange({ ...filters, page })}
                showEdges
                disabled={rewards.isFetching}
                summary={`Showing ${formatCount(firstShown)}-${formatCount(firstShown + data.rewards.length - 1)} of ${formatCount(data.pagination.totalRecords)} rewards`}
              />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
