import { adminUserTexts } from '@uplink/contract/admin-users';
import { formatDateTime, fullName } from '@uplink/contract/format';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { ButtonLink } from '../../../components/button';
import { ArrowLeftIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/layouts/page-header';
import { QueryState } from '../../../components/query-state';
import { RefreshButton } from '../../../components/refresh-button';
import { Toast, type ToastNavigationState, useToast } from '../../../components/toast';
import { useAuth } from '../../../lib/auth';
import { errorText, serverMessage } from '../../../lib/error-text';
import { useNavigate } from '../../../lib/router/router';
import { type AdminUserDetailPages, useAdminUserDetail } from '../api/get-admin-user-detail';
import { useStatusChange } from '../hooks/use-status-change';
import { DeleteMemberDialog } from './delete-member-dialog';
import { MemberActions } from './member-actions';
import { MemberRiskEvents } from './member-risk-events';
import { MemberSummaryCards } from './member-summary-cards';
import { MemberTabs } from './member-tabs';

function BackToUsers() {
  return (
    <ButtonLink to="/admin/users" variant="ghost" size="sm">
      <ArrowLeftIcon size={16} /> Back to users
    </ButtonLink>
  );
}

/**
 * One member for the administrators: their figures and tabs, a status change and the delete (which
 * goes back to the list with its toast).
 */
export function MemberDetail({ memberId }: { memberId: string }) {
  const navigate = useNavigate();
  const { user: administrator } = useAuth();
  const [pages, setPages] = useState<AdminUserDetailPages>({ rewardsPage: 1, withdrawalsPage: 1 });
  const [deleting, setDeleting] = useState(false);
  const { toast, showToast, dismissToast } = useToast();
  const statusChange = useStatusChange(showToast);
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
              onEditStatus={() =>
                statusChange.edit({
                  _id: member._id,
                  name: fullName(member),
                  userId: member.userId,
                  status: member.status,
                })
              }
              onDelete={() => setDeleting(true)}
            />
          ) : undefined
        }
      />
      {statusChange.problem ? <Alert tone="error" title={statusChange.problem} /> : null}
      <QueryState
        query={detail}
        loadingLabel={adminUserTexts.loadingUser}
        failure={errorText(detail.error, {
          codes: { USER_NOT_FOUND: serverMessage },
          refusal: adminUserTexts.loadUserFailed,
          noAnswer: adminUserTexts.loadUserError,
          exception: adminUserTexts.loadUserError,
        })}
      >
        {(loaded) => (
          <>
            {loaded.deletedAt ? (
              <Alert tone="warning" title={`This member was deleted on ${formatDateTime(loaded.deletedAt)}.`}>
                Their sign-in has ended and their personal data is blanked. Their place in the referral tree, their
                ledger and their rewards are kept.
              </Alert>
            ) : null}
            <MemberSummaryCards member={loaded} />
            <MemberRiskEvents member={loaded} />
            <MemberTabs
              member={loaded}
              fetching={detail.isFetching}
              onPagesChange={(change) => setPages((current) => ({ ...current, ...change }))}
            />
            {statusChange.dialogs}
            <DeleteMemberDialog
              open={deleting}
              member={{
                _id: loaded._id,
                name: fullName(loaded),
                userId: loaded.userId,
                balance: loaded.balance,
                lockedRewards: loaded.lockedRewards,
                pendingWithdrawals: loaded.pendingWithdrawals,
              }}
              onClose={() => setDeleting(false)}
              onDeleted={() =>
                navigate('/admin/users', {
                  state: { toast: { text: adminUserTexts.deleted, tone: 'success' } } satisfies ToastNavigationState,
                })
              }
            />
          </>
        )}
      </QueryState>
      <Toast toast={toast} onDismiss={dismissToast} />
    </div>
  );
}
