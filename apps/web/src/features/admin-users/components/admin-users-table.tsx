import { type AdminUserListItem, type AdminUsers, adminUserTexts } from '@uplink/contract/admin-users';
import { formatUsdt, fullName } from '@uplink/contract/format';
import { Badge, StatusBadge } from '../../../components/badge';
import { Button, ButtonLink } from '../../../components/button';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import { RiskMarkBadge } from '../../../components/risk-mark-badge';
import { actionColumn, type Column } from '../../../components/table';
import { amountColumn, dateColumn, MemberCell, walletColumn } from '../../../components/table-cells';
import type { UseQueryResult } from '../../../lib/query';
import { Link } from '../../../lib/router/router';
import { EmailWithVerification } from './email-verification';

/** The members' columns; administrators are never listed (they are not members). */
function userColumns(onEditStatus: ((user: AdminUserListItem) => void) | undefined): Column<AdminUserListItem>[] {
  return [
    {
      key: 'member',
      header: 'Member',
      card: 'title',
      cell: (user) => (
        <MemberCell
          member={user}
          name={
            <Link className="hover:text-brand-700 hover:underline" to={`/admin/users/${encodeURIComponent(user._id)}`}>
              {fullName(user)}
            </Link>
          }
          marks={<RiskMarkBadge mark={user.risk} />}
          identity={
            <>
              <EmailWithVerification email={user.email} verified={user.isEmailVerified} /> ·{' '}
              <span className="font-mono">{user.userId}</span>
            </>
          }
        />
      ),
    },
    { key: 'status', header: 'Status', card: 'status', cell: (user) => <StatusBadge status={user.status} /> },
    {
      key: 'onboarding',
      header: 'Onboarding',
      priority: 'low',
      cell: (user) => (
        <div className="space-y-1 text-xs">
          <p>
            <Badge tone={user.subscriptionFee.paid ? 'green' : 'grey'}>
              {user.subscriptionFee.paid ? 'Paid' : 'Unpaid'}
            </Badge>
          </p>
          <p className="text-slate-500">
            {user.bingXUID ? <span className="font-mono">UID {user.bingXUID}</span> : adminUserTexts.notLinked}
          </p>
        </div>
      ),
    },
    amountColumn({ key: 'balance', header: 'Balance', className: 'text-right', value: (user) => user.balance }),
    {
      key: 'rewards',
      header: 'Total rewards',
      className: 'text-right',
      priority: 'low',
      cell: (user) => <Money amount={user.totalRewards} />,
    },
    {
      key: 'withdrawn',
      header: 'Withdrawn',
      className: 'text-right',
      priority: 'low',
      cell: (user) => <Money amount={user.totalWithdrawals} />,
    },
    walletColumn({ key: 'wallet', header: 'Deposit wallet', priority: 'low', value: (user) => user.walletAddress }),
    dateColumn({ key: 'joined', header: 'Joined', priority: 'low', value: (user) => user.createdAt }),
    actionColumn({
      key: 'actions',
      header: 'Actions',
      cell: (user) => (
        <div className="flex items-center justify-end gap-2 whitespace-nowrap">
          <ButtonLink
            to={`/admin/users/${encodeURIComponent(user._id)}`}
            variant="secondary"
            size="sm"
            aria-label={`View ${fullName(user)}`}
          >
            View
          </ButtonLink>
          {!onEditStatus ? null : (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onEditStatus(user)}
              aria-label={`Edit the status of ${fullName(user)}`}
            >
              Edit status
            </Button>
          )}
        </div>
      ),
    }),
  ];
}

const wording: ListWording = {
  caption: 'Users',
  noun: 'users',
  failure: {
    silentServer: adminUserTexts.loadUsersFailed,
    noAnswer: adminUserTexts.loadUsersError,
    exception: adminUserTexts.loadUsersError,
  },
  emptyTitle: adminUserTexts.emptyUsers,
  noneMatching: 'No member matches this search.',
};

/** A total beside the balance: in USDT, not bold. */
function Money({ amount }: { amount: number }) {
  return <span className="whitespace-nowrap tabular-nums">{formatUsdt(amount)}</span>;
}

/**
 * A page of members with their status, onboarding, money and the view and edit-status actions
 * (the latter without `onEditStatus`, for a role that may not change a status).
 */
export function AdminUsersTable({
  users,
  searched,
  onEditStatus,
  onPageChange,
}: {
  users: UseQueryResult<AdminUsers>;
  /** Whether a search narrowed the list (the empty state says so). */
  searched: boolean;
  onEditStatus?: (user: AdminUserListItem) => void;
  onPageChange: (page: number) => void;
}) {
  return (
    <PagedTable
      query={users}
      page={({ users: rows, pagination }) => ({
        rows,
        pagination: { ...pagination, totalRecords: pagination.totalUsers },
      })}
      wording={wording}
      filtered={searched}
      onPageChange={onPageChange}
      columns={userColumns(onEditStatus)}
      foldBelow="xl"
    />
  );
}
