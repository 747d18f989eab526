import type { NoticeKind } from '@uplink/contract/notifications';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context';
import {
  adminDigestEvents,
  cycleSummaryEvents,
  forfeitWarningEvents,
  rewardLockedEvents,
  subscriptionEndingEvents,
} from './notice-events-repository';
import {
  adminDigestNotice,
  cycleSummaryNotice,
  forfeitWarningNotice,
  rewardLockedNotice,
  subscriptionEndingNotice,
} from './notice-mails';
import { type NoticeBatch, writeNoticeBatch } from './notice-outbox-repository';
import { unsubscribeKeyPads, unsubscribeMailto, unsubscribePagePath, unsubscribePath } from './notice-unsubscribe';

type NoticeDeps = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** Days before the forfeit at which a locked reward's owner is warned. */
export const forfeitWarningDays = [7, 1] as const;
/** Days before a subscription ends at which its member is reminded. */
export const subscriptionReminderDays = [14, 3] as const;

/**
 * Finds every event due for a notice since the previous run and writes its mail into the outbox,
 * one INSERT … SELECT per kind of event (see `writeNoticeBatch`): the reward-locked notices, the
 * forfeit warnings, the cycle summaries, the subscription reminders and the administrators' digest.
 * Run by the `notices` job under the job lock; a run that stops halfway is taken up by the next.
 */
export async function writeDueNotices(deps: NoticeDeps): Promise<Record<string, number>> {
  const now = deps.clock.now();
  const signing = {
    url: new URL(unsubscribePath, deps.config.publicUrl).toString(),
    pageUrl: new URL(unsubscribePagePath, deps.config.publicUrl).toString(),
    mailto: (kind: NoticeKind) => unsubscribeMailto(deps.config.unsubscribeMailbox, kind),
    pads: unsubscribeKeyPads(deps.config.keys.codeHmac),
  };
  const written: Record<string, number> = {};
  for (const batch of noticeBatches(deps)) {
    written[batch.job] = await writeNoticeBatch(deps.db, batch, signing, now);
  }
  return written;
}

function noticeBatches(deps: NoticeDeps): NoticeBatch[] {
  const { publicUrl } = deps.config;
  const minimumBalance = deps.config.exchange.minimumBalance;
  const lockFields = ['firstName', 'amount', 'deadline', 'reason'] as const;
  return [
    {
      job: 'reward-locked',
      kind: 'rewardLocked',
      template: rewardLockedNotice(publicUrl),
      fields: lockFields,
      events: (window) => rewardLockedEvents(window, minimumBalance),
    },
    ...forfeitWarningDays.map(
      (days): NoticeBatch => ({
        job: `forfeit-warning-${days}`,
        kind: 'forfeitWarning',
        template: forfeitWarningNotice(publicUrl, days === 1),
        fields: lockFields,
        // The warning is due when the lock is `days` from its forfeit: a lock whose later warning is
        // already due (a pause of the job) gets only that one.
        events: (window) => {
          const laterWarning = forfeitWarningDays.find((later) => later < days);
          return forfeitWarningEvents(window, minimumBalance, days, laterWarning ?? 0);
        },
      }),
    ),
    ...subscriptionReminderDays.map(
      (days): NoticeBatch => ({
        job: `subscription-ending-${days}`,
        kind: 'subscriptionEnding',
        template: subscriptionEndingNotice(publicUrl),
        fields: ['firstName', 'endsAt'],
        events: (window) => {
          const laterReminder = subscriptionReminderDays.find((later) => later < days) ?? 0;
          return subscriptionEndingEvents(window, days, laterReminder);
        },
      }),
    ),
    {
      job: 'cycle-summary',
      kind: 'cycleSummary',
      template: cycleSummaryNotice(publicUrl),
      fields: ['firstName', 'cycle', 'exact', 'carriedIn', 'credited', 'locked', 'carried'],
      events: cycleSummaryEvents,
    },
    {
      job: 'admin-digest',
      kind: null,
      template: adminDigestNotice(publicUrl),
      fields: [
        'firstName',
        'pendingCount',
        'pendingTotal',
        'flaggedCount',
        'unmatchedCount',
        'unmatchedList',
        'riskCount',
        'riskList',
      ],
      period: sql`interval '1 day'`,
      events: adminDigestEvents,
    },
  ];
}
