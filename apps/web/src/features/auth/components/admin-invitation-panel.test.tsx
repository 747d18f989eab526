import { screen } from '@testing-library/react';
import { adminTeamTexts } from '@uplink/contract/admin-roles';
import { adminInvitationAcceptedSchema, adminInvitationAcceptSchema } from '@uplink/contract/admin-team';
import { resetPasswordMessages } from '@uplink/contract/password-rules';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { AdminInvitationPanel } from './admin-invitation-panel';

const strong = 'Team!Pass123';

describe("an invited administrator's first visit", () => {
  it('asks for the password under the reset rules, then leads to sign-in', async () => {
    const sent: unknown[] = [];
    onApi(
      'post',
      '/admin/team/invitations/accept',
      { request: adminInvitationAcceptSchema, response: adminInvitationAcceptedSchema },
      ({ body }) => {
        sent.push(body);
        return { email: 'fin@example.com' };
      },
    );
    const { user } = renderScreen(<AdminInvitationPanel token="invitation-token" />);
    expect(screen.getByRole('heading', { name: adminTeamTexts.invitationTitle })).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), strong);
    await user.type(screen.getByLabelText('Confirm password'), 'Team!Pass124');
    expect(screen.getByText(resetPasswordMessages.mismatch)).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), strong);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText(adminTeamTexts.invitationAccepted)).toBeTruthy();
    expect(screen.getByText('fin@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to Sign In' }).getAttribute('href')).toBe('/signin');
    expect(sent).toEqual([{ token: 'invitation-token', password: strong, confirmPassword: strong }]);
  });

  it("says in the server's words that a used, revoked or expired link no longer works", async () => {
    onApi('post', '/admin/team/invitations/accept', { request: adminInvitationAcceptSchema }, () =>
      refusal(400, 'INVALID_OR_EXPIRED_TOKEN', 'This invitation link was used, revoked or has expired.'),
    );
    const { user } = renderScreen(<AdminInvitationPanel token="used-token" />);
    await user.type(screen.getByLabelText('Password'), strong);
    await user.type(screen.getByLabelText('Confirm password'), strong);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link was used, revoked or has expired.',
    );
  });

  it('says so when the link has no token', () => {
    renderScreen(<AdminInvitationPanel token={null} />);
    expect(screen.getByRole('alert').textContent).toBe(adminTeamTexts.invitationMissingToken);
  });
});
