import { formatCount, formatDate, formatDateTime, formatUsdt, fullName } from '@uplink/contract/format';
import { Badge, type BadgeTone, StatusBadge } from '../../../components/badge';
import { DetailRow, DetailSection, DetailsModal } from '../../../components/detail-row';
import { Link } from '../../../lib/router/router';
import type { ReportRow, SampleActivity, SampleActivityType } from '../utils/report-rows';

const activityTones: Record<SampleActivityType, BadgeTone> = {
  LOGIN: 'grey',
  REWARD_CLAIM: 'green',
  WITHDRAWAL: 'amber',
  REFERRAL: 'violet',
  SUBSCRIPTION: 'blue',
};

function Activities({ activities }: { activities: SampleActivity[] }) {
  return (
    <section>
      <h3 className="font-semibold text-slate-900 text-sm">Recent activity (sample)</h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {activities.map((activity) => (
          <li key={activity.id} className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm">
            <div className="min-w-0 space-y-1">
              <Badge tone={activityTones[activity.type]}>{activity.type}</Badge>
              <p className="text-slate-700">{activity.description}</p>
            </div>
            <div className="text-right">
              {activity.amount === undefined ? null : (
                <p className="font-semibold text-slate-900 tabular-nums">{formatUsdt(activity.amount)}</p>
              )}
              <p className="whitespace-nowrap text-slate-500 text-xs">{formatDateTime(activity.timestamp)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every figure of one member's report and, for a sample row, its sample activities. */
export function ReportDetailsModal({
  row,
  volumeLabel,
  onClose,
}: {
  row: ReportRow | null;
  volumeLabel: string;
  onClose: () => void;
}) {
  const sample = row !== null && row.activities !== null;
  return (
    <DetailsModal
      open={row !== null}
      onClose={onClose}
      title={row ? `Report: ${fullName(row)}` : 'Report'}
      description={sample ? 'Sample data: invented figures that show the report, not a real member.' : undefined}
    >
      {row ? (
        <>
          <DetailSection title="Member">
            <DetailRow label="Name">
              {sample ? (
                fullName(row)
              ) : (
                <Link className="text-brand-700 hover:underline" to={`/admin/users/${encodeURIComponent(row._id)}`}>
                  {fullName(row)}
                </Link>
              )}
            </DetailRow>
            <DetailRow label="E-mail">{row.email}</DetailRow>
            <DetailRow label="User ID">{row.userId}</DetailRow>
            <DetailRow label="Status">
              <StatusBadge status={row.status} />
            </DetailRow>
            <DetailRow label="Joined">{formatDate(row.joinedAt)}</DetailRow>
          </DetailSection>
          <DetailSection title="Balance and withdrawals">
            <DetailRow label="Available balance">{formatUsdt(row.availableBalance)}</DetailRow>
            <DetailRow label="Pending withdrawals">
              {`${formatUsdt(row.pendingWithdrawals.amount)} (${formatCount(row.pendingWithdrawals.count, ['request', 'requests'])})`}
            </DetailRow>
            <DetailRow label="Withdrawal requests">{formatCount(row.withdrawalRequests)}</DetailRow>
          </DetailSection>
          <DetailSection title="Trading and rewards">
            <DetailRow label={volumeLabel}>{formatUsdt(row.volume)}</DetailRow>
            <DetailRow label="Trading rewards">{formatUsdt(row.totalTradingRewards)}</DetailRow>
            <DetailRow label="Average reward percentage">
              {row.avgRewardPercentage === null ? '-' : `${row.avgRewardPercentage}%`}
            </DetailRow>
            <DetailRow label="Reward claims">{formatCount(row.rewardClaims)}</DetailRow>
          </DetailSection>
          <DetailSection title="Referrals and activity">
            <DetailRow label="Referrals">
              {`${formatCount(row.totalReferrals)} (${formatCount(row.directReferrals)} direct)`}
            </DetailRow>
            <DetailRow label="Referral rewards">{formatUsdt(row.referralRewards)}</DetailRow>
            <DetailRow label="Logins">{formatCount(row.totalLogins)}</DetailRow>
            <DetailRow label="Last activity">{formatDateTime(row.lastActivity)}</DetailRow>
          </DetailSection>
          {row.activities ? <Activities activities={row.activities} /> : null}
        </>
      ) : null}
    </DetailsModal>
  );
}
