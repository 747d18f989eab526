import type { ResentMail } from '@uplink/contract/admin-mail';
import { errorTexts } from '@uplink/contract/error-codes';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { lockMail, requeueMail } from './failed-mail-repository';

const notFound = () => new DomainError('MAIL_NOT_FOUND', errorTexts.MAIL_NOT_FOUND);

/**
 * An administrator sends a FAILED mail again: back in the outbox, due now, with fresh attempts, in
 * one transaction with its audit row. Only a FAILED mail (MAIL_NOT_FAILED otherwise, so of two
 * clicks at once one queues it and the other is refused) whose link or code still works
 * (MAIL_CONTENT_EXPIRED: a dead link helps nobody; the member asks for a new one).
 * @rule FAILED_MAIL_RESEND
 */
export async function resendFailedMail(
  deps: Pick<AppContext, 'db' | 'clock' | 'mailWorker'>,
  administrator: RequestingAdministrator,
  mailId: string,
): Promise<ResentMail> {
  if (!isUuid(mailId)) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    const mail = await lockMail(trx, mailId);
    if (!mail) throw notFound();
    if (mail.status !== 'FAILED') throw new DomainError('MAIL_NOT_FAILED', errorTexts.MAIL_NOT_FAILED);
    if (!mail.content_valid) throw new DomainError('MAIL_CONTENT_EXPIRED', errorTexts.MAIL_CONTENT_EXPIRED);
    await requeueMail(trx, mailId);
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'MAIL_RESENT',
        targetType: 'MAIL',
        targetId: mailId,
        before: { status: 'FAILED', kind: mail.kind, attempts: mail.attempts, lastError: mail.last_error },
        after: { status: 'PENDING', attempts: 0 },
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      deps.clock.now(),
    );
  });
  deps.mailWorker.wake();
  return { _id: mailId, status: 'PENDING', attempts: 0 };
}
