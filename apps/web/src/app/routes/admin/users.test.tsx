import { screen, within } from '@testing-library/react';
import { adminUsersSchema, memberStatusChangeSchema } from '@uplink/contract/admin-users';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { aListedMember, anAdministrator, aUsersPage } from '../../../testing/sample-data';
import AdminUsersPage from './users';

/** The users screen listing Ann Lee (ACTIVE); `member()` is Ann as the server now has her. */
function listAnn() {
  let ann = aListedMember();
  onApi('get', '/users/admin/all', { response: adminUsersSchema }, () => aUsersPage([ann]));
  const rendered = renderScreen(<AdminUsersPage />, { path: '/admin/users', signedInAs: anAdministrator() });
  const setAnn = (status: typeof ann.status) => {
    ann = { ...ann, status };
  };
  return { ...rendered, setAnn };
}

/** Edit, choose `status`, Update Status: the confirm dialog. */
async function chooseStatus(user: ReturnType<typeof listAnn>['user'], status: string) {
  await user.click(await screen.findByRole('button', { name: 'Edit the status of Ann Lee' }));
  const edit = screen.getByRole('dialog', { name: 'Edit user status' });
  await user.selectOptions(within(edit).getByLabelText('New status'), status);
  await user.click(within(edit).getByRole('button', { name: 'Update Status' }));
  return screen.getByRole('dialog', { name: 'Confirm status change' });
}

describe('changing a member status from the users list', () => {
  it('goes edit → confirm (from → to) → toast, and the list shows the new status', async () => {
    const { user, setAnn } = listAnn();
    const sent: unknown[] = [];
    onApi(
      'put',
      '/users/:id/status',
      { request: memberStatusChangeSchema, response: memberStatusChangeSchema },
      ({ body, params }) => {
        sent.push({ id: params.id, ...body });
        setAnn(body.status);
        return body;
      },
    );
    const confirm = await chooseStatus(user, 'LOCKED');
    expect(within(confirm).getByText('Change the status of Ann Lee (UP1000042)?')).toBeTruthy();
    expect(within(confirm).getByText('From').parentElement?.textContent).toBe('FromACTIVEtoLOCKED');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect((await screen.findByRole('status')).textContent).toContain('User status updated to LOCKED successfully!');
    expect(sent).toEqual([{ id: 'member-1', status: 'LOCKED' }]);
    const table = screen.getByRole('table', { name: 'Users' });
    expect(await within(table).findByText('LOCKED')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refusal closes the dialogs, keeps its reason on screen and says the update failed', async () => {
    const { user } = listAnn();
    onApi('put', '/users/:id/status', { request: memberStatusChangeSchema, response: memberStatusChangeSchema }, () =>
      refusal(409, 'INVALID_STATUS', 'The last active administrator cannot be locked or disabled.'),
    );
    await user.click(within(await chooseStatus(user, 'DISABLED')).getByRole('button', { name: 'Confirm' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'The last active administrator cannot be locked or disabled.',
      expect.stringContaining('Failed to update user status'),
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('risk marks in the users list', () => {
  it('marks a held member Held and a member a lower event names Under review, naming the rules for screen readers', async () => {
    onApi('get', '/users/admin/all', { response: adminUsersSchema }, () =>
      aUsersPage([
        aListedMember({ risk: { severity: 'HIGH', held: true, openEvents: 1, rules: ['EMAIL_ALIAS'] } }),
        aListedMember({
          _id: 'member-2',
          firstName: 'Bob',
          risk: { severity: 'MEDIUM', held: false, openEvents: 1, rules: ['REGISTRATION_BURST'] },
        }),
        aListedMember({ _id: 'member-3', firstName: 'Cat' }),
      ]),
    );
    renderScreen(<AdminUsersPage />, { path: '/admin/users', signedInAs: anAdministrator() });
    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Held (risk: E-mail alias)');
    expect(rows[1]?.textContent).toContain('Under review (risk: Registration burst)');
    expect(rows[2]?.textContent).not.toMatch(/Held|Under review/);
  });
});
