import { type FailedMails, type failedMailsQuerySchema, maskEmail } from '@uplink/contract/admin-mail';
import { type AdminRole, can } from '@uplink/contract/admin-roles';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { readAdminListPage } from '../../db/list-page';
import { countFailedMail, findFailedMailPage } from './failed-mail-repository';

/**
 * The failed mail, newest failure first. The recipient is shown in full only to a role that works
 * on members' accounts (`members.manage`); every other role sees it masked.
 * @rule FAILED_MAIL_RECIPIENT_MASKED
 */
export async function viewFailedMail(
  deps: Pick<AppContext, 'db'>,
  role: AdminRole | null,
  query: z.output<typeof failedMailsQuerySchema>,
): Promise<FailedMails> {
  const { rows, pagination } = await readAdminListPage(
    query,
    (window) => findFailedMailPage(deps.db, window),
    () => countFailedMail(deps.db),
  );
  const fullRecipient = role !== null && can(role, 'members.manage');
  return {
    mails: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      subject: row.subject,
      recipient: fullRecipient ? row.to_address : maskEmail(row.to_address),
      recipientMasked: !fullRecipient,
      attempts: row.attempts,
      lastError: row.last_error,
      failedAt: (row.failed_at ?? new Date(0)).toISOString(),
      expiresAt: row.expires_at?.toISOString() ?? null,
      canResend: row.content_valid,
    })),
    pagination,
  };
}
