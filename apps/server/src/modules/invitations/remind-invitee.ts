import { errorTexts } from '@uplink/contract/error-codes';
import { invitationTexts } from '@uplink/contract/invitation-texts';
import { type Reminder, reminderSteps } from '@uplink/contract/invitations';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import { mailMoment } from '../mail/mail-layout';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { invitationReminderNotice } from '../notifications/notice-mails';
import { listUnsubscribeHeaders, unsubscribePageUrl } from '../notifications/notice-unsubscribe';
import { findInviteeOf, findRemindersOfLastDay, lockSponsorReminders, recordReminder } from './invitations-repository';
import { inviteeNeedsOf, reminderWithheld } from './invitee-record';
import { reminderHold } from './reminder-limits';

/**
 * The sponsor reminds one of their level-1 invitees of the next step their stage asks for: one
 * notice from the outbox, with its unsubscribe link. Decided under the sponsor's lock, so two
 * reminders at once cannot both pass a limit; the reminder, its mail and its audit row are written
 * in one transaction. Another member's invitee is not found (404), as is anyone else.
 */
export async function remindInvitee(
  deps: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailWorker'>,
  sponsor: { id: string; firstName: string },
  inviteeId: string,
  requestId: string,
): Promise<Reminder> {
  if (!isUuid(inviteeId)) throw new DomainError('INVITEE_NOT_FOUND', errorTexts.INVITEE_NOT_FOUND);
  const now = deps.clock.now();
  const reminder = await deps.db.transaction().execute(async (trx) => {
    await lockSponsorReminders(trx, sponsor.id);
    const invitee = await findInviteeOf(trx, sponsor.id, inviteeId);
    if (!invitee) throw new DomainError('INVITEE_NOT_FOUND', errorTexts.INVITEE_NOT_FOUND);
    const withheld = reminderWithheld(invitee);
    if (withheld === invitationTexts.unsubscribed) {
      throw new DomainError('INVITEE_UNSUBSCRIBED', errorTexts.INVITEE_UNSUBSCRIBED);
    }
    if (withheld) throw new DomainError('REMINDER_NOT_NEEDED', `${errorTexts.REMINDER_NOT_NEEDED} (${withheld}.)`);
    const hold = reminderHold(invitee.last_reminded_at, await findRemindersOfLastDay(trx, sponsor.id, now), now);
    if (hold) {
      throw new DomainError(
        'REMINDER_TOO_SOON',
        `${hold.limit === 'INVITEE' ? 'You reminded this member less than 72 hours ago' : 'You sent 20 reminders in the last 24 hours'}. ${invitationTexts.reminderTooSoon(mailMoment(hold.allowedAt))}`,
        {
          data: { allowedAt: hold.allowedAt.toISOString(), limit: hold.limit },
          retryAfterSeconds: (hold.allowedAt.getTime() - now.getTime()) / 1000,
        },
      );
    }
    const stage = invitee.stage as Exclude<typeof invitee.stage, 'EARNING'>;
    const step = reminderSteps[stage];
    const id = await recordReminder(trx, { sponsorId: sponsor.id, inviteeId, stage, sentAt: now });
    const settings = { fee: deps.config.subscription.fee, minimumBalance: deps.config.exchange.minimumBalance };
    await enqueueMail(
      trx,
      invitee.email,
      invitationReminderNotice(deps.config.publicUrl, {
        firstName: invitee.first_name,
        sponsorFirstName: sponsor.firstName,
        step,
        needs: inviteeNeedsOf(invitee, settings),
        unsubscribePage: unsubscribePageUrl(deps.config, inviteeId, 'invitationReminder'),
      }),
      {
        headers: listUnsubscribeHeaders(deps.config, inviteeId, 'invitationReminder'),
        eventKey: `invitation-reminder:${id}`,
      },
    );
    await recordAdminAction(
      trx,
      {
        actorId: sponsor.id,
        action: 'INVITATION_REMINDER_SENT',
        targetType: 'USER',
        targetId: inviteeId,
        after: { reminderId: id, stage, nextStep: step.step },
        requestId,
      },
      now,
    );
    return { inviteeId, sentAt: now.toISOString(), nextStep: step.step };
  });
  deps.mailWorker.wake();
  const next = reminderHold(now, [], now);
  return { ...reminder, remindableAt: (next?.allowedAt ?? now).toISOString() };
}
