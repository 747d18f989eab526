import type { UseQueryResult } from '@tanstack/react-query';
import { formatDate } from '@uplink/contract/format';
import { type Referral, type ReferralHistory, referralTexts } from '@uplink/contract/referrals';
import { Badge, StatusBadge } from '../../../components/badge';
import { PagedTable } from '../../../components/paged-table';
import type { Column } from '../../../components/table';
import { TwoLineCell } from '../../../components/table-cells';
import { loadFailure } from '../../../lib/error-text';

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
  // An empty filtered list says what the filter found, not that the member has no referrals.
  const empty =
    level === undefined
      ? {
          title: referralTexts.noReferrals,
          description: 'Share your referral link: everyone who joins with it appears here.',
        }
      : { title: `No referrals at level ${level}`, description: "Choose 'All Levels' to see your whole network." };
  return (
    <PagedTable
      query={history}
      failure={loadFailure(referralTexts.historyLoadFailed, referralTexts.historyLoadFailed)}
      rowsIn="referrals"
      summary="positions"
      onPageChange={onPageChange}
      caption="Referral history"
      columns={columns}
      foldBelow="md"
      emptyTitle={empty.title}
      emptyDescription={empty.description}
    />
  );
}
