import { fullName } from '@uplink/contract/format';
import { invitationTexts } from '@uplink/contract/invitation-texts';
import { type Invitee, type InviteeStage, inviteeNeeds, inviteeStageLabels } from '@uplink/contract/invitations';
import { Decimal } from 'decimal.js';
import type { InviteeRow } from './invitations-repository';
import { type ReminderHold, reminderHold } from './reminder-limits';

export interface NeedsSettings {
  /** The subscription fee, USDT. */
  fee: string;
  /** The exchange balance the compliance line asks, USDT. */
  minimumBalance: string;
}

/** What the invitee still needs to do, in words; null once they are earning. */
export function inviteeNeedsOf(row: Pick<InviteeRow, 'stage' | 'bingx_kyc' | 'received'>, settings: NeedsSettings) {
  const fee = Number(settings.fee);
  switch (row.stage) {
    case 'REGISTERED':
    case 'SUBSCRIPTION_PAID':
    case 'ELIGIBLE':
      return inviteeNeeds[row.stage];
    case 'EMAIL_VERIFIED':
      return inviteeNeeds.EMAIL_VERIFIED(fee);
    case 'PARTLY_PAID':
      return inviteeNeeds.PARTLY_PAID(Decimal.max(new Decimal(settings.fee).minus(row.received), 0).toNumber(), fee);
    case 'UID_LINKED':
      return row.bingx_kyc === false ? inviteeNeeds.kycIncomplete : inviteeNeeds.balanceLow(settings.minimumBalance);
    case 'EARNING':
      return null;
  }
}

/** Why no reminder can go to the invitee at all (not a matter of time), or null. */
export function reminderWithheld(row: Pick<InviteeRow, 'stage' | 'status' | 'reminders_on'>): string | null {
  if (row.stage === 'EARNING') return invitationTexts.nothingToDo;
  if (row.status !== 'ACTIVE') return invitationTexts.notActive;
  if (!row.reminders_on) return invitationTexts.unsubscribed;
  return null;
}

/** The invitee as their sponsor sees them: who (as in the referral history), where they stand, what they need. */
export function inviteeRecord(
  row: InviteeRow,
  settings: NeedsSettings,
  sponsorsLastDay: readonly Date[],
  now: Date,
): Invitee {
  const withheld = reminderWithheld(row);
  const hold: ReminderHold | null = withheld ? null : reminderHold(row.last_reminded_at, sponsorsLastDay, now);
  return {
    _id: row.id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    name: fullName({ firstName: row.first_name, lastName: row.last_name }),
    email: row.email,
    status: row.status,
    joinedAt: row.joined_at.toISOString(),
    stage: row.stage,
    stageLabel: inviteeStageLabels[row.stage as InviteeStage],
    stageSince: row.stage_since.toISOString(),
    needs: inviteeNeedsOf(row, settings),
    remindableAt: withheld ? null : (hold?.allowedAt ?? now).toISOString(),
    reminderWithheld: withheld,
  };
}
