import { adminTeamTexts } from '@uplink/contract/admin-roles';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { UserPlusIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/layouts/page-header';
import { QueryState } from '../../../components/query-state';
import { RefreshButton } from '../../../components/refresh-button';
import { Toast, useToast } from '../../../components/toast';
import { useAdminTeam } from '../../../features/admin-team/api/get-admin-team';
import { AdministratorsTable } from '../../../features/admin-team/components/administrators-table';
import { InvitationsTable } from '../../../features/admin-team/components/invitations-table';
import { InviteAdministratorDialog } from '../../../features/admin-team/components/invite-administrator-dialog';
import { RolesOverview } from '../../../features/admin-team/components/roles-overview';
import { useTeamActions } from '../../../features/admin-team/hooks/use-team-actions';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';

export default function AdminTeamPage() {
  const { user } = useAuth();
  const team = useAdminTeam();
  const [inviting, setInviting] = useState(false);
  const { toast, showToast, dismissToast } = useToast();
  const actions = useTeamActions(showToast);

  return (
    <div className="space-y-6">
      <PageHeader
        title={adminTeamTexts.title}
        subtitle="The administrators, their roles and the invitations not yet accepted"
        actions={
          <>
            <RefreshButton busy={team.isFetching} onClick={() => team.refetch()} />
            <Button icon={<UserPlusIcon size={18} />} onClick={() => setInviting(true)}>
              {adminTeamTexts.invite}
            </Button>
          </>
        }
      />
      <QueryState query={team} failure={errorText(team.error)} loadingLabel="Loading the team...">
        {({ administrators, invitations }) => (
          <>
            <Card>
              <CardHeader title={adminTeamTexts.administrators} subtitle={`${administrators.length} on the team`} />
              <AdministratorsTable
                administrators={administrators}
                currentAdminId={user?._id}
                onAction={actions.start}
              />
            </Card>
            <Card>
              <CardHeader title={adminTeamTexts.invitations} subtitle="Each link works once, until it expires" />
              <InvitationsTable invitations={invitations} onRevoke={actions.revoke} />
            </Card>
          </>
        )}
      </QueryState>
      <RolesOverview />
      <InviteAdministratorDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(text) => showToast(text, 'success')}
      />
      {actions.dialogs}
      <Toast toast={toast} onDismiss={dismissToast} />
    </div>
  );
}
