import { formatDateTime, formatMoney, fullName } from '@uplink/contract/format';
import { type AdminRewardRecord, type AdminRewards, rewardTexts } from '@uplink/contract/rewards';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { RewardStateBadge, RewardTypeBadge } from '../../../components/reward-badges';
import { type Column, DataTable } from '../../../components/table';
import { errorText } from '../../../lib/error-text';

/** A member's name with their user ID under it (the e-mail is in the details). */
function Person({ person }: { person: AdminRewardRecord['rewardUser'] }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{fullName(person)}</p>
      <p className="text-slate-500 text-xs">{person.userId}</p>
    </div>
  );
}

function rewardColumns(onOpen: (reward: AdminRewardRecord) => void): Column<AdminRewardRecord>[] {
  return [
    { key: 'beneficiary', header: 'Beneficiary', cell: (reward) => <Person person={reward.rewardUser} /> },
    { key: 'from', header: 'From', cell: (reward) => <Person person={reward.downlineUser} /> },
    { key: 'type', header: 'Type', cell: (reward) => <RewardTypeBadge type={reward.type} /> },
    { key: 'level', header: 'Level', className: 'text-right', cell: (reward) => reward.level },
    {
      key: 'amount',
      header: 'Amount',
      className: 'text-right',
      cell: (reward) => (
        <div className="whitespace-nowrap tabular-nums">
          <p className="font-semibold text-slate-900">{formatMoney(reward.rewardAmount, { unit: 'USDT' })}</p>
          <p className="text-slate-500 text-xs">{reward.percent}%</p>
        </div>
      ),
    },
    {
      key: 'master',
      header: 'Master amount',
      className: 'text-right',
      cell: (reward) => <span className="whitespace-nowrap tabular-nums">{formatMoney(reward.masterAmount)}</span>,
    },
    { key: 'cycle', header: 'Cycle', cell: (reward) => <span className="tabular-nums">#{reward.cycle}</span> },
    { key: 'state', header: 'State', cell: (reward) => <RewardStateBadge state={reward.state} /> },
    {
      key: 'date',
      header: 'Date',
      cell: (reward) => <span className="whitespace-nowrap">{formatDateTime(reward.createdAt)}</span>,
    },
    {
      key: 'details',
      header: <span className="sr-only">Action</span>,
      // The cell holds its screen-reader-only header: otherwise, scrolled out of the table's view,
      // it would still widen the page (an absolute element escapes a scroll box it is not positioned in).
      className: 'relative',
      cell: (reward) => (
        <Button
          variant="secondary"
          size="sm"
          onClick={(event) => {
            // The row opens the same details; one opening is enough.
            event.stopPropagation();
            onOpen(reward);
          }}
          aria-label={`Details of the reward to ${fullName(reward.rewardUser)} (cycle #${reward.cycle})`}
        >
          Details
        </Button>
      ),
    },
  ];
}

/** The page of rewards with its loading, empty and error states and the paging footer. */
export function AdminRewardsTable({
  rewards,
  fetching,
  error,
  filtered,
  onRetry,
  onPageChange,
  onOpen,
}: {
  rewards: AdminRewards | undefined;
  fetching: boolean;
  error: unknown;
  /** A search or filter is active (the empty state says so). */
  filtered: boolean;
  onRetry: () => void;
  onPageChange: (page: number) => void;
  onOpen: (reward: AdminRewardRecord) => void;
}) {
  if (error) {
    return (
      <LoadError
        title={errorText(error, {
          refusal: rewardTexts.loadRewardsFailed,
          noAnswer: rewardTexts.loadRewardsError,
          exception: rewardTexts.loadRewardsError,
        })}
        onRetry={onRetry}
      />
    );
  }
  return (
    <>
      <DataTable
        caption="Rewards"
        columns={rewardColumns(onOpen)}
        rows={rewards?.rewards ?? []}
        rowKey={(reward) => reward._id}
        loading={fetching}
        emptyTitle={rewardTexts.emptyHistory}
        emptyDescription={
          filtered
            ? 'No reward matches this search and these filters.'
            : 'Rewards appear here when a cycle is distributed or a referral pays the subscription.'
        }
        onRowClick={onOpen}
      />
      <PagedListFooter
        pagination={rewards?.pagination}
        noun="rewards"
        onPageChange={onPageChange}
        disabled={fetching}
      />
    </>
  );
}
