import { adminUserTexts, type OverallStats } from '@uplink/contract/admin-users';
import { formatDate, formatDateTime, formatUsdt } from '@uplink/contract/format';
import type { WithdrawalStatus } from '@uplink/contract/withdrawals';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Card, CardHeader } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { ChevronRightIcon } from '../../../components/icons';
import { Loading } from '../../../components/query-state';
import { Link } from '../../../lib/router/router';

/** The dashboard writes a withdrawal status capitalised; anything but pending or approved reads as refused. */
const dashboardStatuses: Record<WithdrawalStatus, { tone: BadgeTone; label: string }> = {
  PENDING: { tone: 'amber', label: 'Pending' },
  APPROVED: { tone: 'green', label: 'Approved' },
  REJECTED: { tone: 'red', label: 'Rejected' },
  BLOCKED_COMPLIANCE: { tone: 'red', label: 'Blocked' },
};

/** A card listing the latest few of something; each row opens its detail. */
function RecentList({
  title,
  viewAllTo,
  viewAllLabel,
  loading,
  emptyTitle,
  children,
}: {
  title: string;
  viewAllTo: string;
  viewAllLabel: string;
  loading: boolean;
  emptyTitle: string;
  children: ReactNode[] | undefined;
}) {
  return (
    <Card>
      <CardHeader
        title={title}
        actions={
          <Link to={viewAllTo} className="font-medium text-brand-700 text-sm hover:underline">
            {viewAllLabel}
          </Link>
        }
      />
      {loading && !children ? (
        <Loading />
      ) : children && children.length > 0 ? (
        <ul className="divide-y divide-slate-100">{children}</ul>
      ) : (
        <EmptyState title={emptyTitle} />
      )}
    </Card>
  );
}

/** One row of a recent list: a link over the whole row, so it is one tab stop. */
function RecentRow({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-3 px-5 py-3.5 transition-colors hover:bg-brand-50/50 focus-visible:bg-brand-50 focus-visible:outline-none sm:px-6"
      >
        <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-1">{children}</div>
        <ChevronRightIcon size={16} className="text-slate-400" />
      </Link>
    </li>
  );
}

export function RecentWithdrawals({
  withdrawals,
  loading,
}: {
  withdrawals: OverallStats['recentWithdrawals'] | undefined;
  loading: boolean;
}) {
  return (
    <RecentList
      title="Recent Withdrawals"
      viewAllTo="/admin/withdrawals"
      viewAllLabel="View all withdrawals"
      loading={loading}
      emptyTitle={adminUserTexts.noRecentWithdrawals}
    >
      {withdrawals?.map((withdrawal) => (
        <RecentRow key={withdrawal._id} to={`/admin/withdrawals/${encodeURIComponent(withdrawal._id)}`}>
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{withdrawal.user.name}</p>
            <p className="text-slate-500 text-xs">{formatDateTime(withdrawal.createdAt)}</p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-semibold text-slate-900 tabular-nums">{formatUsdt(withdrawal.amount)}</span>
            <Badge tone={dashboardStatuses[withdrawal.status].tone}>{dashboardStatuses[withdrawal.status].label}</Badge>
          </div>
        </RecentRow>
      ))}
    </RecentList>
  );
}

export function RecentUsers({
  users,
  loading,
}: {
  users: OverallStats['recentJoinedUsers'] | undefined;
  loading: boolean;
}) {
  return (
    <RecentList
      title="Recent Users"
      viewAllTo="/admin/users"
      viewAllLabel="View all users"
      loading={loading}
      emptyTitle={adminUserTexts.noRecentUsers}
    >
      {users?.map((user) => (
        <RecentRow key={user._id} to={`/admin/users/${encodeURIComponent(user._id)}`}>
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{user.name}</p>
            <p className="truncate text-slate-500 text-xs">{user.email}</p>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-slate-500 text-xs">Joined {formatDate(user.joinedAt)}</span>
            <Badge tone={user.onboardingCompleted ? 'green' : 'grey'}>
              {user.onboardingCompleted ? 'Onboarded' : 'Onboarding'}
            </Badge>
          </div>
        </RecentRow>
      ))}
    </RecentList>
  );
}
