import type { AdminRewardRecord, AdminRewards } from '@uplink/contract/admin-rewards';
import { fullName } from '@uplink/contract/format';
import { rewardTexts } from '@uplink/contract/reward-texts';
import { Button } from '../../../components/button';
import { FiguresNote } from '../../../components/figures-note';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import { rewardColumns, rewardFigureColumns } from '../../../components/reward-cells';
import { actionColumn, type Column } from '../../../components/table';
import { MemberCell } from '../../../components/table-cells';
import { loadFailure } from '../../../lib/error-text';
import type { UseQueryResult } from '../../../lib/query';

function rewardColumnsWithPeople(onOpen: (reward: AdminRewardRecord) => void): Column<AdminRewardRecord>[] {
  return [
    {
      key: 'beneficiary',
      header: 'Beneficiary',
      card: 'title',
      // The user ID alone under the name: the e-mail is in the details.
      cell: (reward) => <MemberCell member={reward.rewardUser} identity={reward.rewardUser.userId} />,
    },
    {
      key: 'from',
      header: 'From',
      priority: 'low',
      cell: (reward) => <MemberCell member={reward.downlineUser} identity={reward.downlineUser.userId} />,
    },
    rewardColumns.type,
    ...rewardFigureColumns,
    actionColumn({
      key: 'details',
      header: 'Action',
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
    }),
  ];
}

const wording: ListWording = {
  caption: 'Rewards',
  noun: 'rewards',
  failure: loadFailure(rewardTexts.loadRewardsFailed, rewardTexts.loadRewardsError),
  emptyTitle: rewardTexts.emptyHistory,
  emptyDescription: 'Rewards appear here when a cycle is distributed or a referral pays the subscription.',
  noneMatching: 'No reward matches this search and these filters.',
};

/**
 * The page of rewards with its loading, empty and error states and the paging footer, and the
 * server's line on how the rows, rounded to the cent, stand against the ledger.
 */
export function AdminRewardsTable({
  rewards,
  filtered,
  onPageChange,
  onOpen,
}: {
  rewards: UseQueryResult<AdminRewards>;
  /** A search or filter is active (the empty state says so). */
  filtered: boolean;
  onPageChange: (page: number) => void;
  onOpen: (reward: AdminRewardRecord) => void;
}) {
  return (
    <>
      <PagedTable
        query={rewards}
        rowsIn="rewards"
        wording={wording}
        filtered={filtered}
        onPageChange={onPageChange}
        columns={rewardColumnsWithPeople(onOpen)}
        foldBelow="xl"
        onRowClick={onOpen}
      />
      {rewards.data ? (
        <FiguresNote note={rewards.data.note} className="border-slate-100 border-t px-5 py-3 sm:px-6" />
      ) : null}
    </>
  );
}
