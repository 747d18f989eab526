import { adminTeamTexts } from '@uplink/contract/admin-roles';
import { formatCount } from '@uplink/contract/format';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { UserPlusIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/layouts/page-header';
import { QueryState } from '../../../components/query-state';
import { RefreshButton } from '../../../components/refresh-button';
import { Toast, useToast } from '../../../components/toast';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { useAdminTeam } from '../api/get-admin-team';
import { useTeamActions } from '../hooks/use-team-actions';
import { AdministratorsTable } from './administrators-table';
import { InvitationsTable } from './invitations-table';
import { InviteAdministratorDialog } from './invite-administrator-dialog';
import { RolesOverview } from './roles-overview';

/** The team screen of owners: the administrators, the pending invitations, the roles, and every change to them. */
export function AdminTeamView() {
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
            <Button icon={<UserPlusIcon size={18} />} className="whitespace-nowrap" onClick={() => setInviting(true)}>
              {adminTeamTexts.invite}
            </Button>
          </>
        }
      />
      <QueryState query={team} failure={errorText(team.error)} loadingLabel="Loading the team...">
        {({ administrators, invitations }) => (
          <>
            <Card>
              <CardHeader
                title={adminTeamTexts.administrators}
                subtitle={formatCount(administrators.length, ['administrator', 'administrators'])}
              />
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
