import { screen, within } from '@testing-library/react';
import { type FailedMail, failedMailsSchema, failedMailTexts, resentMailSchema } from '@uplink/contract/admin-mail';
import type { AdminRole } from '@uplink/contract/admin-roles';
import { errorTexts } from '@uplink/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator } from '../../../testing/sample-data';
import AdminMailPage from './mail';

const code: FailedMail = {
  _id: 'mail-1',
  kind: 'withdrawal-code',
  subject: 'Your withdrawal code',
  recipient: 'jane.doe@example.com',
  recipientMasked: false,
  attempts: 6,
  lastError: 'connect ECONNREFUSED',
  failedAt: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-02T10:30:00.000Z',
  canResend: true,
};

/** The screen as `role` sees it, listing `mails` until one is sent again. */
function listing(role: AdminRole, mails: FailedMail[]) {
  let listed = mails;
  onApi('get', '/admin/mail/failed', { response: failedMailsSchema }, () => ({
    mails: listed,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      limit: 20,
      totalRecords: listed.length,
      hasNextPage: false,
      hasPrevPage: false,
      resultsCount: listed.length,
    },
  }));
  const rendered = renderScreen(<AdminMailPage />, { path: '/admin/mail', signedInAs: anAdministrator({}, role) });
  return { ...rendered, drop: (id: string) => (listed = listed.filter((mail) => mail._id !== id)) };
}

describe('the failed-mail screen', () => {
  it('sends a mail again after its confirmation, and the list no longer holds it', async () => {
    const { user, drop } = listing('SUPPORT', [code]);
    const sent: string[] = [];
    onApi('post', '/admin/mail/:id/resend', { response: resentMailSchema }, ({ params }) => {
      sent.push(String(params.id));
      drop(String(params.id));
      return { _id: String(params.id), status: 'PENDING' as const, attempts: 0 };
    });
    await user.click(await screen.findByRole('button', { name: failedMailTexts.resend }));
    const dialog = screen.getByRole('dialog', { name: 'Send this e-mail again?' });
    await user.click(within(dialog).getByRole('button', { name: failedMailTexts.resend }));
    expect((await screen.findByRole('status')).textContent).toContain(failedMailTexts.resent);
    expect(sent).toEqual(['mail-1']);
    expect(await screen.findByText(failedMailTexts.empty)).toBeTruthy();
  });

  it('shows a refusal in the dialog, which stays open', async () => {
    const { user } = listing('OWNER', [code]);
    onApi('post', '/admin/mail/:id/resend', { response: resentMailSchema }, () =>
      refusal(409, 'MAIL_CONTENT_EXPIRED', errorTexts.MAIL_CONTENT_EXPIRED),
    );
    await user.click(await screen.findByRole('button', { name: failedMailTexts.resend }));
    const dialog = screen.getByRole('dialog', { name: 'Send this e-mail again?' });
    await user.click(within(dialog).getByRole('button', { name: failedMailTexts.resend }));
    expect(await within(dialog).findByText(errorTexts.MAIL_CONTENT_EXPIRED)).toBeTruthy();
  });

  it('offers no Send again to a role without mail.resend, and says the recipients are masked', async () => {
    listing('ANALYST', [{ ...code, recipient: 'j•••@example.com', recipientMasked: true }]);
    expect(await screen.findAllByText('j•••@example.com')).not.toHaveLength(0);
    expect(screen.getByText(failedMailTexts.masked, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: failedMailTexts.resend })).toBeNull();
  });
});
