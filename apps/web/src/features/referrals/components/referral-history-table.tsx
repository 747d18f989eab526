import { formatDate } from '@uplink/contract/format';
import { referralTexts } from '@uplink/contract/referral-texts';
import type { Referral, ReferralHistory } from '@uplink/contract/referrals';
import { Badge, StatusBadge } from '../../../components/badge';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import type { Column } from '../../../components/table';
import { TwoLineCell } from '../../../components/table-cells';
import { loadFailure } from '../../../lib/error-text';
import type { UseQueryResult } from '../../../lib/query';

const columns: Column<Referral>[] = [
  {
    key: 'user',
    header: 'User',
    card: 'title',
    cell: (referral) => <TwoLineCell main={referral.name} detail={referral.email} />,
  },
  {
    key: 'level',
    header: 'Level',
    cell: (referral) => <Badge tone="brand">Level {referral.level}</Badge>,
  },
  { key: 'status', header: 'Status', card: 'status', cell: (referral) => <StatusBadge status={referral.status} /> },
  {
    key: 'subscription',
    header: 'Subscription',
    cell: (referral) =>
      referral.subscriptionPaid ? (
        <div>
          <Badge tone="green">Paid</Badge>
          <p className="mt-1 text-slate-500 text-xs">{formatDate(referral.subscriptionTimestamp)}</p>
        </div>
      ) : (
        <Badge tone="amber">Pending</Badge>
      ),
  },
  {
    key: 'bingx',
    header: 'BingX Linked',
    priority: 'low',
    cell: (referral) =>
      referral.bingxLinked ? <Badge tone="blue">Linked</Badge> : <span className="text-slate-500">Not linked</span>,
  },
  { key: 'joined', header: 'Joined', priority: 'low', cell: (referral) => formatDate(referral.joinedAt) },
];

/** An empty list at a chosen level says what the filter found, not that the member has no referrals. */
function wording(level: number | undefined): ListWording {
  return {
    caption: 'Referral history',
    failure: loadFailure(referralTexts.historyLoadFailed, referralTexts.historyLoadFailed),
    emptyTitle: referralTexts.noReferrals,
    emptyDescription: 'Share your referral link: everyone who joins with it appears here.',
    noneMatchingTitle: `No referrals at level ${level}`,
    noneMatching: "Choose 'All Levels' to see your whole network.",
  };
}

/**
 * A page of the member's downline with its loading and error states and the paging footer;
 * `level` is the level filter, if one is chosen.
 */
export function ReferralHistoryTable({
  history,
  level,
  onPageChange,
}: {
  history: UseQueryResult<ReferralHistory>;
  level: number | undefined;
  onPageChange: (page: number) => void;
}) {
  return (
    <PagedTable
      query={history}
      rowsIn="referrals"
      wording={wording(level)}
      filtered={level !== undefined}
      summary="positions"
      onPageChange={onPageChange}
      columns={columns}
      foldBelow="md"
    />
  );
}
