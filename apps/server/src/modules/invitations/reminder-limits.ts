import { reminderIntervalHours, remindersPerDay } from '@uplink/contract/invitations';

const hour = 3_600_000;

export interface ReminderHold {
  allowedAt: Date;
  limit: 'INVITEE' | 'DAILY';
}

/**
 * @rule REMINDER_LIMITS: a sponsor reminds one invitee at most once in `reminderIntervalHours` and
 * sends at most `remindersPerDay` reminders in any 24 hours. Null when a reminder may go now;
 * otherwise the limit that holds it back and when it lets go (the later, when both hold).
 */
export function reminderHold(
  lastToInvitee: Date | null,
  sponsorsLastDay: readonly Date[],
  now: Date,
): ReminderHold | null {
  const holds: ReminderHold[] = [];
  if (lastToInvitee && lastToInvitee.getTime() + reminderIntervalHours * hour > now.getTime()) {
    holds.push({ allowedAt: new Date(lastToInvitee.getTime() + reminderIntervalHours * hour), limit: 'INVITEE' });
  }
  const recent = sponsorsLastDay.filter((sentAt) => sentAt.getTime() + 24 * hour > now.getTime());
  const oldestThatCounts = recent[recent.length - remindersPerDay];
  if (recent.length >= remindersPerDay && oldestThatCounts) {
    holds.push({ allowedAt: new Date(oldestThatCounts.getTime() + 24 * hour), limit: 'DAILY' });
  }
  return holds.sort((a, b) => b.allowedAt.getTime() - a.allowedAt.getTime())[0] ?? null;
}
