import { type AdminUserDetail, adminUserTexts } from '@uplink/contract/admin-users';
import { formatCount, formatDateTime, fullName } from '@uplink/contract/format';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Badge, StatusBadge } from '../../../components/badge';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { ArrowLeftIcon, TrashIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { Spinner } from '../../../components/spinner';
import { Tabs } from '../../../components/tabs';
import { Toast, type ToastNavigationState, useToast } from '../../../components/toast';
import { type AdminUserDetailPages, useAdminUserDetail } from '../../../features/admin-users/api/get-admin-user-detail';
import { DeleteMemberDialog } from '../../../features/admin-users/components/delete-member-dialog';
import { MemberOverview } from '../../../features/admin-users/components/member-overview';
import { MemberRewardsPanel } from '../../../features/admin-users/components/member-rewards-panel';
import { MemberSummaryCards } from '../../../features/admin-users/components/member-summary-cards';
import { MemberWithdrawalsPanel } from '../../../features/admin-users/components/member-withdrawals-panel';
import {
  StatusChangeDialogs,
  type StatusChangeTarget,
} from '../../../features/admin-users/components/status-change-dialogs';
import { WithdrawalStatusBadge } from '../../../features/admin-withdrawals/components/withdrawal-status-badge';
import { useAuth } from '../../../lib/auth';
import { errorText, serverMessage } from '../../../lib/error-text';

export default function AdminUserDetailPage() {
  const { id = '' } = useParams();
  const memberId = id.trim();
  // Another member (a sponsor link) starts afresh: overview tab, first pages, no dialog open.
  return <MemberDetail key={memberId} memberId={memberId} />;
}

function BackToUsers() {
  return (
    <ButtonLink to="/admin/users" variant="ghost" size="sm">
      <ArrowLeftIcon size={16} /> Back to users
    </ButtonLink>
  );
}

function MemberDetail({ memberId }: { memberId: string }) {
  const navigate = useNavigate();
  const { user: administrator } = useAuth();
  const [pages, setPages] = useState<AdminUserDetailPages>({ rewardsPage: 1, withdrawalsPage: 1 });
  const [tab, setTab] = useState('overview');
  const [editing, setEditing] = useState<StatusChangeTarget | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [statusProblem, setStatusProblem] = useState<string | null>(null);
  const { toast, showToast, dismissToast } = useToast();
  const detail = useAdminUserDetail(memberId, pages);
  const member = detail.data;

  if (memberId === '') {
    return (
      <div className="space-y-6">
        <BackToUsers />
        <PageHeader title="User Details" />
        <Alert tone="error" title={adminUserTexts.invalidUserId} />
      </div>
    );
  }

  const loadProblem = detail.isError
    ? errorText(detail.error, {
        codes: { USER_NOT_FOUND: serverMessage },
        refusal: adminUserTexts.loadUserFailed,
        noAnswer: adminUserTexts.loadUserError,
        exception: adminUserTexts.loadUserError,
      })
    : null;

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-3">
        <BackToUsers />
        <RefreshButton size="sm" busy={detail.isFetching} onClick={() => detail.refetch()} />
      </div>
      <PageHeader
        title={member ? fullName(member) : 'User Details'}
        subtitle={member ? `User ID: ${member.userId}` : undefined}
        actions={
          member ? (
            <MemberActions
              member={member}
              isSelf={member._id === administrator?._id}
              onEditStatus={() => {
                setStatusProblem(null);
                setEditing({ _id: member._id, name: fullName(member), userId: member.userId, status: member.status });
              }}
              onDelete={() => setDeleting(true)}
            />
          ) : undefined
        }
      />
      {loadProblem ? (
        <Alert tone="error" title={loadProblem}>
          <Button variant="secondary" size="sm" className="mt-1" onClick={() => detail.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {statusProblem ? <Alert tone="error" title={statusProblem} /> : null}
      {detail.isPending && !loadProblem ? (
        <div className="flex items-center justify-center gap-3 py-20 text-slate-600" role="status">
          <Spinner /> {adminUserTexts.loadingUser}
        </div>
      ) : null}
      {member ? (
        <>
          {member.deletedAt ? (
            <Alert tone="warning" title={`This member was deleted on ${formatDateTime(member.deletedAt)}.`}>
              Their sign-in has ended and their personal data is blanked. Their place in the referral tree, their ledger
              and their rewards are kept.
            </Alert>
          ) : null}
          <MemberSummaryCards member={member} />
          <Card>
            <Tabs
              label="Member details"
              selected={tab}
              onSelect={setTab}
              tabs={[
                { id: 'overview', label: 'Overview', panel: <MemberOverview member={member} /> },
                {
                  id: 'rewards',
                  label: `Rewards (${formatCount(member.rewards?.statistics.total ?? 0)})`,
                  panel: member.rewards ? (
                    <MemberRewardsPanel
                      rewards={member.rewards}
                      fetching={detail.isFetching}
                      onPageChange={(rewardsPage) => setPages((current) => ({ ...current, rewardsPage }))}
                    />
                  ) : null,
                },
                {
                  id: 'withdrawals',
                  label: `Withdrawals (${formatCount(member.withdrawals?.statistics.total ?? 0)})`,
                  panel: member.withdrawals ? (
                    <MemberWithdrawalsPanel
                      withdrawals={member.withdrawals}
                      fetching={detail.isFetching}
                      onPageChange={(withdrawalsPage) => setPages((current) => ({ ...current, withdrawalsPage }))}
                      statusBadge={(status) => <WithdrawalStatusBadge status={status} />}
                    />
                  ) : null,
                },
              ]}
            />
          </Card>
          <StatusChangeDialogs
            member={editing}
            onClose={() => setEditing(null)}
            onChanged={(status) => {
              setEditing(null);
              showToast(adminUserTexts.statusUpdated(status), 'success');
            }}
            onFailed={(message) => {
              setEditing(null);
              setStatusProblem(message);
              showToast(adminUserTexts.statusUpdateFailed, 'error');
            }}
          />
          <DeleteMemberDialog
            open={deleting}
            member={{ _id: member._id, name: fullName(member), userId: member.userId }}
            hasPendingWithdrawals={(member.withdrawals?.statistics.totalPendingAmount ?? 0) > 0}
            onClose={() => setDeleting(false)}
            onDeleted={() =>
              navigate('/admin/users', {
                state: { toast: { text: adminUserTexts.deleted, tone: 'success' } } satisfies ToastNavigationState,
              })
            }
          />
        </>
      ) : null}
      <Toast toast={toast} onDismiss={dismissToast} />
    </div>
  );
}

/**
 * The member's status and role, and what an administrator can do to them: change the status or
 * delete them. Neither is offered on a deleted member or on the administrator's own account,
 * which the server refuses.
 */
function MemberActions({
  member,
  isSelf,
  onEditStatus,
  onDelete,
}: {
  member: AdminUserDetail;
  isSelf: boolean;
  onEditStatus: () => void;
  onDelete: () => void;
}) {
  const actionable = !member.deletedAt && !isSelf;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusBadge status={member.status} />
      {member.isAdmin ? <Badge tone="violet">Administrator</Badge> : null}
      {isSelf ? <Badge tone="brand">You</Badge> : null}
      {member.deletedAt ? <Badge tone="red">Deleted</Badge> : null}
      {actionable ? (
        <>
          <Button variant="secondary" size="sm" onClick={onEditStatus}>
            Change status
          </Button>
          <Button variant="danger" size="sm" icon={<TrashIcon size={16} />} onClick={onDelete}>
            Delete member
          </Button>
        </>
      ) : null}
    </div>
  );
}
