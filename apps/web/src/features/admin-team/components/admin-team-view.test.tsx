import { screen, within } from '@testing-library/react';
import { adminTeamTexts } from '@uplink/contract/admin-roles';
import {
  type AdminInvitation,
  type AdminTeam,
  adminInvitationRequestSchema,
  adminInvitationSchema,
  adminRoleChangeSchema,
  adminTeamSchema,
  type TeamAdministrator,
} from '@uplink/contract/admin-team';
import { errorTexts } from '@uplink/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator } from '../../../testing/sample-data';
import { AdminTeamView } from './admin-team-view';

const root = { _id: 'admin-1', firstName: 'Root', lastName: 'Admin', email: 'admin@uplink.test' };

function anAdministratorOnTheTeam(change: Partial<TeamAdministrator> = {}): TeamAdministrator {
  return {
    _id: 'admin-2',
    email: 'fay@example.com',
    firstName: 'Fay',
    lastName: 'Nance',
    role: 'FINANCE',
    status: 'ACTIVE',
    totpEnabled: true,
    lastLogin: '2026-03-02T10:00:00.000Z',
    invitedBy: root,
    ...change,
  };
}

function anInvitation(change: Partial<AdminInvitation> = {}): AdminInvitation {
  return {
    _id: 'invitation-1',
    email: 'sue@example.com',
    firstName: 'Sue',
    lastName: 'Port',
    role: 'SUPPORT',
    expiresAt: '2026-03-05T10:00:00.000Z',
    invitedBy: root,
    ...change,
  };
}

/** The team screen of the root owner; `team.current` is the team as the server now has it. */
function showTeam(initial: Partial<AdminTeam> = {}) {
  const team = {
    current: {
      administrators: [
        anAdministratorOnTheTeam({ ...root, role: 'OWNER', invitedBy: null, totpEnabled: false }),
        anAdministratorOnTheTeam(),
      ],
      invitations: [anInvitation()],
      ...initial,
    } satisfies AdminTeam,
  };
  onApi('get', '/admin/team', { response: adminTeamSchema }, () => team.current);
  return { team, ...renderScreen(<AdminTeamView />, { path: '/admin/team', signedInAs: anAdministrator() }) };
}

describe('the team screen', () => {
  it('lists each administrator with role, status, second factor and inviter, and the pending invitations', async () => {
    showTeam();
    const administrators = await screen.findByRole('table', { name: 'Administrators' });
    const [, ownRow, fayRow] = within(administrators).getAllByRole('row');
    expect(ownRow?.textContent).toContain('You');
    expect(ownRow?.textContent).toContain('Owner');
    expect(ownRow?.textContent).toContain('Created at setup');
    // Nobody changes their own role or access: the owner's own row offers nothing.
    expect(within(ownRow as HTMLElement).queryAllByRole('button')).toEqual([]);
    expect(fayRow?.textContent).toMatch(/Fay Nance.*fay@example\.com.*Finance.*Active.*2FA on.*Root Admin/);
    const invitations = screen.getByRole('table', { name: 'Pending invitations' });
    expect(within(invitations).getByText('sue@example.com')).toBeTruthy();
    expect(within(invitations).getByText('Support')).toBeTruthy();
  });

  it('invites an administrator: the form, a confirmation naming them, then the invitation listed', async () => {
    const { team, user } = showTeam({ invitations: [] });
    const sent: unknown[] = [];
    onApi(
      'post',
      '/admin/team/invitations',
      { request: adminInvitationRequestSchema, response: adminInvitationSchema },
      ({ body }) => {
        sent.push(body);
        const invitation = anInvitation({ ...body, _id: 'invitation-2' });
        team.current = { ...team.current, invitations: [invitation] };
        return invitation;
      },
    );
    await user.click(await screen.findByRole('button', { name: adminTeamTexts.invite }));
    const form = screen.getByRole('dialog', { name: adminTeamTexts.invite });
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    // The contract's own rules, each under its field; nothing is sent.
    expect(within(form).getAllByRole('alert').length).toBeGreaterThanOrEqual(3);
    await user.type(within(form).getByLabelText('First name'), 'Fin');
    await user.type(within(form).getByLabelText('Last name'), 'Ance');
    await user.type(within(form).getByLabelText('Email address'), 'fin@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'FINANCE');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    const confirm = screen.getByRole('dialog', { name: 'Send this invitation?' });
    expect(confirm.textContent).toContain(adminTeamTexts.confirmInvite('fin@example.com', 'FINANCE'));
    expect(sent).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText(adminTeamTexts.invited)).toBeTruthy();
    expect(sent).toEqual([{ firstName: 'Fin', lastName: 'Ance', email: 'fin@example.com', role: 'FINANCE' }]);
    const invitations = screen.getByRole('table', { name: 'Pending invitations' });
    expect(await within(invitations).findByText('fin@example.com')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps a refused invitation in its confirmation, in the server's words", async () => {
    const { user } = showTeam();
    onApi('post', '/admin/team/invitations', { request: adminInvitationRequestSchema }, () =>
      refusal(409, 'ADMIN_INVITATION_EXISTS', errorTexts.ADMIN_INVITATION_EXISTS),
    );
    await user.click(await screen.findByRole('button', { name: adminTeamTexts.invite }));
    const form = screen.getByRole('dialog', { name: adminTeamTexts.invite });
    await user.type(within(form).getByLabelText('First name'), 'Sue');
    await user.type(within(form).getByLabelText('Last name'), 'Port');
    await user.type(within(form).getByLabelText('Email address'), 'sue@example.com');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    const confirm = screen.getByRole('dialog', { name: 'Send this invitation?' });
    await user.click(within(confirm).getByRole('button', { name: 'Send invitation' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(errorTexts.ADMIN_INVITATION_EXISTS);
  });

  it('changes a role after a confirmation that names the administrator and the new role', async () => {
    const { team, user } = showTeam();
    const sent: unknown[] = [];
    onApi('put', '/admin/team/:id', { request: adminRoleChangeSchema }, ({ body, params }) => {
      sent.push({ id: params.id, ...body });
      team.current = {
        ...team.current,
        administrators: team.current.administrators.map((administrator) =>
          administrator._id === params.id ? { ...administrator, role: body.role } : administrator,
        ),
      };
      return null;
    });
    await user.click(await screen.findByRole('button', { name: 'Change the role of Fay Nance' }));
    const confirm = screen.getByRole('dialog', { name: "Change this administrator's role?" });
    expect(within(confirm).getByText('Fay Nance')).toBeTruthy();
    expect(within(confirm).getByText('fay@example.com')).toBeTruthy();
    await user.selectOptions(within(confirm).getByLabelText('New role'), 'ANALYST');
    expect(confirm.textContent).toContain(adminTeamTexts.confirmRoleChange('Fay Nance', 'ANALYST'));
    await user.click(within(confirm).getByRole('button', { name: 'Make Analyst' }));

    expect(await screen.findByText(adminTeamTexts.roleChanged)).toBeTruthy();
    expect(sent).toEqual([{ id: 'admin-2', role: 'ANALYST' }]);
    const table = screen.getByRole('table', { name: 'Administrators' });
    expect(await within(table).findByText('Analyst')).toBeTruthy();
  });

  it("suspends only after confirming, and a refusal stays in the dialog in the server's words", async () => {
    const { user } = showTeam();
    onApi('post', '/admin/team/:id/suspend', {}, () => refusal(409, 'LAST_OWNER', errorTexts.LAST_OWNER));
    await user.click(await screen.findByRole('button', { name: 'Suspend Fay Nance' }));
    const confirm = screen.getByRole('dialog', { name: 'Suspend this administrator?' });
    expect(confirm.textContent).toContain(adminTeamTexts.confirmSuspend('Fay Nance'));
    await user.click(within(confirm).getByRole('button', { name: 'Suspend Fay Nance' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(errorTexts.LAST_OWNER);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reinstates a suspended administrator and removes another, each confirmed', async () => {
    const { team, user } = showTeam({
      administrators: [anAdministratorOnTheTeam({ status: 'SUSPENDED' }), anAdministratorOnTheTeam({ _id: 'admin-3' })],
    });
    const calls: string[] = [];
    onApi('post', '/admin/team/:id/reinstate', {}, ({ params }) => {
      calls.push(`reinstate ${params.id}`);
      team.current = {
        ...team.current,
        administrators: team.current.administrators.map((administrator) => ({ ...administrator, status: 'ACTIVE' })),
      };
      return null;
    });
    onApi('delete', '/admin/team/:id', {}, ({ params }) => {
      calls.push(`remove ${params.id}`);
      return null;
    });
    const [reinstate] = await screen.findAllByRole('button', { name: 'Reinstate Fay Nance' });
    await user.click(reinstate as HTMLElement);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reinstate this administrator?' })).getByRole('button', {
        name: 'Reinstate Fay Nance',
      }),
    );
    expect(await screen.findByText(adminTeamTexts.reinstated)).toBeTruthy();

    const removes = await screen.findAllByRole('button', { name: 'Remove Fay Nance' });
    await user.click(removes[1] as HTMLElement);
    const confirm = screen.getByRole('dialog', { name: 'Remove this administrator?' });
    expect(confirm.textContent).toContain(adminTeamTexts.confirmRemove('Fay Nance'));
    await user.click(within(confirm).getByRole('button', { name: 'Remove Fay Nance' }));
    expect(await screen.findByText(adminTeamTexts.removed)).toBeTruthy();
    expect(calls).toEqual(['reinstate admin-2', 'remove admin-3']);
  });

  it('revokes a pending invitation after a confirmation naming its address', async () => {
    const { team, user } = showTeam();
    onApi('delete', '/admin/team/invitations/:id', {}, ({ params }) => {
      team.current = { ...team.current, invitations: team.current.invitations.filter(({ _id }) => _id !== params.id) };
      return null;
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation to sue@example.com' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke this invitation?' });
    expect(confirm.textContent).toContain(adminTeamTexts.confirmRevoke('sue@example.com'));
    await user.click(within(confirm).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText(adminTeamTexts.revoked)).toBeTruthy();
    expect(await screen.findByText(adminTeamTexts.noInvitations)).toBeTruthy();
  });
});
