import { formatDate } from '@uplink/contract/format';
import type { Referral } from '@uplink/contract/referrals';
import { referralTexts } from '@uplink/contract/referrals';
import { Badge, StatusBadge } from '../../../components/badge';
import { type Column, DataTable } from '../../../components/table';

const columns: Column<Referral>[] = [
  {
    key: 'user',
    header: 'User',
    cell: (referral) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{referral.name}</p>
        <p className="text-slate-500 text-xs">{referral.email}</p>
      </div>
    ),
  },
  {
    key: 'level',
    header: 'Level',
    cell: (referral) => <Badge tone="brand">Level {referral.level}</Badge>,
  },
  { key: 'status', header: 'Status', cell: (referral) => <StatusBadge status={referral.status} /> },
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
    cell: (referral) =>
      referral.bingxLinked ? <Badge tone="blue">Linked</Badge> : <span className="text-slate-500">Not linked</span>,
  },
  { key: 'joined', header: 'Joined', cell: (referral) => formatDate(referral.joinedAt) },
];

export function ReferralHistoryTable({ referrals, loading }: { referrals: Referral[]; loading: boolean }) {
  return (
    <DataTable
      caption="Referral history"
      columns={columns}
      rows={referrals}
      rowKey={(referral) => referral._id}
      loading={loading}
      emptyTitle={referralTexts.noReferrals}
      emptyDescription="Share your referral link: everyone who joins with it appears here."
    />
  );
}
