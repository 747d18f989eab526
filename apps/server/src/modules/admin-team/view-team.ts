import type { AdminInvitation, AdminTeam, TeamAdministrator } from '@uplink/contract/admin-team';
import type { AppContext } from '../../app-context';
import {
  findPendingInvitations,
  findTeamAdministrators,
  type InviterColumns,
  type PendingInvitationRow,
  type TeamAdministratorRow,
} from './admin-team-repository';

/** `GET /admin/team`: every administrator and every invitation still waiting. */
export async function viewTeam(deps: Pick<AppContext, 'db' | 'clock'>): Promise<AdminTeam> {
  const [administrators, invitations] = await Promise.all([
    findTeamAdministrators(deps.db),
    findPendingInvitations(deps.db, deps.clock.now()),
  ]);
  return { administrators: administrators.map(teamAdministrator), invitations: invitations.map(adminInvitation) };
}

function teamAdministrator(row: TeamAdministratorRow): TeamAdministrator {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.admin_role,
    status: row.admin_status,
    totpEnabled: row.totp_enabled,
    lastLogin: row.last_login_at?.toISOString() ?? null,
    invitedBy: inviter(row),
  };
}

export function adminInvitation(row: PendingInvitationRow): AdminInvitation {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    expiresAt: row.expires_at.toISOString(),
    invitedBy: inviter(row),
  };
}

function inviter(row: InviterColumns): TeamAdministrator['invitedBy'] {
  if (!row.inviter_id) return null;
  return {
    _id: row.inviter_id,
    firstName: row.inviter_first_name ?? '',
    lastName: row.inviter_last_name ?? '',
    email: row.inviter_email ?? '',
  };
}
