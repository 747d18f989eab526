import { expect, type Page, test } from '@playwright/test';
import { type FailedMail, failedMailTexts } from '@uplink/contract/admin-mail';
import { errorTexts } from '@uplink/contract/error-codes';
import { e2eAdmin } from '../playwright.config';
import { expectNoViolations } from '../support/accessibility';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';

/**
 * The failed-mail screen. The browser's server delivers into its local mailbox, which never fails,
 * so the list is answered here (two failed mails: a code still good, one expired); the resend of
 * the good one goes to the real server, whose refusal of an id it does not hold shows in the
 * dialog, and then once more answered here as a success. The API itself is tested over HTTP in
 * apps/server/src/modules/mail/failed-mail.test.ts.
 */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const resendable: FailedMail = {
  _id: '7b0c6a55-1d2e-4f3a-9b8c-0d1e2f3a4b5c',
  kind: 'withdrawal-code',
  subject: 'Your withdrawal code',
  recipient: 'jane.doe@example.com',
  recipientMasked: false,
  attempts: 6,
  lastError: 'connect ECONNREFUSED 10.0.0.25:587',
  failedAt: minutesAgo(4),
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  canResend: true,
};
const expired: FailedMail = {
  ...resendable,
  _id: '8c1d7b66-2e3f-4a4b-8c9d-1e2f3a4b5c6d',
  kind: 'password-reset',
  subject: 'Reset your Uplink password',
  recipient: 'sam.long-address.example@mailbox.example.org',
  failedAt: minutesAgo(95),
  expiresAt: minutesAgo(30),
  canResend: false,
};

async function answerList(page: Page, mails: FailedMail[]) {
  await page.route('**/api/admin/mail/failed?*', (route) =>
    route.fulfill({
      json: {
        success: true,
        data: {
          mails,
          pagination: {
            currentPage: 1,
            totalPages: 1,
            limit: 20,
            totalRecords: mails.length,
            hasNextPage: false,
            hasPrevPage: false,
            resultsCount: mails.length,
          },
        },
      },
    }),
  );
}

test('an administrator sees the failed e-mails and sends one again after confirming', async ({ page }) => {
  await signInAs(page, e2eAdmin);
  await answerList(page, [resendable, expired]);
  await page.goto('/admin/mail');
  await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
  await expect(page.getByRole('heading', { name: failedMailTexts.title })).toBeVisible();
  await expect(page.getByText('jane.doe@example.com').first()).toBeVisible();
  await expect(page.getByText(failedMailTexts.expired).first()).toBeVisible();
  await expect(page.getByRole('button', { name: failedMailTexts.resend })).toHaveCount(1);
  await expectNoViolations(page);
  await shoot(page, 'admin-failed-mail');

  await page.getByRole('button', { name: failedMailTexts.resend }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this e-mail again?' });
  await expect(
    dialog.getByText(failedMailTexts.confirmResend('withdrawal-code', 'jane.doe@example.com')),
  ).toBeVisible();
  await shoot(page, 'admin-failed-mail-confirm', { fullPage: false });
  // The real server holds no such mail: its refusal shows in the dialog, which stays open.
  await dialog.getByRole('button', { name: failedMailTexts.resend }).click();
  await expect(dialog.getByText(errorTexts.MAIL_NOT_FOUND)).toBeVisible();

  await page.route('**/api/admin/mail/*/resend', (route) =>
    route.fulfill({ json: { success: true, data: { _id: resendable._id, status: 'PENDING', attempts: 0 } } }),
  );
  await page.unroute('**/api/admin/mail/failed?*');
  await answerList(page, [expired]);
  await dialog.getByRole('button', { name: failedMailTexts.resend }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(failedMailTexts.resent)).toBeVisible();
  await expect(page.getByText('jane.doe@example.com')).toHaveCount(0);
});
