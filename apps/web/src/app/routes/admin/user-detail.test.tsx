import { screen, within } from '@testing-library/react';
import { adminUserDetailSchema } from '@uplink/contract/admin-users';
import { adminFunnelSchema } from '@uplink/contract/invitations';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { aMemberDetail, aMemberFunnel, anAdministrator } from '../../../testing/sample-data';
import AdminUserDetailPage from './user-detail';

/** The detail screen of `member`; the ids the server was asked to delete, and the funnels asked for. */
function openDetail(member = aMemberDetail()) {
  onApi('get', '/users/admin/:id', { response: adminUserDetailSchema }, () => member);
  const funnelsAskedFor: (string | null)[] = [];
  onApi('get', '/admin/reports/funnel', { response: adminFunnelSchema }, ({ url }) => {
    funnelsAskedFor.push(url.searchParams.get('memberId'));
    return aMemberFunnel(member._id);
  });
  const deleted: unknown[] = [];
  onApi('delete', '/users/admin/:id', {}, ({ params }) => {
    deleted.push(params.id);
    return null;
  });
  const rendered = renderScreen(<AdminUserDetailPage />, {
    path: '/admin/users/:id',
    at: `/admin/users/${member._id}`,
    signedInAs: anAdministrator(),
  });
  return { ...rendered, deleted, funnelsAskedFor };
}

describe("the member's invitation funnel on their detail", () => {
  it("shows their link's funnel, asked for by the member's id", async () => {
    const { funnelsAskedFor } = openDetail();
    const funnel = await screen.findByRole('list', { name: "Invitation funnel of this member's link" });
    expect(within(funnel).getByText('Link visits').closest('li')?.textContent).toContain('5');
    expect(funnel.textContent).toContain('20% of link visits');
    expect(funnel.textContent).toContain('50% of registered');
    expect(funnel.textContent).toContain('100% of e-mail verified');
    expect(funnelsAskedFor).toEqual(['member-1']);
  });
});

describe('deleting a member from their detail', () => {
  it('confirms what a soft delete does, naming the member and their money, deletes, and goes back with its toast', async () => {
    const { user, deleted } = openDetail(aMemberDetail({ lockedRewards: 3.5 }));
    await user.click(await screen.findByRole('button', { name: 'Delete member' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Ann Lee?' });
    expect(dialog.textContent).toContain('Ann Lee · UP1000042');
    expect(dialog.textContent).toContain('12.50 USDT');
    expect(dialog.textContent).toContain('Their locked rewards of 3.50 USDT are forfeited');
    expect(within(dialog).getByText(/soft delete and cannot be undone/)).toBeTruthy();
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Ann Lee' }));

    const elsewhere = await screen.findByRole('status', { name: 'Elsewhere' });
    expect(elsewhere.textContent).toBe('/admin/users {"toast":{"text":"User deleted successfully","tone":"success"}}');
    expect(deleted).toEqual(['member-1']);
  });

  it('says a pending withdrawal must be decided first and sends nothing', async () => {
    const { user, deleted } = openDetail(aMemberDetail({ pendingWithdrawals: 20, balance: 0 }));
    await user.click(await screen.findByRole('button', { name: 'Delete member' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Ann Lee?' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "Decide the member's pending withdrawals before deleting them.",
    );
    const confirm = within(dialog).getByRole('button', { name: 'Delete Ann Lee' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.click(confirm);
    expect(deleted).toEqual([]);
  });

  it('offers neither delete nor status change on the administrator themselves', async () => {
    openDetail(aMemberDetail({ _id: 'admin-1', isAdmin: true, firstName: 'Root', lastName: 'Admin' }));
    expect(await screen.findByRole('heading', { name: 'Root Admin' })).toBeTruthy();
    expect(screen.getByText('You')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
  });
});
